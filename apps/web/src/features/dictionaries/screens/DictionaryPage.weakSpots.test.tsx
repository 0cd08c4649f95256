import { screen, waitFor, within } from '@testing-library/react';
import type { Dictionary } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, sent, takeTest } from '../test/arrange';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The weak spots of the dictionary screen (docs/decisions/0049-weak-spots.md), on the real server. */
describe('Dictionary view: weak spots', () => {
  let server: ApiServer;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    window.sessionStorage.clear();
  });

  /**
   * A learner with a leech threshold of 3 and six tests of cat, dog and mouse behind them: cat
   * recalled, then skipped, in turn (three lapses: a leech); dog always known; mouse answered
   * once with dog's "Hund" before "Maus" (one miss, and a confusion of mouse with dog). A day
   * later cat, last skipped, is due.
   */
  async function learnerWithWeakSpots(): Promise<{ browser: TestBrowser; dictionary: Dictionary }> {
    const browser = server.browser();
    // A developer has attempts enough for six tests in a day.
    await browser.signIn('developer');
    const api = server.api.as(browser.cookie());
    (await api.call('updateMe', { body: { leechThreshold: 3 } })).data();
    await anotherTab(server, browser).storeSorting({
      dictionaryWordsSort: 'create',
      dictionaryWordsSortDirection: 1,
    });
    const dictionary = await createDictionary(server, browser, {
      name: 'Animals',
      fromLanguage: 'en',
      toLanguage: 'de',
      words: [
        { term: 'cat', definitions: ['Katze'] },
        { term: 'dog', definitions: ['Hund'] },
        { term: 'mouse', definitions: ['Maus'] },
      ],
    });
    for (let round = 0; round < 6; round += 1) {
      await takeTest(server, browser, dictionary, {
        cat: round % 2 === 0 ? ['Katze'] : 'skip',
        dog: ['Hund'],
        mouse: round === 0 ? ['Hund', 'Maus'] : ['Maus'],
      });
    }
    server.clock.advance(DAY_MS);
    return { browser, dictionary };
  }

  const open = (browser: TestBrowser, dictionary: Dictionary) =>
    renderApp({ path: `/dictionaries/${dictionary.id}`, apiUrl: server.apiUrl, fetch: browser.fetch });
  const weakSpots = () => screen.findByRole('region', { name: 'Weak spots' });
  const group = (name: string) =>
    within(screen.getByRole('region', { name: 'Weak spots' })).getByRole('region', { name });
  const rowOf = (term: string) => {
    const table = screen.getByRole('table', { name: 'Words' });
    const row = within(table)
      .getAllByRole('row')
      .find(
        (candidate) =>
          within(candidate).queryAllByRole('cell')[1]?.querySelector('span')?.textContent === term,
      );
    if (!row) throw new Error(`no row for "${term}"`);
    return row;
  };
  const termCell = (term: string) => within(rowOf(term)).getAllByRole('cell')[1]!;
  const due = () => screen.getByTestId('dictionary-due');
  /** The filled buttons and button links of the page (the Button's primary variant). */
  const primaryActions = () =>
    [...document.querySelectorAll('main a, main button')].filter((element) =>
      [...element.classList].some((name) => /^_?primary(_|$)/.test(name)),
    );
  const currentTest = async (browser: TestBrowser) =>
    (await server.api.as(browser.cookie()).call('getTesting')).data().test;

  it('is left out while the tests have shown no weak spot, and no word carries a badge', async () => {
    const browser = server.browser();
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, {
      words: [{ term: 'cat', definitions: ['Katze'] }],
    });
    await takeTest(server, browser, dictionary, { cat: ['Katze'] });
    await open(browser, dictionary);

    expect(await screen.findByRole('heading', { level: 1, name: 'Animals' })).toBeInTheDocument();
    await waitFor(() =>
      expect(sent(browser, 'GET', `/api/dictionaries/${dictionary.id}/weak-spots`)).toHaveLength(1),
    );
    expect(screen.queryByRole('region', { name: 'Weak spots' })).not.toBeInTheDocument();
    expect(termCell('cat')).toHaveTextContent(/^cat$/);
  });

  it('offers one primary action: reviewing the due words, beside the weak spots and the word list', async () => {
    const { browser, dictionary } = await learnerWithWeakSpots();
    await open(browser, dictionary);
    await weakSpots();
    const review = await screen.findByRole('link', { name: 'Review due words' });

    expect(primaryActions()).toEqual([review]);
    expect(screen.getByRole('button', { name: 'Practise weak definitions' })).toBeInTheDocument();
  });

  it('lists the leech, the most missed definitions and the confusion pair, and badges only the leech', async () => {
    const { browser, dictionary } = await learnerWithWeakSpots();
    const words = await anotherTab(server, browser).words(dictionary);
    const idOf = (term: string) => words.find((word) => word.term === term)!.id;
    await open(browser, dictionary);
    const section = await weakSpots();

    const leeches = group('Leeches');
    expect(leeches).toHaveTextContent(
      'Words whose definitions you forgot 3 times or more after knowing them.',
    );
    const leechItems = within(leeches).getAllByRole('listitem');
    expect(leechItems).toHaveLength(1);
    expect(leechItems[0]).toHaveTextContent('cat');
    expect(within(leechItems[0]!).getByText('Leech — lapsed 3 times')).toBeInTheDocument();
    expect(within(leechItems[0]!).getByRole('link', { name: 'Rewrite this word: “cat”' })).toHaveAttribute(
      'href',
      `/dictionaries/${dictionary.id}/words/${idOf('cat')}/edit`,
    );
    expect(within(leechItems[0]!).getByRole('button', { name: 'Suspend “cat”' })).toBeEnabled();

    // Most missed first: cat (3 misses, all lapses), then mouse (helped once by the answers).
    const missed = within(group('Most missed definitions')).getAllByRole('listitem');
    const lastMissed = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(
      new Date(server.clock.now().getTime() - DAY_MS),
    );
    expect(missed.map((item) => item.textContent)).toEqual([
      `cat →answer: KatzeMissed 3 timesLapsed 3 timesLast missed ${lastMissed}`,
      `mouse →answer: MausMissed 1 timeLapsed 0 timesLast missed ${lastMissed}`,
    ]);
    expect(within(missed[0]!).getByText('Katze')).toHaveAttribute('lang', 'de');

    const pairs = within(group('Confusion pairs')).getAllByRole('listitem');
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toHaveTextContent(/^(dog ↔and mouse|mouse ↔and dog)Mixed up 1 time$/);

    expect(within(section).queryByRole('region', { name: 'Suspended words' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Practise weak definitions' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Practise confusion pairs' })).toBeEnabled();

    // The words table marks the leech, in words, and nothing else.
    expect(within(termCell('cat')).getByText('Leech')).toBeInTheDocument();
    expect(termCell('dog')).not.toHaveTextContent('Leech');
    expect(termCell('mouse')).not.toHaveTextContent('Leech');
    expect(screen.queryByText('Suspended')).not.toBeInTheDocument();
  });

  it('suspends a leech: out of the due count, badged in the table, resumed from the list', async () => {
    const { browser, dictionary } = await learnerWithWeakSpots();
    const { user } = await open(browser, dictionary);
    await weakSpots();
    await waitFor(() => expect(Number(due().textContent)).toBeGreaterThan(0));
    const dueBefore = Number(due().textContent);

    await user.click(screen.getByRole('button', { name: 'Suspend “cat”' }));

    const resume = await screen.findByRole('button', { name: 'Resume “cat”' });
    expect(group('Suspended words')).toContainElement(resume);
    await waitFor(() => expect(resume).toHaveFocus());
    expect(
      screen.getByText('“cat” is suspended: it stays out of your tests until you resume it.'),
    ).toBeVisible();
    expect(within(group('Suspended words')).getByText('Leech — lapsed 3 times')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leeches' })).not.toBeInTheDocument();
    // Its definitions leave the weak ones to practise; mouse stays.
    expect(within(group('Most missed definitions')).getAllByRole('listitem')).toHaveLength(1);
    expect(within(group('Most missed definitions')).getByRole('listitem')).toHaveTextContent(/^mouse/);
    await waitFor(() => expect(within(termCell('cat')).getByText('Suspended')).toBeInTheDocument());
    expect(termCell('dog')).not.toHaveTextContent('Suspended');
    await waitFor(() => expect(Number(due().textContent)).toBe(dueBefore - 1));
    expect(
      sent(browser, 'PATCH', `/api/dictionaries/${dictionary.id}/words/`).map((r) => JSON.parse(r.body)),
    ).toEqual([{ suspended: true }]);
    const cat = (await anotherTab(server, browser).words(dictionary)).find((word) => word.term === 'cat');
    expect(cat?.suspended).toBe(true);

    await user.click(resume);

    const suspend = await screen.findByRole('button', { name: 'Suspend “cat”' });
    expect(group('Leeches')).toContainElement(suspend);
    await waitFor(() => expect(suspend).toHaveFocus());
    expect(screen.getByText('“cat” is back in your tests.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Suspended words' })).not.toBeInTheDocument();
    await waitFor(() => expect(termCell('cat')).not.toHaveTextContent('Suspended'));
    expect(within(termCell('cat')).getByText('Leech')).toBeInTheDocument();
    await waitFor(() => expect(Number(due().textContent)).toBe(dueBefore));
  });

  it('starts a test of the weak definitions, weakest first', async () => {
    const { browser, dictionary } = await learnerWithWeakSpots();
    const { user, router } = await open(browser, dictionary);
    await weakSpots();

    await user.click(screen.getByRole('button', { name: 'Practise weak definitions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(sent(browser, 'POST', '/api/tester').map((r) => JSON.parse(r.body))).toEqual([
      { dictionaryId: dictionary.id, swap: false, range: { type: 'weak' } },
    ]);
    // The weakest definition comes first.
    expect(await currentTest(browser)).toMatchObject({ term: 'cat', total: 2 });
  });

  // Its own test on a freshly opened page: going back to the page after the first start (one
  // test before) lost the click now and then in full runs, the button being drawn again while
  // the page's data was asked again (not reproduced alone; see the closing note of 2026-11-27).
  it('starts a test of the confusion pairs', async () => {
    const { browser, dictionary } = await learnerWithWeakSpots();
    const { user, router } = await open(browser, dictionary);
    await weakSpots();

    await user.click(screen.getByRole('button', { name: 'Practise confusion pairs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(sent(browser, 'POST', '/api/tester').map((r) => JSON.parse(r.body))).toEqual([
      { dictionaryId: dictionary.id, swap: false, range: { type: 'confusions' } },
    ]);
    expect(await currentTest(browser)).toMatchObject({ total: 2 });
  });
});
