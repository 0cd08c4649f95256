import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { sent } from '../test/arrange';

/**
 * A deployment without a translation service (TRANSLATE_URL unset: /translate answers 503): the
 * page it serves says so (no `wordhoard:translation` tag), so nothing asks for suggestions and
 * nothing promises them. With one, EditWordsPage.test.tsx shows them.
 */
describe('Without a translation service', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  it('the word editor never asks /translate and shows no suggestions', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser);
    const { user, queryClient } = await renderApp({
      path: `/dictionaries/${dictionary.id}/words/edit`,
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await user.click(await screen.findByRole('button', { name: 'Add word' }));
    const row = within(screen.getByTestId('word-row'));
    await user.type(row.getByLabelText('Term'), 'owl');

    // Typing has paused: the editor looked "owl" up, and the look-up stayed idle.
    await waitFor(() => {
      const lookup = queryClient.getQueryCache().find({ queryKey: ['translate', 'en', 'de', 'owl'] });
      expect(lookup?.state.fetchStatus).toBe('idle');
    });
    expect(sent(browser, 'GET', '/api/translate/')).toEqual([]);
    expect(row.queryByText('Looking for translations…')).not.toBeInTheDocument();
    expect(row.queryByText('Suggestions:')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the landing page promises no suggestions', async () => {
    await renderApp({ path: '/', apiUrl: server.apiUrl, fetch: browser.fetch });

    expect(await screen.findByRole('heading', { name: 'Build your dictionaries' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/suggestion/i);
  });
});
