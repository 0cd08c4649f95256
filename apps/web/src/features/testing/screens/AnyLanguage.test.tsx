import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../../test/apiServer';
import { memberWithDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { startRememberedTest } from '../test/arrange';

/** Dictionaries in any language: lang and dir follow the text, grading follows the script (decision 0059). */
describe('any language pair', () => {
  let server: ApiServer;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    window.sessionStorage.clear();
  });

  const answerField = () => screen.getByRole('textbox', { name: 'Your answer' });

  it('shows Arabic right to left in the word list and the test, and takes an answer without harakat', async () => {
    const { browser, user, dictionary } = await memberWithDictionary(
      server,
      [{ term: 'كِتَاب', definitions: ['книга'] }],
      { name: 'Арабська', fromLanguage: 'ar', toLanguage: 'uk' },
    );
    await renderApp({
      path: `/dictionaries/${dictionary.id}`,
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    const term = await screen.findByText('كِتَاب');
    expect(term).toHaveAttribute('lang', 'ar');
    expect(term).toHaveAttribute('dir', 'rtl');
    const definition = screen.getByText('книга');
    expect(definition).toHaveAttribute('lang', 'uk');
    expect(definition).not.toHaveAttribute('dir');
    expect(screen.getByText('Arabic')).toBeInTheDocument();
    cleanup();

    // Swapped: "книга" is shown, the Arabic term is typed.
    await startRememberedTest(server, browser, user, dictionary, true);
    const { user: person } = await renderApp({
      path: '/testing',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    const prompt = await screen.findByText('книга');
    expect(prompt).toHaveAttribute('lang', 'uk');
    expect(answerField()).toHaveAttribute('lang', 'ar');
    expect(answerField()).toHaveAttribute('dir', 'rtl');
    // Arabic is typed on an Arabic keyboard: no accent bar.
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    await person.type(answerField(), 'كتاب{Enter}');
    const report = await screen.findByRole('heading', { level: 3, name: 'книга' });
    const item = report.closest('li') ?? report.parentElement!;
    const answered = within(item).getByText('كتاب');
    expect(answered).toHaveAttribute('lang', 'ar');
    expect(answered).toHaveAttribute('dir', 'rtl');
    await waitFor(() => expect(within(item).getAllByText('Correct').length).toBeGreaterThan(0));
  });

  it('takes a hiragana answer for a katakana word as almost right', async () => {
    const { browser, user, dictionary } = await memberWithDictionary(
      server,
      [{ term: 'ネコ', definitions: ['cat'] }],
      { name: 'Nihongo', fromLanguage: 'ja', toLanguage: 'en' },
    );
    await startRememberedTest(server, browser, user, dictionary, true);
    const { user: person } = await renderApp({
      path: '/testing',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByText('cat');
    expect(answerField()).toHaveAttribute('lang', 'ja');
    expect(answerField()).not.toHaveAttribute('dir');
    // Japanese is typed through an input method: no accent bar.
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    await person.type(answerField(), 'ねこ{Enter}');
    expect(await screen.findByText(/Almost! The exact spelling is/)).toBeInTheDocument();
    const spelling = screen.getByText('ネコ', { selector: 'span' });
    expect(spelling).toHaveAttribute('lang', 'ja');
  });
});
