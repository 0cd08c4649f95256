import { screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, TesterOptions, User } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { allWords, createDictionary, memberWithDictionary, startTest } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, rememberTest, runTests, spendAttempts } from '../test/arrange';

describe('test report screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let user: User;
  let dictionary: Dictionary;
  let options: TesterOptions;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    ({ browser, user, dictionary } = await memberWithDictionary(server, [
      { term: 'house', definitions: ['Haus', 'Gebäude'] },
      { term: 'cat', definitions: ['Katze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]));
    options = { dictionaryId: dictionary.id, swap: false, range: { type: 'date', period: 'last3Days' } };
  });

  afterEach(() => {
    window.sessionStorage.clear();
  });

  /**
   * Runs a test of the three words to its report, with `testsLeft` of today's attempts left
   * after it: "house" right, "cat" right after a wrong try, "dog" skipped.
   */
  async function finishTest({ testsLeft = 2 }: { testsLeft?: number } = {}) {
    // Earlier tests of the day; starting one replaces the test before, so they come first.
    await spendAttempts(server, browser, dictionary, user.limits.testsPerDay - testsLeft - 1);
    await startTest(server, browser, options);
    await anotherTab(server, browser).finish({
      house: ['Haus', 'Gebäude'],
      cat: ['Hund', 'Katze'],
      dog: 'skip',
    });
  }
  const open = () => renderApp({ path: '/testing/finish', apiUrl: server.apiUrl, fetch: browser.fetch });

  it('shows the totals and every word with its definitions, what was typed and the result', async () => {
    await finishTest();
    rememberTest(user, dictionary, options);
    await open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Test report' })).toBeInTheDocument();
    expect(await screen.findByText('You got 1 of 3 words right.')).toBeInTheDocument();
    expect(screen.getByTestId('report-total')).toHaveTextContent('3');
    expect(screen.getByTestId('report-correct')).toHaveTextContent('1');
    expect(screen.getByTestId('report-wrong')).toHaveTextContent('1');
    expect(screen.getByTestId('report-skipped')).toHaveTextContent('1');
    expect(screen.getByTestId('report-correct')).toHaveClass('tabular');

    const items = screen.getAllByTestId('report-item');
    expect(items).toHaveLength(3);
    const [house, cat, dog] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(house).getByRole('heading', { level: 3, name: 'house' })).toHaveAttribute('lang', 'en');
    expect(
      within(house)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Haus', 'Gebäude']);
    expect(house).toHaveTextContent('You typedHaus, Gebäude');
    expect(house).toHaveTextContent('Correct');
    expect(cat).toHaveTextContent('You typedHund, Katze');
    expect(cat).toHaveTextContent('Wrong');
    // "Hund" is the meaning of "dog": the report keeps the pair to tell apart.
    expect(within(cat).getByTestId('report-confusions')).toHaveTextContent('Mixed up withdog');
    expect(within(cat).getByText('dog')).toHaveAttribute('lang', 'en');
    expect(within(house).queryByTestId('report-confusions')).not.toBeInTheDocument();
    expect(dog).toHaveTextContent('Nothing typed');
    expect(dog).toHaveTextContent('Skipped');
    await waitFor(() =>
      expect(screen.getByTestId('finish-announcer')).toHaveTextContent(
        'Test finished. Correct: 1, wrong: 1, skipped: 1.',
      ),
    );
  });

  it('tells a near miss (with what was typed) and an answer the learner counted as right from right ones', async () => {
    await startTest(server, browser, options);
    const tab = anotherTab(server, browser);
    await tab.answer('Haus');
    expect(await tab.answer('gebaude')).toMatchObject({ result: 'correct', almost: true });
    // "Mieze" for "cat": wrong, then "I was right".
    const { test } = await tab.state();
    const wrong = { position: test!.position, wordId: test!.wordId, attemptId: crypto.randomUUID() };
    const api = server.api.as(browser.cookie());
    await api.call('answer', { body: { ...wrong, answer: 'Mieze' } });
    await api.call('overrideAnswer', {
      body: { ...wrong, attemptId: crypto.randomUUID(), overrides: wrong.attemptId },
    });
    await tab.finish({ dog: ['Hund'] });
    rememberTest(user, dictionary, options);
    await open();

    const [house, cat, dog] = (await screen.findAllByTestId('report-item')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(house).toHaveTextContent('Correct');
    expect(within(house).getByTestId('report-leniency')).toHaveTextContent(
      'Almost: you typed “gebaude”; the exact spelling is “Gebäude”.',
    );
    expect(within(house).getByTestId('report-leniency').querySelector('span')).toHaveAttribute('lang', 'de');
    expect(cat).toHaveTextContent('Correct');
    expect(within(cat).getByTestId('report-leniency')).toHaveTextContent('Counted as right by you: “Mieze”.');
    expect(within(dog).queryByTestId('report-leniency')).not.toBeInTheDocument();
  });

  it('labels the expected answer of a swapped test the term, not the definitions', async () => {
    const swapped: TesterOptions = { ...options, swap: true };
    await startTest(server, browser, swapped);
    await anotherTab(server, browser).finish({ Katze: ['cat'] });
    rememberTest(user, dictionary, swapped);
    await open();

    const items = await screen.findAllByTestId('report-item');
    const cat = items.find((item) => within(item).queryByRole('heading', { name: 'Katze' }))!;
    const terms = within(cat).getByText('Term', { selector: 'dt' });
    expect(terms.nextElementSibling).toHaveTextContent('cat');
    expect(within(cat).queryByText('Definitions', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('tries again with the same options: a new test, then the runner', async () => {
    await finishTest();
    rememberTest(user, dictionary, options);
    const { user: person, router } = await open();

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveFocus();
    expect(tryAgain).toHaveAccessibleDescription(
      'Starts a new test with the same options. Tests left today: 2',
    );
    await person.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    const created = browser.requests.filter(
      (request) => request.method === 'POST' && request.url === '/api/tester',
    );
    expect(created.map((request) => JSON.parse(request.body) as TesterOptions)).toEqual([options]);
    expect(await screen.findByText('Word 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('house')).toBeInTheDocument();
    expect(screen.getByText('Tests left today: 1')).toBeInTheDocument();
  });

  it('tries again with the options the server kept, on a device that remembers nothing', async () => {
    const kept: TesterOptions = {
      dictionaryId: dictionary.id,
      swap: true,
      range: { type: 'quantity', from: 'first', count: 50, order: 'desc' },
    };
    await startTest(server, browser, kept);
    await anotherTab(server, browser).finish();
    // A new device: nothing of the test in this browser's storage.
    window.sessionStorage.clear();
    window.localStorage.clear();
    const { user: person, router } = await open();

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveFocus();
    expect(screen.getByRole('link', { name: 'New test' })).toBeInTheDocument();
    await person.click(tryAgain);

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    const created = browser.requests.filter(
      (request) => request.method === 'POST' && request.url === '/api/tester',
    );
    expect(created.map((request) => JSON.parse(request.body) as TesterOptions)).toEqual([kept]);
    expect(await screen.findByText('Word 1 of 3')).toBeInTheDocument();
  });

  it('offers only a new test when neither this tab nor the server knows the options', async () => {
    await finishTest();
    // The tested dictionary is gone: its options no longer start a test.
    await server.api.as(browser.cookie()).call('deleteDictionary', { params: { id: dictionary.id } });
    await open();

    const newTest = await screen.findByRole('link', { name: 'New test' });
    expect(newTest).toHaveAttribute('href', '/createTester');
    expect(newTest).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('disables try again at 0 attempts with the message', async () => {
    await finishTest({ testsLeft: 0 });
    rememberTest(user, dictionary, options);
    await open();

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(
      screen.getByText(/^The maximum testing attempts for today is reached\. New attempts /),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New test' })).toHaveFocus();
  });

  it('explains a refused try again (attempts used elsewhere) and moves the focus on', async () => {
    const testsLeft = 2;
    await finishTest({ testsLeft });
    rememberTest(user, dictionary, options);
    const { user: person, router, queryClient } = await open();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    // The screen has loaded the report: the other tab acts after that load, not in a race with it.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Another tab starts tests until today has none left (so this report is out of date).
    await spendAttempts(server, browser, dictionary, testsLeft);

    await person.click(tryAgain);

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('The maximum testing attempts for today is reached'));
    expect(tryAgain).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('link', { name: 'New test' })).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testing/finish');
  });

  it('goes back to the runner while the test is still going', async () => {
    await startTest(server, browser, options);
    const { router } = await open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
  });

  describe('leeches (decision 0049)', () => {
    const recall = { cat: ['Katze'], dog: ['Hund'] };
    const miss = { cat: 'skip' as const, dog: ['Hund'] };

    /**
     * A premium learner (room for the tests) with a leech threshold of 3, who recalled "cat",
     * then missed it, three times over: three lapses make it a leech. The last test's report is
     * left to show.
     */
    async function makeCatALeech() {
      browser = server.browser();
      user = await browser.signIn('premium');
      dictionary = await createDictionary(server, browser, {
        words: [
          { term: 'cat', definitions: ['Katze'] },
          { term: 'dog', definitions: ['Hund'] },
        ],
      });
      const api = server.api.as(browser.cookie());
      await api.call('updateMe', { body: { leechThreshold: 3 } });
      await runTests(server, browser, dictionary, [recall, miss, recall, miss, recall, miss]);
      rememberTest(user, dictionary, allWords(dictionary));
      const words = (await api.call('getDictionary', { params: { id: dictionary.id } })).data().words;
      const cat = words.find((word) => word.term === 'cat');
      if (!cat) throw new Error('no cat');
      return { api, cat };
    }
    const items = () => screen.getAllByTestId('report-item') as [HTMLElement, HTMLElement];

    it('marks a leech and offers to rewrite it or suspend it; suspending and resuming it', async () => {
      const { api, cat } = await makeCatALeech();
      const { user: person } = await open();

      await screen.findByText('You got 1 of 2 words right.');
      const [catItem, dogItem] = items();
      expect(within(catItem).getByTestId('report-leech')).toHaveTextContent('Leech');
      expect(catItem).toHaveTextContent(
        'You keep forgetting this word. Rewrite it to make it easier to remember, or suspend it to leave it out of your tests.',
      );
      const rewrite = within(catItem).getByRole('link', { name: 'Rewrite this word' });
      expect(rewrite).toHaveAttribute('href', `/dictionaries/${dictionary.id}/words/${cat.id}/edit`);
      expect(rewrite).toHaveAccessibleDescription('cat');
      // One way to change the word, not two.
      expect(within(catItem).queryByRole('link', { name: /Edit word/ })).not.toBeInTheDocument();
      expect(within(dogItem).queryByTestId('report-leech')).not.toBeInTheDocument();
      expect(within(dogItem).queryByRole('button')).not.toBeInTheDocument();
      expect(within(catItem).queryByTestId('report-suspended')).not.toBeInTheDocument();

      const suspend = within(catItem).getByRole('button', { name: 'Suspend' });
      expect(suspend).toHaveAccessibleDescription('cat');
      await person.click(suspend);

      const resume = await within(catItem).findByRole('button', { name: 'Resume' });
      expect(resume).toHaveFocus();
      expect(within(catItem).getByTestId('report-suspended')).toHaveTextContent('Suspended');
      expect(catItem).toHaveTextContent(
        'You kept forgetting this word, so it is left out of your tests. Rewrite it, then resume it.',
      );
      await waitFor(() =>
        expect(screen.getByTestId('report-announcer')).toHaveTextContent(
          '“cat” is suspended: it is left out of your tests until you resume it.',
        ),
      );
      const read = async () =>
        (await api.call('getWord', { params: { id: dictionary.id, wordId: cat.id } })).data().suspended;
      expect(await read()).toBe(true);
      expect(
        browser.requests
          .filter((request) => request.method === 'PATCH')
          .map((request) => [request.url, JSON.parse(request.body) as unknown]),
      ).toEqual([[`/api/dictionaries/${dictionary.id}/words/${cat.id}/suspension`, { suspended: true }]]);

      await person.click(resume);

      expect(await within(catItem).findByRole('button', { name: 'Suspend' })).toHaveFocus();
      expect(within(catItem).queryByTestId('report-suspended')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByTestId('report-announcer')).toHaveTextContent('“cat” is back in your tests.'),
      );
      expect(await read()).toBe(false);
    });

    it('shows a word suspended since the test as suspended, with the way back', async () => {
      const { api, cat } = await makeCatALeech();
      await api.call('suspendWord', {
        params: { id: dictionary.id, wordId: cat.id },
        body: { suspended: true },
      });
      await open();

      await screen.findByText('You got 1 of 2 words right.');
      const [catItem] = items();
      expect(within(catItem).getByTestId('report-suspended')).toHaveTextContent('Suspended');
      expect(within(catItem).getByTestId('report-leech')).toHaveTextContent('Leech');
      expect(within(catItem).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    });

    it('marks no leech below the threshold', async () => {
      // The default threshold: three lapses are not enough.
      browser = server.browser();
      user = await browser.signIn('premium');
      dictionary = await createDictionary(server, browser, {
        words: [
          { term: 'cat', definitions: ['Katze'] },
          { term: 'dog', definitions: ['Hund'] },
        ],
      });
      await runTests(server, browser, dictionary, [recall, miss, recall, miss, recall, miss]);
      await open();

      await screen.findByText('You got 1 of 2 words right.');
      expect(screen.queryByTestId('report-leech')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    });
  });
});
