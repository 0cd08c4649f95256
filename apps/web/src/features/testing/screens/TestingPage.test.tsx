import type { TesterOptions } from '@wordhoard/shared';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { makeDictionary, rememberTest, serveTestingApi, type FakeTestingApi } from '../test/fakeTestingApi';

// Each screen is a lazily loaded route chunk; on a busy machine the first load takes a while.
configure({ asyncUtilTimeout: 4000 });

describe('test runner screen', { timeout: 20_000 }, () => {
  let server: TestServer;
  let api: FakeTestingApi;
  const user = makeUser();
  const dictionary = makeDictionary({ fromLanguage: 'en', toLanguage: 'de' });
  const options: TesterOptions = {
    dictionaryId: dictionary.id,
    swap: false,
    range: { type: 'quantity', from: 'last', count: 20, order: 'asc' },
  };

  beforeEach(async () => {
    server = await startTestServer();
    api = serveTestingApi(server, { user, dictionaries: [dictionary], testsLeft: 4 });
    api.startTest([
      { term: 'house', definitions: ['Haus', 'Gebäude'] },
      { term: 'cat', definitions: ['Katze'] },
    ]);
  });

  afterEach(async () => {
    window.sessionStorage.clear();
    await server.close();
  });

  const open = (path = '/testing') => renderApp({ path, apiUrl: server.apiUrl });
  const answerField = () => screen.getByRole('textbox', { name: 'Your answer' });
  const announcer = () => screen.getByTestId('testing-announcer');
  const answers = () =>
    server.requests.filter((request) => request.method === 'POST' && request.url === '/api/testing');
  const bodies = (url = '/api/testing') =>
    server.requests
      .filter((request) => request.method === 'POST' && request.url === url)
      .map((request) => JSON.parse(request.body) as Record<string, unknown>);
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const wordIdAt = (index: number) => api.test?.items[index]?.wordId;

  it('shows the term, progress, tests left and how many entries are needed', async () => {
    rememberTest(user, options);
    await open();

    expect(await screen.findByText('house')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Type the definitions of')).toBeInTheDocument();
    expect(screen.getByText('Word 1 of 2')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Test progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '2');
    expect(progress).toHaveAttribute('aria-valuetext', 'Word 1 of 2');
    expect(screen.getByText('Tests left today: 4')).toBeInTheDocument();
    expect(screen.getByText('Entries still needed: 2')).toBeInTheDocument();
    expect(screen.queryByText('Already entered')).not.toBeInTheDocument();
  });

  it('focuses the answer field, in the language of the expected answer, described by the word', async () => {
    rememberTest(user, options);
    await open();

    await screen.findByText('house');
    expect(answerField()).toHaveFocus();
    expect(answerField()).toHaveAttribute('lang', 'de');
    expect(answerField()).toHaveAccessibleDescription(
      'Type the definitions of house Entries still needed: 2',
    );
  });

  it('expects the term, in the terms language, when the test is swapped', async () => {
    rememberTest(user, { ...options, swap: true }, { promptLanguage: 'de', answerLanguage: 'en' });
    await open();

    await screen.findByText('house');
    expect(screen.getByText('Type the term for')).toBeInTheDocument();
    expect(answerField()).toHaveAttribute('lang', 'en');
  });

  it('leaves lang out when the options of the test are unknown (started elsewhere)', async () => {
    await open();

    await screen.findByText('house');
    expect(answerField()).not.toHaveAttribute('lang');
    expect(screen.getByText('house')).not.toHaveAttribute('lang');
  });

  it('checks with Enter; a correct answer with more to type stays, listing what is entered', async () => {
    rememberTest(user, options);
    const { user: person, router } = await open();
    await screen.findByText('house');

    await person.type(answerField(), 'Haus{Enter}');

    expect(await screen.findByText('Entries still needed: 1')).toBeInTheDocument();
    expect(screen.getByText('Already entered')).toBeInTheDocument();
    const entered = screen.getByRole('list', { name: 'Already entered' });
    expect(
      within(entered)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Haus']);
    expect(within(entered).getByText('Haus')).toHaveAttribute('lang', 'de');
    expect(answerField()).toHaveValue('');
    expect(answerField()).toHaveFocus();
    await waitFor(() => expect(announcer()).toHaveTextContent('Correct! Entries still needed: 1.'));
    expect(router.state.location.pathname).toBe('/testing');
    expect(bodies()[0]).toEqual({
      answer: 'Haus',
      position: 1,
      wordId: wordIdAt(0),
      attemptId: expect.stringMatching(UUID),
    });

    await person.type(answerField(), 'Gebäude{Enter}');

    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(screen.getByText('Word 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Entries still needed: 1')).toBeInTheDocument();
    expect(screen.queryByText('Already entered')).not.toBeInTheDocument();
    expect(answerField()).toHaveFocus();
    await waitFor(() => expect(announcer()).toHaveTextContent('Correct! On to the next word.'));
    // Each submission is its own attempt.
    expect(bodies()[1]).toMatchObject({ answer: 'Gebäude', position: 1, wordId: wordIdAt(0) });
    expect(bodies()[1]?.attemptId).toMatch(UUID);
    expect(bodies()[1]?.attemptId).not.toBe(bodies()[0]?.attemptId);
  });

  it('sends one answer for Enter pressed twice before the first answer is back', async () => {
    rememberTest(user, options);
    await open();
    await screen.findByText('house');
    fireEvent.change(answerField(), { target: { value: 'Haus' } });
    const form = answerField().closest('form')!;

    // Both in the same moment, before React has rendered the pending state.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });

    expect(await screen.findByText('Entries still needed: 1')).toBeInTheDocument();
    await waitFor(() => expect(announcer()).toHaveTextContent('Correct! Entries still needed: 1.'));
    expect(answers()).toHaveLength(1);
    expect(api.test?.items[0]).toMatchObject({ done: ['Haus'], mistakes: 0 });
  });

  it('resends an answer whose reply was lost with the same attemptId, so it counts once', async () => {
    const { user: person, router } = await open();
    await screen.findByText('house');
    api.dropNextReply = true;

    await person.type(answerField(), 'Hund{Enter}');
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong' });
    await person.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(answerField()).toHaveValue('Hund');
    await person.type(answerField(), '{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    const [lost, resent] = bodies();
    expect(resent).toEqual(lost);
    expect(api.test?.items[0]).toMatchObject({ mistakes: 1, answers: ['Hund'] });

    // A new try with the same text, after the reply came, is a new attempt.
    await person.click(await screen.findByRole('button', { name: 'Try again' }));
    await person.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Hund{Enter}');
    await waitFor(() => expect(bodies()).toHaveLength(3));
    expect(bodies()[2]?.attemptId).not.toBe(lost?.attemptId);
    await waitFor(() => expect(api.test?.items[0]?.mistakes).toBe(2));
  });

  it('says so when a definition is typed again, counting nothing', async () => {
    const { user: person, router } = await open();
    await screen.findByText('house');
    await person.type(answerField(), 'Haus{Enter}');
    await screen.findByText('Entries still needed: 1');

    await person.type(answerField(), 'haus{Enter}');

    await waitFor(() =>
      expect(announcer()).toHaveTextContent('“Haus” is already entered. Type another one.'),
    );
    expect(router.state.location.pathname).toBe('/testing');
    expect(answerField()).toHaveValue('');
    expect(answerField()).toHaveFocus();
    expect(api.test?.items[0]).toMatchObject({ done: ['Haus'], mistakes: 0 });
  });

  it('shows where the test stands, without the error modal, when it moved on elsewhere', async () => {
    const { user: person } = await open();
    await screen.findByText('house');
    // Another tab finishes "house" and then replaces the test.
    api.startTest([{ term: 'tree', definitions: ['Baum'] }]);

    await person.type(answerField(), 'Haus{Enter}');

    expect(await screen.findByText('tree')).toBeInTheDocument();
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('The test had already moved on. Here is where it stands now.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(answerField()).toHaveValue('');
    expect(api.test?.items[0]).toMatchObject({ done: [], mistakes: 0 });
  });

  it('shows the next word when the answered one was finished elsewhere', async () => {
    const { user: person, router } = await open();
    await screen.findByText('house');
    const test = api.test!;
    Object.assign(test.items[0]!, { done: ['Haus', 'Gebäude'], result: 'correct' });
    test.position = 1;

    await person.click(screen.getByRole('button', { name: 'Skip' }));

    expect(await screen.findByText('cat')).toBeInTheDocument();
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('The test had already moved on. Here is where it stands now.'),
    );
    expect(router.state.location.pathname).toBe('/testing');
    expect(bodies('/api/testing/skip')).toEqual([
      { position: 1, wordId: wordIdAt(0), attemptId: expect.stringMatching(UUID) },
    ]);
    expect(test.items.map((item) => item.result)).toEqual(['correct', null]);
  });

  it('does not send an empty answer', async () => {
    const { user: person } = await open();
    await screen.findByText('house');

    await person.type(answerField(), '   {Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Type an answer first');
    expect(answerField()).toHaveAttribute('aria-invalid', 'true');
    expect(answerField()).toHaveFocus();
    expect(answers()).toEqual([]);
  });

  it('goes to the check screen after a wrong answer', async () => {
    const { user: person, router } = await open();
    await screen.findByText('house');

    await person.type(answerField(), 'Hund{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    expect(await screen.findByText('Not quite.')).toBeInTheDocument();
  });

  it('skips: reveals the answers, then Next shows the next word', async () => {
    rememberTest(user, options);
    const { user: person, router } = await open();
    await screen.findByText('house');

    await person.click(screen.getByRole('button', { name: 'Skip' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/skip'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Skipped word' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Answers' })).toHaveTextContent('HausGebäude');
    const next = screen.getByRole('button', { name: 'Next word' });
    expect(next).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByTestId('skip-announcer')).toHaveTextContent('Skipped. The answers: Haus, Gebäude'),
    );

    await person.keyboard('{Enter}');

    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testing');
    expect(answerField()).toHaveFocus();
  });

  it('offers the report after skipping the last word', async () => {
    api.startTest([{ term: 'cat', definitions: ['Katze'] }]);
    const { user: person, router } = await open();
    await screen.findByText('cat');

    await person.click(screen.getByRole('button', { name: 'Skip' }));

    await person.click(await screen.findByRole('button', { name: 'See the report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/finish'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Test report' })).toBeInTheDocument();
  });

  it('opens the report when the test is finished', async () => {
    api.finishTest([{ term: 'cat', definitions: ['Katze'], result: 'correct', answers: ['Katze'] }]);
    const { router } = await open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/finish'));
  });

  it('sends to the set-up screen when there is no test', async () => {
    api.test = null;
    const { router } = await open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/createTester'));
  });

  it('sends the skip screen without a skipped word back to the runner', async () => {
    const { router } = await open('/testing/skip');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(await screen.findByText('house')).toBeInTheDocument();
  });
});
