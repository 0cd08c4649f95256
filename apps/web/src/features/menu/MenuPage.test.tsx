import { screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, TesterOptions } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../test/apiServer';
import { createDictionary } from '../../test/arrange';
import { renderApp } from '../../test/render';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The main menu's due words (docs/decisions/0048-due-across-dictionaries.md): a line per
 * dictionary with words due today, and one button that tests all of them, every dictionary and
 * direction, each word shown in its own languages.
 */
describe('main menu', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let animals: Dictionary;
  let food: Dictionary;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    browser = server.browser();
    await browser.signIn('user');
    animals = await createDictionary(server, browser, {
      name: 'Animals',
      fromLanguage: 'en',
      toLanguage: 'de',
      words: [
        { term: 'cat', definitions: ['Katze'] },
        { term: 'dog', definitions: ['Hund'] },
      ],
    });
    food = await createDictionary(server, browser, {
      name: 'Food',
      fromLanguage: 'fr',
      toLanguage: 'en',
      words: [{ term: 'pain', definitions: ['bread'] }],
    });
  });

  afterEach(() => {
    window.sessionStorage.clear();
  });

  const api = () => server.api.as(browser.cookie());
  /** Skips every word of a test of `dictionary` (graded Again: due a day later), as the product does. */
  async function skipEveryWord(dictionary: Dictionary, swap: boolean) {
    (
      await api().call('createTester', {
        body: {
          dictionaryId: dictionary.id,
          swap,
          range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
        },
      })
    ).data();
    for (;;) {
      const { test } = (await api().call('getTesting')).data();
      if (!test) return;
      const target = { position: test.position, wordId: test.wordId, attemptId: crypto.randomUUID() };
      (await api().call('skip', { body: target })).data();
    }
  }
  /** The animals due forward since yesterday, the food due swapped since today: three words. */
  async function makeWordsDue() {
    await skipEveryWord(animals, false);
    server.clock.advance(DAY_MS);
    await skipEveryWord(food, true);
    server.clock.advance(DAY_MS);
  }
  const open = (path = '/menu') => renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
  const created = () =>
    browser.requests
      .filter((request) => request.method === 'POST' && request.url === '/api/tester')
      .map((request) => JSON.parse(request.body) as TesterOptions);
  const answerField = () => screen.getByRole('textbox', { name: 'Your answer' });

  it('lists the words due today per dictionary, each linking to its due test', async () => {
    await makeWordsDue();
    await open();

    const section = await screen.findByRole('region', { name: 'Due today' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Animals Words: 2', 'Food Words: 1']);
    expect(links[0]).toHaveAttribute('href', `/createTester?source=due&dictionaryId=${animals.id}`);
    // Only the swapped direction is due in Food: its link asks for that direction.
    expect(links[1]).toHaveAttribute('href', `/createTester?source=due&dictionaryId=${food.id}&swap=1`);
    expect(within(section).getByRole('button', { name: 'Study all due words (3)' })).toBeEnabled();
    // The testing card still says how many are due.
    expect(screen.getByText('Due for review today: 3')).toBeInTheDocument();
  });

  it('opens the tester on a dictionary’s due words in the direction that has them', async () => {
    await makeWordsDue();
    const { user: person, router } = await open();
    await person.click(await screen.findByRole('link', { name: 'Food Words: 1' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/createTester'));
    expect(await screen.findByRole('combobox', { name: 'Dictionary' })).toHaveValue(food.id);
    expect(screen.getByRole('checkbox', { name: 'Swap terms and definitions' })).toBeChecked();
    expect(await screen.findByRole('radio', { name: 'Due words: 1' })).toBeChecked();
  });

  it('shows no due section when nothing is due', async () => {
    const app = await open();
    await screen.findByRole('link', { name: /Testing/ });
    await waitFor(() =>
      expect(browser.requests.some((request) => request.url === '/api/testing/due')).toBe(true),
    );
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Due today' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Study all due words/ })).not.toBeInTheDocument();
  });

  it('starts the test of all due words, each shown in its own languages and direction', async () => {
    await makeWordsDue();
    const { user: person, router } = await open();
    await person.click(await screen.findByRole('button', { name: 'Study all due words (3)' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(created()).toEqual([{ dictionaryId: null, swap: false, range: { type: 'due' } }]);

    // The animals first (due since yesterday): English shown, German typed.
    await screen.findByText('Word 1 of 3');
    const first = screen.getByText(/^(cat|dog)$/);
    expect(first).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Type the definitions of')).toBeInTheDocument();
    expect(answerField()).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('toolbar', { name: 'Special letters (German)' })).toBeInTheDocument();
    await person.type(answerField(), first.textContent === 'cat' ? 'Katze{Enter}' : 'Hund{Enter}');

    // The other animal is skipped: its answer shows in German.
    await screen.findByText('Word 2 of 3');
    const second = screen.getByText(/^(cat|dog)$/).textContent;
    await person.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/skip'));
    await screen.findByRole('heading', { level: 1, name: 'Skipped word' });
    expect(await screen.findByText(second)).toHaveAttribute('lang', 'en');
    const answers = screen.getByRole('list', { name: 'Answers' });
    expect(within(answers).getByText(second === 'cat' ? 'Katze' : 'Hund')).toHaveAttribute('lang', 'de');
    await person.click(screen.getByRole('button', { name: 'Next word' }));

    // Then Food, swapped: the English definition shown, the French term typed.
    await screen.findByText('Word 3 of 3');
    expect(screen.getByText('bread')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Type the term for')).toBeInTheDocument();
    expect(answerField()).toHaveAttribute('lang', 'fr');
    expect(screen.getByRole('toolbar', { name: 'Special letters (French)' })).toBeInTheDocument();
    await person.type(answerField(), 'pan{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/check'));
    await screen.findByRole('heading', { level: 1, name: 'Check the answer' });
    expect(await screen.findByText('pan')).toHaveAttribute('lang', 'fr');
    expect(screen.getByText('bread')).toHaveAttribute('lang', 'en');
    await person.click(screen.getByRole('button', { name: 'Next word' }));

    // The report: each word in its languages, the wrong one editable in its own dictionary.
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing/finish'));
    await screen.findByRole('heading', { level: 1, name: 'Test report' });
    const items = await screen.findAllByTestId('report-item');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).getAttribute('lang'))).toEqual(
      ['en', 'en', 'en'],
    );
    const pain = (await api().call('getDictionary', { params: { id: food.id } })).data().words[0]!;
    expect(screen.getByRole('link', { name: 'Edit word “bread”' })).toHaveAttribute(
      'href',
      `/dictionaries/${food.id}/words/${pain.id}/edit`,
    );
    expect(within(items[2]!).getByText('pain')).toHaveAttribute('lang', 'fr');
  });

  it('says so in place when no attempts are left today', async () => {
    await makeWordsDue();
    // Today's five attempts are used up elsewhere (making the words due took other days').
    for (let used = 0; used < 5; used += 1) {
      (
        await api().call('createTester', {
          body: {
            dictionaryId: animals.id,
            swap: false,
            range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
          },
        })
      ).data();
    }
    const { user: person, router } = await open();
    const start = await screen.findByRole('button', { name: 'Study all due words (3)' });
    await person.click(start);

    // The refusal says when the attempts come back (the server's `resetsAt`) and offers Premium.
    const resetsAt = (await api().call('getTesting')).data().testsResetAt;
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(resetsAt),
    );
    const reason = `The maximum testing attempts for today is reached. New attempts on ${time}. Get more with Premium`;
    expect(await screen.findByRole('link', { name: 'Get more with Premium' })).toHaveAttribute(
      'href',
      '/plans',
    );
    expect(start).toHaveAccessibleDescription(reason);
    expect(router.state.location.pathname).toBe('/menu');
  });
});
