import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, User } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { allWords, createDictionary, memberWithDictionary, startTest } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, rememberTest, startRememberedTest, weakSpotsTest } from '../test/arrange';

describe('test runner screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let user: User;
  let dictionary: Dictionary;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  // A test of "house" and "cat", started elsewhere (this tab does not remember it): one of a
  // member's five daily attempts, so four are left.
  beforeEach(async () => {
    ({ browser, user, dictionary } = await memberWithDictionary(server, [
      { term: 'house', definitions: ['Haus', 'Gebäude'] },
      { term: 'cat', definitions: ['Katze'] },
    ]));
    await startTest(server, browser, allWords(dictionary));
  });

  afterEach(() => {
    window.sessionStorage.clear();
  });

  const open = (path = '/testing') => renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
  /** This tab remembers the test it runs, as when it started it. */
  const remember = () => rememberTest(user, dictionary, allWords(dictionary));
  const answerField = () => screen.getByRole('textbox', { name: 'Your answer' });
  const announcer = () => screen.getByTestId('testing-announcer');
  const answers = () =>
    browser.requests.filter((request) => request.method === 'POST' && request.url === '/api/testing');
  const bodies = (url = '/api/testing') =>
    browser.requests
      .filter((request) => request.method === 'POST' && request.url === url)
      .map((request) => JSON.parse(request.body) as Record<string, unknown>);
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  /** The id of the word the test is on now, as the server has it. */
  const currentWordId = async () => (await anotherTab(server, browser).state()).test?.wordId;
  /**
   * "house" is still current with only "Haus" accepted and no mistake counted: "Gebäude" from
   * another tab then finishes it correct (a mistake would have made it wrong).
   */
  async function expectOnlyHausEntered() {
    const tab = anotherTab(server, browser);
    expect((await tab.state()).test).toMatchObject({ term: 'house', position: 1, doneDefinitions: ['Haus'] });
    expect(await tab.answer('Gebäude')).toMatchObject({ status: 'applied', wordResult: 'correct' });
  }

  it('shows the term, progress, tests left and how many entries are needed', async () => {
    remember();
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
    remember();
    await open();

    await screen.findByText('house');
    expect(answerField()).toHaveFocus();
    expect(answerField()).toHaveAttribute('lang', 'de');
    expect(answerField()).toHaveAccessibleDescription(
      'Type the definitions of house Entries still needed: 2',
    );
  });

  it('expects the term, in the terms language, when the test is swapped', async () => {
    // This tab starts a swapped test instead: the definitions show, the term is expected.
    await startRememberedTest(server, browser, user, dictionary, true);
    await open();

    await screen.findByText('Haus, Gebäude');
    expect(screen.getByText('Type the term for')).toBeInTheDocument();
    expect(answerField()).toHaveAttribute('lang', 'en');
  });

  it('takes the languages from the word when this tab did not start the test (started elsewhere)', async () => {
    // Each word carries its direction and languages (decision 0048); a test saved before did
    // not, and then lang is left out (lib/wordView.test.ts).
    await open();

    await screen.findByText('house');
    expect(answerField()).toHaveAttribute('lang', 'de');
    expect(screen.getByText('house')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('toolbar', { name: /German/ })).toBeInTheDocument();
  });

  it('checks with Enter; a correct answer with more to type stays, listing what is entered', async () => {
    remember();
    const house = await currentWordId();
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
      wordId: house,
      attemptId: expect.stringMatching(UUID),
      // How long it took, for the review log.
      durationMs: expect.any(Number),
    });

    await person.type(answerField(), 'Gebäude{Enter}');

    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(screen.getByText('Word 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Entries still needed: 1')).toBeInTheDocument();
    expect(screen.queryByText('Already entered')).not.toBeInTheDocument();
    expect(answerField()).toHaveFocus();
    await waitFor(() => expect(announcer()).toHaveTextContent('Correct! On to the next word.'));
    // Each submission is its own attempt.
    expect(bodies()[1]).toMatchObject({ answer: 'Gebäude', position: 1, wordId: house });
    expect(bodies()[1]?.attemptId).toMatch(UUID);
    expect(bodies()[1]?.attemptId).not.toBe(bodies()[0]?.attemptId);
  });

  it('shows the word after a correct answer from the answer itself: one request, no reload', async () => {
    remember();
    const { user: person, router } = await open();
    await screen.findByText('house');
    const seen = browser.requests.length;
    const sent = () => browser.requests.slice(seen).map((request) => `${request.method} ${request.url}`);

    await person.type(answerField(), 'Haus{Enter}');

    await waitFor(() => expect(announcer()).toHaveTextContent('Correct! Entries still needed: 1.'));
    expect(screen.getByText('Entries still needed: 1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Already entered' })).toHaveTextContent('Haus');
    expect(sent()).toEqual(['POST /api/testing']);

    await person.type(answerField(), 'Gebäude{Enter}');

    await waitFor(() => expect(announcer()).toHaveTextContent('Correct! On to the next word.'));
    expect(screen.getByText('cat')).toBeInTheDocument();
    expect(screen.getByText('Word 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Tests left today: 4')).toBeInTheDocument();
    expect(screen.queryByText('Already entered')).not.toBeInTheDocument();
    expect(answerField()).toHaveFocus();
    expect(sent()).toEqual(['POST /api/testing', 'POST /api/testing']);
    // The word shown is the one the server has current.
    expect((await anotherTab(server, browser).state()).test).toMatchObject({ term: 'cat', position: 2 });

    // After the last word there is no next one: the state (with the report) is loaded.
    await person.type(answerField(), 'Katze{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/finish'));
    expect(sent().slice(2, 4)).toEqual(['POST /api/testing', 'GET /api/testing']);
  });

  it('sends one answer for Enter pressed twice before the first answer is back', async () => {
    remember();
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
    await expectOnlyHausEntered();
  });

  it('grades an answer whose reply was lost on the device and resends it with the same attemptId, so it counts once', async () => {
    const { user: person, router } = await open();
    await screen.findByText('house');
    // The test's words are on the device (decision 0058) before the connection fails.
    await waitFor(() =>
      expect(browser.requests.some((request) => request.url === '/api/testing/pack')).toBe(true),
    );
    browser.loseNextReply('POST /api/testing');

    await person.type(answerField(), 'Hund{Enter}');
    // No alarm: the device graded it, and it waits to be sent again.
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    expect(await screen.findByText('Not quite.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(bodies()).toHaveLength(2));
    const [lost, resent] = bodies();
    expect(resent).toEqual(lost);
    await waitFor(() => expect(screen.queryByTestId('offline-indicator')).not.toBeInTheDocument());

    // A new try with the same text, after the reply came, is a new attempt.
    await person.click(await screen.findByRole('button', { name: 'Try again' }));
    await person.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Hund{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    expect(await screen.findByText('Not quite.')).toBeInTheDocument();
    await waitFor(() => expect(bodies()).toHaveLength(3));
    expect(bodies()[2]?.attemptId).not.toBe(lost?.attemptId);
    // The lost answer and its resend counted once, the new try once more: "Hund" twice.
    const report = await anotherTab(server, browser).finish();
    expect(report.items[0]).toMatchObject({ term: 'house', result: 'wrong', answers: ['Hund', 'Hund'] });
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
    await expectOnlyHausEntered();
  });

  it('shows where the test stands, without the error modal, when it moved on elsewhere', async () => {
    const { user: person } = await open();
    await screen.findByText('house');
    // Another tab finishes "house" and then replaces the test.
    const tab = anotherTab(server, browser);
    await tab.answer('Haus');
    await tab.answer('Gebäude');
    const trees = await createDictionary(server, browser, {
      name: 'Trees',
      words: [{ term: 'tree', definitions: ['Baum'] }],
    });
    await startTest(server, browser, allWords(trees));

    await person.type(answerField(), 'Haus{Enter}');

    expect(await screen.findByText('tree')).toBeInTheDocument();
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('The test had already moved on. Here is where it stands now.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(answerField()).toHaveValue('');
    // The late "Haus" changed nothing in the new test: "tree" is untouched, with no mistake.
    expect((await tab.state()).test).toMatchObject({ term: 'tree', position: 1, doneDefinitions: [] });
    expect(await tab.answer('Baum')).toMatchObject({ wordResult: 'correct' });
  });

  it('shows the next word when the answered one was finished elsewhere', async () => {
    const { user: person, router } = await open();
    await screen.findByText('house');
    const house = await currentWordId();
    // Another tab finishes "house", correct.
    const tab = anotherTab(server, browser);
    await tab.answer('Haus');
    await tab.answer('Gebäude');

    await person.click(screen.getByRole('button', { name: 'Skip' }));

    expect(await screen.findByText('cat')).toBeInTheDocument();
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('The test had already moved on. Here is where it stands now.'),
    );
    expect(router.state.location.pathname).toBe('/testing');
    expect(bodies('/api/testing/skip')).toEqual([
      { position: 1, wordId: house, attemptId: expect.stringMatching(UUID), durationMs: expect.any(Number) },
    ]);
    // The late skip changed nothing: "cat" is still to answer, and "house" stays correct.
    expect((await tab.state()).test).toMatchObject({ term: 'cat', position: 2, needAnswers: 1 });
    const report = await tab.finish({ cat: ['Katze'] });
    expect(report.items[0]).toMatchObject({ term: 'house', result: 'correct' });
  });

  it('does not send an empty answer, and takes the error away once something is typed', async () => {
    const { user: person } = await open();
    await screen.findByText('house');

    await person.type(answerField(), '   {Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Type an answer first');
    expect(answerField()).toHaveAttribute('aria-invalid', 'true');
    expect(answerField()).toHaveFocus();
    expect(answers()).toEqual([]);

    await person.type(answerField(), 'H');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(answerField()).not.toHaveAttribute('aria-invalid');
  });

  it('goes to the check screen after a wrong answer', async () => {
    const { user: person, router } = await open();
    await screen.findByText('house');

    await person.type(answerField(), 'Hund{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    expect(await screen.findByText('Not quite.')).toBeInTheDocument();
  });

  const sent = (url: string) =>
    browser.requests.filter((request) => request.method === 'POST' && request.url === url).length;

  /** Types `typed` on the first word and presses Skip while the answer's reply is held, then lets it go. */
  async function skipWhileAnswerHeld(typed: string) {
    const { user: person, router } = await open();
    await screen.findByText('house');
    const answersBefore = sent('/api/testing');
    const skipsBefore = sent('/api/testing/skip');
    const release = browser.holdNextReply('POST /api/testing');

    await person.type(answerField(), `${typed}{Enter}`);
    await waitFor(() => expect(sent('/api/testing')).toBe(answersBefore + 1));
    await person.click(screen.getByRole('button', { name: 'Skip' }));
    const pathWhileHeld = router.state.location.pathname;
    release();
    return { router, skipsBefore, pathWhileHeld };
  }

  it('skips once the answer is back when Skip is pressed while it is on its way, the word still shown', async () => {
    remember();
    const { router, skipsBefore, pathWhileHeld } = await skipWhileAnswerHeld('Haus');
    expect(pathWhileHeld).toBe('/testing');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/skip'));
    expect(await screen.findByRole('list', { name: 'Answers' })).toHaveTextContent('HausGebäude');
    expect(sent('/api/testing/skip')).toBe(skipsBefore + 1);
  });

  it('drops a Skip pressed while a wrong answer is on its way: the check screen is for that word', async () => {
    const { router, skipsBefore } = await skipWhileAnswerHeld('Hund');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    expect(sent('/api/testing/skip')).toBe(skipsBefore);
  });

  it('skips: reveals the answers, then Next shows the next word', async () => {
    remember();
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
    // Another tab has answered "house": "cat" is the last word.
    const tab = anotherTab(server, browser);
    await tab.answer('Haus');
    await tab.answer('Gebäude');
    const { user: person, router } = await open();
    await screen.findByText('cat');

    await person.click(screen.getByRole('button', { name: 'Skip' }));

    await person.click(await screen.findByRole('button', { name: 'See the report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/finish'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Test report' })).toBeInTheDocument();
  });

  it('opens the report when the test is finished', async () => {
    await anotherTab(server, browser).finish({ house: ['Haus', 'Gebäude'], cat: ['Katze'] });
    const { router } = await open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/finish'));
  });

  it('sends to the set-up screen when there is no test', async () => {
    // A member who has never started a test.
    browser = server.browser();
    await browser.signIn();
    const { router } = await open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/createTester'));
  });

  it('sends the skip screen without a skipped word back to the runner', async () => {
    const { router } = await open('/testing/skip');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(await screen.findByText('house')).toBeInTheDocument();
  });

  describe('a correct answer shown at once, confirmed by the server (issue 23)', () => {
    const packFetched = () => browser.requests.some((request) => request.url === '/api/testing/pack');
    const sentAnswers = () => bodies().map((body) => body.answer);
    /** The feedback line under the field (the announcer repeats it for screen readers). */
    const feedbackLine = () => document.querySelector<HTMLElement>('[data-tone]');
    const showsFeedback = (text: string) => waitFor(() => expect(feedbackLine()).toHaveTextContent(text));

    /** The runner on "house", with the test's words on the device (what it grades from). */
    async function openWithPack() {
      remember();
      const rendered = await open();
      await screen.findByText('house');
      await waitFor(() => expect(packFetched()).toBe(true));
      await waitFor(() => expect(rendered.queryClient.isFetching()).toBe(0));
      return rendered;
    }

    it("shows the grade and the word's progress before the server's reply, and keeps it once it agrees", async () => {
      const { user: person } = await openWithPack();
      const release = browser.holdNextReply('POST /api/testing');

      await person.type(answerField(), 'Haus{Enter}');

      // The reply is held: what shows came from the device's grade.
      await showsFeedback('Correct! Entries still needed: 1.');
      expect(screen.getByText('Entries still needed: 1')).toBeInTheDocument();
      expect(answerField()).toHaveValue('');
      expect(answerField()).not.toHaveAttribute('readonly');
      expect(answerField()).toHaveFocus();
      release();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Check' })).not.toHaveAttribute('aria-busy'),
      );
      expect(feedbackLine()).toHaveTextContent('Correct! Entries still needed: 1.');
      expect(sentAnswers()).toEqual(['Haus']);
      await expectOnlyHausEntered();
    });

    it('sends the next answer typed before the last was confirmed once it is, in order, shown at once too', async () => {
      const { user: person } = await openWithPack();
      // Both replies are held: the second answer's grade too comes from the device.
      const releaseFirst = browser.holdNextReply('POST /api/testing');
      const releaseSecond = browser.holdNextReply('POST /api/testing');
      await person.type(answerField(), 'Haus{Enter}');
      await showsFeedback('Correct! Entries still needed: 1.');

      await person.type(answerField(), 'Gebäude{Enter}');

      // It waits in the field, read-only, behind the answer on its way.
      expect(answerField()).toHaveValue('Gebäude');
      expect(answerField()).toHaveAttribute('readonly');
      expect(sentAnswers()).toEqual(['Haus']);
      releaseFirst();
      // Sent once the first is confirmed, and shown from the device's copy, which took the first.
      expect(await screen.findByText('cat')).toBeInTheDocument();
      await showsFeedback('Correct! On to the next word.');
      expect(screen.getByText('Word 2 of 2')).toBeInTheDocument();
      expect(sentAnswers()).toEqual(['Haus', 'Gebäude']);
      expect(answerField()).toHaveValue('');
      expect(answerField()).not.toHaveAttribute('readonly');
      releaseSecond();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Check' })).not.toHaveAttribute('aria-busy'),
      );
      expect(screen.getByText('cat')).toBeInTheDocument();
      expect((await anotherTab(server, browser).state()).test).toMatchObject({ term: 'cat', position: 2 });
    });

    it('skips the next word shown at once when Skip is pressed before the server confirmed the answer', async () => {
      const tab = anotherTab(server, browser);
      await tab.answer('Haus');
      const { user: person, router } = await openWithPack();
      const release = browser.holdNextReply('POST /api/testing');

      await person.type(answerField(), 'Gebäude{Enter}');
      expect(await screen.findByText('cat')).toBeInTheDocument();
      expect(feedbackLine()).toHaveTextContent('Correct! On to the next word.');
      await person.click(screen.getByRole('button', { name: 'Skip' }));
      expect(sent('/api/testing/skip')).toBe(0);
      release();

      await waitFor(() => expect(router.state.location.pathname).toBe('/testing/skip'));
      expect(await screen.findByRole('list', { name: 'Answers' })).toHaveTextContent('Katze');
      expect((await tab.state()).report).toMatchObject({ correct: 1, skipped: 1 });
    });

    it("takes back what it showed when the server grades otherwise: the server's grade stands", async () => {
      const { user: person } = await openWithPack();
      // Another tab enters "Haus" after this one got the test: here it still looks new.
      await anotherTab(server, browser).answer('Haus');
      const release = browser.holdNextReply('POST /api/testing');

      await person.type(answerField(), 'Haus{Enter}');
      await showsFeedback('Correct! Entries still needed: 1.');
      release();

      await showsFeedback('“Haus” is already entered. Type another one.');
      // The word as the server has it: "Haus" entered once, one still needed.
      expect(screen.getByText('Entries still needed: 1')).toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Already entered' })).toHaveTextContent('Haus');
      await expectOnlyHausEntered();
    });

    it('takes it back when the word was finished elsewhere meanwhile, and shows where the test is', async () => {
      const { user: person } = await openWithPack();
      await anotherTab(server, browser).skip();
      const release = browser.holdNextReply('POST /api/testing');

      await person.type(answerField(), 'Haus{Enter}');
      await showsFeedback('Correct! Entries still needed: 1.');
      release();

      expect(await screen.findByText('cat')).toBeInTheDocument();
      await showsFeedback('The test had already moved on. Here is where it stands now.');
      expect(screen.getByText('Word 2 of 2')).toBeInTheDocument();
      expect((await anotherTab(server, browser).state()).test).toMatchObject({
        term: 'cat',
        doneDefinitions: [],
      });
    });

    it('waits for the server on a wrong answer: its check screen tells more than the device knows', async () => {
      const { user: person, router } = await openWithPack();
      const release = browser.holdNextReply('POST /api/testing');

      await person.type(answerField(), 'Hund{Enter}');
      await waitFor(() => expect(sentAnswers()).toEqual(['Hund']));
      expect(answerField()).toHaveAttribute('readonly');
      expect(router.state.location.pathname).toBe('/testing');
      release();

      await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
      expect(await screen.findByText('Not quite.')).toBeInTheDocument();
    });
  });

  describe('weak spots (decision 0049)', () => {
    it('asks a missed definition on its own, the others given, as practice', async () => {
      // The test of beforeEach: "Haus" recalled, then "house" skipped, so "Gebäude" is missed.
      const tab = anotherTab(server, browser);
      await tab.answer('Haus');
      await tab.finish({ cat: ['Katze'] });
      const options = weakSpotsTest(dictionary, 'weak');
      await startTest(server, browser, options);
      rememberTest(user, dictionary, options);
      const { user: person, router } = await open();

      expect(await screen.findByText('house')).toBeInTheDocument();
      expect(screen.getByText('Word 1 of 1')).toBeInTheDocument();
      expect(screen.getByText('Entries still needed: 1')).toBeInTheDocument();
      // "Haus" was not typed in this test: it is given, not "already entered".
      expect(screen.queryByText('Already entered')).not.toBeInTheDocument();
      const given = screen.getByRole('list', { name: 'Other definitions' });
      expect(
        within(given)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Haus']);
      expect(
        screen.getByText('Practice of definitions you missed: your review schedule stays as it is.'),
      ).toBeInTheDocument();

      await person.type(answerField(), 'Gebäude{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/testing/finish'));
    });

    it('says which word a word of a confusion pair is not to be confused with', async () => {
      // The test of beforeEach: "Haus", the meaning of "house", typed for "cat".
      await anotherTab(server, browser).finish({ house: ['Haus', 'Gebäude'], cat: ['Haus', 'Katze'] });
      const options = weakSpotsTest(dictionary, 'confusions');
      await startTest(server, browser, options);
      rememberTest(user, dictionary, options);
      const first = (await anotherTab(server, browser).state()).test;
      // The pair, one word after the other, each told apart from the other.
      expect([first?.term, first?.contrast].sort()).toEqual(['cat', 'house']);
      const other = first?.contrast ?? '';
      await open();

      expect(await screen.findByText('Word 1 of 2')).toBeInTheDocument();
      const note = screen.getByText(
        (_, element) => element?.textContent === `Not to be confused with “${other}”`,
      );
      expect(within(note).getByText(other)).toHaveAttribute('lang', 'en');
      expect(answerField()).toHaveAccessibleDescription(
        `Type the definitions of ${first?.term} Not to be confused with “${other}” Entries still needed: ${first?.needAnswers}`,
      );
    });

    it('marks the contrast in the terms language when the definitions are shown', async () => {
      await anotherTab(server, browser).finish({ house: ['Haus', 'Gebäude'], cat: ['Haus', 'Katze'] });
      const options = weakSpotsTest(dictionary, 'confusions', true);
      await startTest(server, browser, options);
      rememberTest(user, dictionary, options);
      const first = (await anotherTab(server, browser).state()).test;
      const other = first?.contrast ?? '';
      expect(['cat', 'house']).toContain(other);
      await open();

      expect(await screen.findByText('Type the term for')).toBeInTheDocument();
      // The prompt is in German (the definitions), the word to tell it from in English (a term).
      expect(screen.getByText(first?.term ?? '')).toHaveAttribute('lang', 'de');
      expect(screen.getByText(other)).toHaveAttribute('lang', 'en');
      expect(screen.getByText(other).closest('p')).toHaveTextContent(`Not to be confused with “${other}”`);
    });

    it('shows no contrast for a word of an ordinary test', async () => {
      remember();
      await open();

      await screen.findByText('house');
      expect(screen.queryByText(/Not to be confused with/)).not.toBeInTheDocument();
      expect(screen.queryByText(/Practice of definitions you missed/)).not.toBeInTheDocument();
    });
  });
});
