import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { makeDictionary, rememberTest, serveTestingApi, type FakeTestingApi } from '../test/fakeTestingApi';

// Each screen is a lazily loaded route chunk; on a busy machine the first load takes a while.
configure({ asyncUtilTimeout: 4000 });

describe('create tester screen', { timeout: 20_000 }, () => {
  let server: TestServer;
  let api: FakeTestingApi;
  const user = makeUser({
    role: 'user',
    limits: { dictionaries: 2, wordsPerDictionary: 300, testsPerDay: 5 },
  });
  const animals = makeDictionary({ name: 'Animals', fromLanguage: 'en', toLanguage: 'de', wordsCount: 2 });
  const food = makeDictionary({ name: 'Food', fromLanguage: 'fr', toLanguage: 'en', wordsCount: 0 });

  beforeEach(async () => {
    server = await startTestServer();
    api = serveTestingApi(server, {
      user,
      dictionaries: [animals, food],
      words: {
        [animals.id]: [
          { term: 'cat', definitions: ['Katze'] },
          { term: 'dog', definitions: ['Hund'] },
        ],
      },
      testsLeft: 3,
    });
  });

  afterEach(async () => {
    window.sessionStorage.clear();
    await server.close();
  });

  const open = (path = '/createTester') => renderApp({ path, apiUrl: server.apiUrl });
  const startButton = () => screen.getByRole('button', { name: 'Start the test' });

  it('offers the dictionaries, swap, and attempts left today', async () => {
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
    api.due = [{ dictionaryId: animals.id, forward: 2, swapped: 0 }];
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
    expect(api.created).toEqual([{ dictionaryId: animals.id, swap: false, range: { type: 'due' } }]);
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
    api.due = [{ dictionaryId: food.id, forward: 0, swapped: 4 }];
    await open(`/createTester?dictionaryId=${food.id}&source=due`);
    expect(await screen.findByRole('combobox', { name: 'Dictionary' })).toHaveValue(food.id);
    expect(await screen.findByRole('radio', { name: 'Due words: 0' })).toBeChecked();
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
    expect(api.created).toEqual([
      {
        dictionaryId: animals.id,
        swap: false,
        range: { type: 'quantity', from: 'first', count: 50, order: 'desc' },
      },
    ]);
    expect(await screen.findByText('cat')).toBeInTheDocument();
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
    expect(api.created).toEqual([]);

    await person.clear(amount);
    await person.type(amount, '2');
    await person.selectOptions(unit, 'Hours');
    await person.click(startButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(api.created).toEqual([
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
    expect(api.created).toEqual([
      { dictionaryId: animals.id, swap: false, range: { type: 'date', period: 'lastWeek' } },
    ]);
  });

  it('disables start at 0 attempts with the message of SPEC §8', async () => {
    api.testsLeft = 0;
    await open();

    expect(await screen.findByText('The maximum testing attempts for today is reached')).toBeInTheDocument();
    expect(screen.getByText('Attempts left today: 0 of 5')).toBeInTheDocument();
    expect(startButton()).toBeDisabled();
    expect(startButton()).toHaveAccessibleDescription(
      'Attempts left today: 0 of 5 The maximum testing attempts for today is reached',
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
    api.dictionaries = [];
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
    rememberTest(user, {
      dictionaryId: animals.id,
      swap: true,
      range: { type: 'date', period: 'custom', amount: 3, unit: 'days' },
    });
    api.startTest([{ term: 'cat', definitions: ['Katze'] }]);
    await open();

    expect(await screen.findByRole('spinbutton', { name: 'Amount' })).toHaveValue(3);
    expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveValue('days');
    expect(screen.getByRole('checkbox', { name: 'Swap terms and definitions' })).toBeChecked();
    expect(
      await screen.findByText('You have a test in progress: word 1 of 1. Starting a new test replaces it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue the test' })).toHaveAttribute('href', '/testing');
  });

  it('preselects a dictionary named in the address', async () => {
    await open(`/createTester?dictionaryId=${food.id}`);
    expect(await screen.findByRole('combobox', { name: 'Dictionary' })).toHaveValue(food.id);
  });
});
