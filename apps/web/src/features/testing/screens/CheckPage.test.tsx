import { act, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary, memberWithDictionary, startTest, allWords } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, startRememberedTest } from '../test/arrange';

describe('check screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let user: User;
  let dictionaryId: string;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    const member = await memberWithDictionary(server, [
      { term: 'house', definitions: ['Haus', 'Gebäude'] },
      { term: 'cat', definitions: ['Katze'] },
    ]);
    ({ browser, user } = member);
    dictionaryId = member.dictionary.id;
    await startRememberedTest(server, browser, user, member.dictionary);
  });

  afterEach(() => {
    window.sessionStorage.clear();
  });

  /** Opens the runner, types the answers (all but the last accepted), ends on the check screen. */
  async function answer(...texts: string[]) {
    const app = await renderApp({ path: '/testing', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByText('house');
    for (const [index, text] of texts.entries()) {
      await app.user.type(screen.getByRole('textbox', { name: 'Your answer' }), `${text}{Enter}`);
      if (index < texts.length - 1) await screen.findByText('Already entered');
    }
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/testing/check'));
    await screen.findByRole('heading', { level: 1, name: 'Check the answer' });
    // The check screen has loaded where the test stands: a test that then moves the test on
    // (another tab) acts after that load, as a user would, not in a race with it.
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    return app;
  }
  /** Answers "cat" from another tab, which ends the test: its report. */
  const finishWithCat = async () => {
    const tab = anotherTab(server, browser);
    await tab.answer('Katze');
    return tab.state();
  };
  const skips = () => browser.requests.filter((request) => request.url === '/api/testing/skip');

  it('accepts an almost-right answer and shows the exact spelling', async () => {
    const { user: person, router } = await answer('Haus', 'gebaude');

    const verdict = await screen.findByTestId('check-result');
    expect(verdict).toHaveAttribute('data-result', 'almost');
    expect(verdict).toHaveTextContent('Almost! The exact spelling is Gebäude');
    expect(within(verdict).getByText('Gebäude')).toHaveAttribute('lang', 'de');
    // What was typed, beside the spelling: the learner sees the difference.
    expect(screen.getByTestId('check-typed')).toHaveTextContent('gebaude');
    expect(screen.getByTestId('check-typed')).toHaveAttribute('lang', 'de');
    expect(screen.getByTestId('check-typed').previousElementSibling).toHaveTextContent('Your answer');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('check-announcer')).toHaveTextContent(
        'Almost! The exact spelling is Gebäude',
      ),
    );

    // The word is done: Continue (focused) goes on to the next one without skipping anything.
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveFocus();
    await person.keyboard('{Enter}');
    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testing');
    expect(skips()).toEqual([]);
  });

  it('shows a wrong answer with the correct ones; try again keeps the word', async () => {
    const { user: person, router } = await answer('Hund');

    const verdict = screen.getByTestId('check-result');
    expect(verdict).toHaveAttribute('data-result', 'wrong');
    expect(verdict).toHaveTextContent('Not quite.');
    expect(screen.getByText('Hund')).toHaveAttribute('lang', 'de');
    const correct = screen.getByRole('list', { name: 'Correct answers' });
    expect(
      within(correct)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Haus', 'Gebäude']);
    expect(screen.getByRole('button', { name: 'Next word' })).toHaveAccessibleDescription(
      'Moving on counts this word as wrong.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('check-announcer')).toHaveTextContent(
        'Not quite. The correct answers: Haus, Gebäude',
      ),
    );

    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveFocus();
    await person.keyboard('{Enter}');

    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(router.state.location.pathname).toBe('/testing');
    expect(screen.getByText('house')).toBeInTheDocument();
    expect(skips()).toEqual([]);
  });

  it('says whose meaning a wrong answer is when it belongs to another word', async () => {
    await answer('Katze');

    const verdict = screen.getByTestId('check-result');
    expect(verdict).toHaveAttribute('data-result', 'wrong');
    const confusion = screen.getByTestId('check-confusion');
    expect(confusion).toHaveTextContent('“Katze” is the meaning of “cat”.');
    expect(within(confusion).getByText('Katze')).toHaveAttribute('lang', 'de');
    expect(within(confusion).getByText('cat')).toHaveAttribute('lang', 'en');
    await waitFor(() =>
      expect(screen.getByTestId('check-announcer')).toHaveTextContent(
        'Not quite. The correct answers: Haus, Gebäude “Katze” is the meaning of “cat”.',
      ),
    );
  });

  it('accepts a wrong grade the learner overrides, once, and adds the answer to the word', async () => {
    const { user: person, router } = await answer('Hause');
    expect(screen.getByRole('button', { name: 'I was right' })).toHaveAccessibleDescription(
      'Count this answer as right. You can do this once for each answer.',
    );

    const verdict = screen.getByTestId('check-result');
    expect(verdict).toHaveTextContent('Not quite.');
    expect(screen.getByText('Hause')).toHaveAttribute('data-struck');
    await person.click(screen.getByRole('button', { name: 'I was right' }));

    // The verdict now says it counts as right, with the answer no longer struck through.
    await waitFor(() => expect(verdict).toHaveAttribute('data-result', 'correct'));
    expect(verdict).toHaveTextContent('Accepted: your answer counts as right.');
    expect(verdict).not.toHaveTextContent('Not quite.');
    expect(screen.getByText('Hause')).not.toHaveAttribute('data-struck');
    await waitFor(() =>
      expect(screen.getByTestId('check-announcer')).toHaveTextContent(
        'Accepted: your answer counts as right.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'I was right' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next word' })).not.toBeInTheDocument();
    const sent = browser.requests.filter((request) => request.url === '/api/testing/override');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ position: 1, overrides: expect.any(String) });

    await person.click(screen.getByRole('button', { name: 'Add “Hause” to the definitions' }));
    expect(await screen.findByText('“Hause” is now a definition of “house”.')).toBeInTheDocument();
    const dictionary = (
      await server.api.as(browser.cookie()).call('getDictionary', { params: { id: dictionaryId } })
    ).data();
    expect(dictionary.words.find((word) => word.term === 'house')?.definitions).toEqual([
      'Haus',
      'Gebäude',
      'Hause',
    ]);

    // The override took "Haus": the word goes on with one entry still needed.
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(await screen.findByText('house')).toBeInTheDocument();
    expect(screen.getByText('Entries still needed: 1')).toBeInTheDocument();
  });

  it('says nothing of other words for an answer that is nobody’s', async () => {
    await answer('Hund');
    expect(screen.getByTestId('check-result')).toHaveAttribute('data-result', 'wrong');
    expect(screen.queryByTestId('check-confusion')).not.toBeInTheDocument();
  });

  it('marks the answers already entered among the correct ones', async () => {
    await answer('Haus', 'Hund');

    const correct = screen.getByRole('list', { name: 'Correct answers' });
    expect(
      within(correct)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Haus(already entered)', 'Gebäude']);
  });

  it('moves on with Next: the word is skipped (counted wrong) and the next one shows', async () => {
    const { user: person, router } = await answer('Hund');

    await person.click(screen.getByRole('button', { name: 'Next word' }));

    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testing');
    expect(skips()).toHaveLength(1);
    const { report } = await finishWithCat();
    expect(JSON.parse(skips()[0]?.body ?? '')).toEqual({
      position: 1,
      wordId: report?.items[0]?.wordId,
      attemptId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    expect(report?.items[0]?.result).toBe('wrong');
  });

  it('Next skips only the word it was for, even when the test moved on meanwhile', async () => {
    const { user: person, router } = await answer('Hund');
    // Another tab skips "house" (counted wrong) and answers "cat" wrong, so "cat" is current.
    const tab = anotherTab(server, browser);
    await tab.skip();
    await tab.answer('Hund');

    await person.click(screen.getByRole('button', { name: 'Next word' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(skips()).toHaveLength(1);
    // "cat" is still current and unfinished: the late Next skipped nothing else.
    const { test } = await tab.state();
    expect(test).toMatchObject({ term: 'cat', position: 2, needAnswers: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Next for a test replaced meanwhile goes to the new one without the error modal', async () => {
    const { user: person, router } = await answer('Hund');
    const trees = await createDictionary(server, browser, {
      words: [{ term: 'tree', definitions: ['Baum'] }],
    });
    await startTest(server, browser, allWords(trees));

    await person.click(screen.getByRole('button', { name: 'Next word' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(await screen.findByText('tree')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await anotherTab(server, browser).state()).test).toMatchObject({ term: 'tree', position: 1 });
  });

  it('does not offer Next for a check that is no longer current (Back, then Forward)', async () => {
    const { user: person, router } = await answer('Hund');
    await act(() => router.navigate(-1));
    await person.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Haus{Enter}');
    await screen.findByText('Entries still needed: 1');
    await person.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Gebäude{Enter}');
    await screen.findByText('cat');

    await act(() => router.navigate(1));

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next word' })).not.toBeInTheDocument();
    expect(skips()).toEqual([]);
  });

  it('sends a visit without a checked answer back to the runner', async () => {
    const { router } = await renderApp({
      path: '/testing/check',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(await screen.findByText('house')).toBeInTheDocument();
  });
});
