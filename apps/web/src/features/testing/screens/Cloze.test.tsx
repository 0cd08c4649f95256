import { screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, TesterOptions } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { memberWithDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';

/** Cloze questions (decision 0060), from the tester's option to the report, on the real server. */
describe('cloze test', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let dictionary: Dictionary;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    ({ browser, dictionary } = await memberWithDictionary(server, [
      { term: 'cat', definitions: ['Katze'], examples: ['The cat sleeps on the mat.', 'Cats purr.'] },
      { term: 'run', definitions: ['laufen'], examples: ['She runs every morning.'] },
      // No sentence holds "dog": not asked.
      { term: 'dog', definitions: ['Hund'], examples: ['A hound barks.'] },
    ]));
  });
  afterEach(() => {
    window.sessionStorage.clear();
  });

  const created = () =>
    browser.requests
      .filter((request) => request.method === 'POST' && request.url === '/api/tester')
      .map((request) => JSON.parse(request.body) as TesterOptions);

  it('asks a sentence with the term blanked, shows the examples after a check and in the report, never beside the next question', async () => {
    const { user, router } = await renderApp({
      path: '/createTester',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    const cloze = await screen.findByRole('checkbox', { name: 'Fill in the blanks (cloze)' });
    expect(cloze).toHaveAccessibleDescription(/Each word is asked in one of its example sentences/);
    await user.click(cloze);
    // The swap option makes no difference then, and says so.
    expect(screen.getByRole('checkbox', { name: 'Swap terms and definitions' })).toHaveAccessibleDescription(
      'Not needed for fill in the blanks: you always type the term.',
    );
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Start the test' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(created()).toEqual([
      {
        dictionaryId: dictionary.id,
        swap: false,
        range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
        cloze: true,
      },
    ]);

    // The first word: its first sentence with "cat" blanked, the meaning as the hint.
    const question = await screen.findByTestId('cloze');
    expect(question).toHaveTextContent('Fill in the blank');
    expect(within(question).getByText(/The\s+sleeps on the mat\./)).toHaveAttribute('lang', 'en');
    expect(within(question).getByRole('img', { name: 'blank' })).toBeInTheDocument();
    expect(question).toHaveTextContent('Meaning: Katze');
    expect(question).not.toHaveTextContent('cat');
    expect(screen.getByText('Word 1 of 2')).toBeInTheDocument();
    const answer = screen.getByRole('textbox', { name: 'Your answer' });
    expect(answer).toHaveAccessibleDescription(/Fill in the blank/);

    // Right: the runner moves on, without the last word's sentences beside the next question.
    await user.type(answer, 'cat{Enter}');
    expect(await screen.findByText(/She\s+s every morning\./)).toBeInTheDocument();
    expect(screen.queryByTestId('examples')).not.toBeInTheDocument();

    // Wrong: the check screen shows the answer and the sentence.
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'walk{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    await screen.findByRole('heading', { level: 1, name: 'Check the answer' });
    const check = await screen.findByTestId('examples');
    expect(
      within(check)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['She runs every morning.']);
    expect(within(check).getByRole('listitem')).toHaveAttribute('lang', 'en');
    await user.click(screen.getByRole('button', { name: /^Next word/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/finish'));
    const items = await screen.findAllByTestId('report-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('report-examples')).toHaveTextContent(
      'The cat sleeps on the mat.Cats purr.',
    );
    expect(within(items[1]!).getByTestId('report-examples')).toHaveTextContent('She runs every morning.');
  });
});
