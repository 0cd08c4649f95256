import { screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, TesterOptions, User } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary, startTest } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { makeEveryWordDue, rememberTest, runTests, spendAttempts } from '../test/arrange';

describe('create tester screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let user: User;
  let animals: Dictionary;
  let food: Dictionary;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  // A member (five tests a day) with two dictionaries: an empty "Food" and "Animals" of two words.
  beforeEach(async () => {
    browser = server.browser();
    user = await browser.signIn('user');
    food = await createDictionary(server, browser, { name: 'Food', fromLanguage: 'fr', toLanguage: 'en' });
    // A second later, so "Animals" is the most recently changed: the picker lists it first.
    server.clock.advance(1000);
    animals = await createDictionary(server, browser, {
      name: 'Animals',
      fromLanguage: 'en',
      toLanguage: 'de',
      words: [
        { term: 'cat', definitions: ['Katze'] },
        { term: 'dog', definitions: ['Hund'] },
      ],
    });
  });

  afterEach(() => {
    window.sessionStorage.clear();
  });

  const open = (path = '/createTester') => renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
  const startButton = () => screen.getByRole('button', { name: 'Start the test' });
  /** Every test this screen started (POST /tester), oldest first. */
  const created = () =>
    browser.requests
      .filter((request) => request.method === 'POST' && request.url === '/api/tester')
      .map((request) => JSON.parse(request.body) as TesterOptions);

  it('offers the dictionaries, swap, and attempts left today', async () => {
    await spendAttempts(server, browser, animals, 2);
    await open();

    const dictionary = await screen.findByRole('combobox', { name: 'Dictionary' });
    expect(
      within(dictionary)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Animals (English → German, words: 2)', 'Food (French → English, words: 0)']);
    expect(dictionary).toHaveValue(animals.id);
    expect(screen.getByRole('checkbox', { name: 'Swap terms and definitions' })).not.toBeChecked();
    expect(await screen.findByText('Attempts left today: 3 of 5')).toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });

  it('offers the due words with their count per direction and starts a due test', async () => {
    await makeEveryWordDue(server, browser, animals);
    const { user: person, router } = await open();
    const due = await screen.findByRole('radio', { name: 'Due words: 2' });
    expect(due).toBeEnabled();
    await person.click(due);
    expect(screen.getByText(/^Due for review today: 2\./)).toBeInTheDocument();

    // Swapped, nothing is due: the choice stays (to switch away) but the start says why not.
    await person.click(screen.getByRole('checkbox', { name: 'Swap terms and definitions' }));
    expect(screen.getByRole('radio', { name: 'Due words: 0' })).toBeChecked();
    expect(startButton()).toBeDisabled();
    expect(startButton()).toHaveAccessibleDescription(/No words are due for review today\./);
    await person.click(screen.getByRole('checkbox', { name: 'Swap terms and definitions' }));

    await person.click(startButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(created()).toEqual([{ dictionaryId: animals.id, swap: false, range: { type: 'due' } }]);
  });

  it('disables the due words with a reason when nothing is due', async () => {
    await open();
    const due = await screen.findByRole('radio', { name: 'Due words: 0' });
    expect(due).toBeDisabled();
    expect(
      screen.getByText(/Words join the review schedule once you answer them in any test\./),
    ).toBeInTheDocument();
  });

  it('opens on the due source from a "review due words" link', async () => {
    // Food gets words, due in the swapped direction only.
    const words = [
      { term: 'pain', definitions: ['bread'] },
      { term: 'lait', definitions: ['milk'] },
    ];
    food = (
      await server.api
        .as(browser.cookie())
        .call('updateDictionary', { params: { id: food.id }, body: { words: { create: words } } })
    ).data();
    await makeEveryWordDue(server, browser, food, true);
    await open(`/createTester?dictionaryId=${food.id}&source=due`);
    expect(await screen.findByRole('combobox', { name: 'Dictionary' })).toHaveValue(food.id);
    expect(await screen.findByRole('radio', { name: 'Due words: 0' })).toBeChecked();
  });

  it('offers weak definitions and confusion pairs, each saying what it takes and why it is empty', async () => {
    const { user: person, router } = await open();
    await screen.findByRole('combobox', { name: 'Dictionary' });
    const swap = screen.getByRole('checkbox', { name: 'Swap terms and definitions' });

    await person.click(screen.getByRole('radio', { name: 'Weak definitions' }));
    expect(screen.getByRole('radio', { name: 'Weak definitions' })).toBeChecked();
    expect(
      screen.getByText(
        'The definitions you missed most often and most recently (at most 20), asked one at a time. Practice only: your review schedule stays as it is.',
      ),
    ).toBeInTheDocument();
    // Each weak definition comes the way it was missed: the direction is not the learner's choice.
    expect(swap).toHaveAccessibleDescription(
      'Does not apply here: each definition is asked the way you missed it.',
    );
    expect(screen.queryByRole('group', { name: 'Which words' })).not.toBeInTheDocument();
    // Nothing was ever missed in "Animals": the server finds no weak definition.
    await person.click(startButton());
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('No words match these options'));
    expect(alert).toHaveTextContent('You have not missed any definitions in this dictionary yet.');

    await person.click(screen.getByRole('radio', { name: 'Confusion pairs' }));
    expect(
      screen.getByText(
        'The pairs of words you mixed up most (at most 10), the two words of each pair asked one after the other.',
      ),
    ).toBeInTheDocument();
    expect(swap).toHaveAccessibleDescription('You see the definitions and type the term.');
    await person.click(swap);
    await person.click(startButton());
    await waitFor(() =>
      expect(alert).toHaveTextContent('You have not mixed up any words of this dictionary yet.'),
    );

    expect(created()).toEqual([
      { dictionaryId: animals.id, swap: false, range: { type: 'weak' } },
      { dictionaryId: animals.id, swap: true, range: { type: 'confusions' } },
    ]);
    expect(router.state.location.pathname).toBe('/createTester');
  });

  it('starts a test of the weak definitions once something was missed', async () => {
    // "dog" is skipped in a test: its definition is missed.
    await runTests(server, browser, animals, [{ cat: ['Katze'], dog: 'skip' }]);
    const { user: person, router } = await open();
    await screen.findByRole('combobox', { name: 'Dictionary' });

    await person.click(screen.getByRole('radio', { name: 'Weak definitions' }));
    await person.click(startButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(created()).toEqual([{ dictionaryId: animals.id, swap: false, range: { type: 'weak' } }]);
    // Only the missed word is asked.
    expect(await screen.findByText('dog')).toBeInTheDocument();
    expect(screen.getByText('Word 1 of 1')).toBeInTheDocument();
  });

  it('opens on a weak-spot source from a dictionary\'s "practise" link', async () => {
    await open(`/createTester?dictionaryId=${food.id}&source=weak`);
    expect(await screen.findByRole('combobox', { name: 'Dictionary' })).toHaveValue(food.id);
    expect(screen.getByRole('radio', { name: 'Weak definitions' })).toBeChecked();
  });

  it('opens on the confusion pairs from a link', async () => {
    await open(`/createTester?dictionaryId=${animals.id}&source=confusions`);
    expect(await screen.findByRole('radio', { name: 'Confusion pairs' })).toBeChecked();
  });

  it('ignores a source in the address that it does not know', async () => {
    await open(`/createTester?dictionaryId=${animals.id}&source=hardest`);
    expect(await screen.findByRole('radio', { name: 'By quantity' })).toBeChecked();
  });

  it('starts a test by quantity with the chosen range, then opens the runner', async () => {
    const { user: person, router } = await open();
    await screen.findByRole('combobox', { name: 'Dictionary' });

    expect(screen.getByRole('radio', { name: 'By quantity' })).toBeChecked();
    await person.click(screen.getByRole('radio', { name: 'First added' }));
    await person.click(screen.getByRole('radio', { name: '50' }));
    await person.click(screen.getByRole('radio', { name: 'Newest first' }));
    await person.click(startButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(created()).toEqual([
      {
        dictionaryId: animals.id,
        swap: false,
        range: { type: 'quantity', from: 'first', count: 50, order: 'desc' },
      },
    ]);
    // Newest first: "dog", added after "cat", comes first.
    expect(await screen.findByText('dog')).toBeInTheDocument();
  });

  it('takes every word with "All", where the count does not apply', async () => {
    const { user: person } = await open();
    await screen.findByRole('combobox', { name: 'Dictionary' });

    await person.click(screen.getByRole('radio', { name: 'All' }));

    const count = screen.getByRole('group', { name: 'How many' });
    expect(count).toBeDisabled();
    expect(within(count).getByRole('radio', { name: '20' })).toBeDisabled();
    expect(screen.getByText('All the words of the dictionary are taken.')).toBeInTheDocument();
  });

  it('moves through a segmented control with the arrow keys', async () => {
    const { user: person } = await open();
    await screen.findByRole('combobox', { name: 'Dictionary' });

    screen.getByRole('radio', { name: 'Last added' }).focus();
    await person.keyboard('{ArrowRight}');

    expect(screen.getByRole('radio', { name: 'First added' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'First added' })).toHaveFocus();
  });

  it('starts a swapped test by date with a custom amount and unit, validating the amount', async () => {
    const { user: person, router } = await open();
    await screen.findByRole('combobox', { name: 'Dictionary' });

    await person.click(screen.getByRole('checkbox', { name: 'Swap terms and definitions' }));
    await person.click(screen.getByRole('radio', { name: 'By date' }));
    expect(screen.getByRole('radio', { name: 'Last day' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Last 3 days' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Last week' })).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Amount' })).not.toBeInTheDocument();

    await person.click(screen.getByRole('radio', { name: 'Custom' }));
    const amount = screen.getByRole('spinbutton', { name: 'Amount' });
    const unit = screen.getByRole('combobox', { name: 'Unit' });
    expect(
      within(unit)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Minutes', 'Hours', 'Days', 'Weeks']);

    await person.clear(amount);
    await person.click(startButton());
    expect(await screen.findByText('The field is required')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription('The field is required');

    await person.type(amount, '0');
    await person.click(startButton());
    expect(await screen.findByText('Enter a whole number from 1 to 9999')).toBeInTheDocument();
    expect(created()).toEqual([]);

    await person.clear(amount);
    await person.type(amount, '2');
    await person.selectOptions(unit, 'Hours');
    await person.click(startButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(created()).toEqual([
      {
        dictionaryId: animals.id,
        swap: true,
        range: { type: 'date', period: 'custom', amount: 2, unit: 'hours' },
      },
    ]);
  });

  it('sends a fixed period without amount or unit', async () => {
    const { user: person, router } = await open();
    await screen.findByRole('combobox', { name: 'Dictionary' });

    await person.click(screen.getByRole('radio', { name: 'By date' }));
    await person.click(screen.getByRole('radio', { name: 'Last week' }));
    await person.click(startButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(created()).toEqual([
      { dictionaryId: animals.id, swap: false, range: { type: 'date', period: 'lastWeek' } },
    ]);
  });

  it('disables start at 0 attempts with the message of SPEC §8', async () => {
    await spendAttempts(server, browser, animals, user.limits.testsPerDay);
    await open();

    expect(
      await screen.findByText(/^The maximum testing attempts for today is reached\. New attempts /),
    ).toBeInTheDocument();
    expect(screen.getByText('Attempts left today: 0 of 5')).toBeInTheDocument();
    expect(startButton()).toBeDisabled();
    // When they come back and where to get more: TestsLimit.test.tsx.
    expect(startButton()).toHaveAccessibleDescription(
      /^Attempts left today: 0 of 5 The maximum testing attempts for today is reached\. New attempts .+\. Get more with Premium$/,
    );
  });

  it('explains an empty test on the screen, without the error modal', async () => {
    const { user: person, router } = await open();
    const dictionary = await screen.findByRole('combobox', { name: 'Dictionary' });

    await person.selectOptions(dictionary, food.id);
    expect(screen.getByText('This dictionary has no words yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add words' })).toHaveAttribute(
      'href',
      `/dictionaries/${food.id}/words/edit`,
    );
    await person.click(startButton());

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('No words match these options'));
    expect(alert).toHaveTextContent('Choose another range or add words to the dictionary.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/createTester');
  });

  it('links to the dictionaries when there are none', async () => {
    // A member who has no dictionaries yet.
    browser = server.browser();
    await browser.signIn('user');
    await open();

    expect(
      await screen.findByText(
        'You have no dictionaries yet. Create one and add a few words to test yourself on them.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dictionaries' })).toHaveAttribute('href', '/dictionaries');
    expect(screen.queryByRole('button', { name: 'Start the test' })).not.toBeInTheDocument();
  });

  it('fills the form with the options of the test this tab started, and offers to continue it', async () => {
    const options: TesterOptions = {
      dictionaryId: animals.id,
      swap: true,
      range: { type: 'date', period: 'custom', amount: 3, unit: 'days' },
    };
    await startTest(server, browser, options);
    rememberTest(user, animals, options);
    await open();

    expect(await screen.findByRole('spinbutton', { name: 'Amount' })).toHaveValue(3);
    expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveValue('days');
    expect(screen.getByRole('checkbox', { name: 'Swap terms and definitions' })).toBeChecked();
    expect(
      await screen.findByText('You have a test in progress: word 1 of 2. Starting a new test replaces it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue the test' })).toHaveAttribute('href', '/testing');
  });

  it('preselects a dictionary named in the address', async () => {
    await open(`/createTester?dictionaryId=${food.id}`);
    expect(await screen.findByRole('combobox', { name: 'Dictionary' })).toHaveValue(food.id);
  });
});
