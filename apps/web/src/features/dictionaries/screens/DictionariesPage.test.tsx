import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import {
  makeDictionary,
  makeWords,
  sent,
  serveDictionaries,
  type FakeApi,
} from '../test/fakeDictionariesApi';

describe('Dictionaries list', () => {
  let server: TestServer;
  let api: FakeApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = serveDictionaries(
      server,
      makeUser({ role: 'user', limits: { dictionaries: 2, wordsPerDictionary: 300, testsPerDay: 5 } }),
    );
  });
  afterEach(async () => {
    await server.close();
  });

  const open = async () => {
    const rendered = await renderApp({ path: '/dictionaries', apiUrl: server.apiUrl });
    // The first render loads the lazy screen, which can take a while on a cold test run.
    await screen.findByRole('heading', { level: 1, name: 'Dictionaries' }, { timeout: 5000 });
    return rendered;
  };

  it('shows a card per dictionary with its name, languages, word count and update date, linking to it', async () => {
    const animals = makeDictionary({
      name: 'Animals',
      fromLanguage: 'en',
      toLanguage: 'de',
      words: makeWords(3),
      updatedAt: '2025-03-04T10:00:00.000Z',
    });
    api.dictionaries.push(animals);
    await open();

    const card = (await screen.findByRole('heading', { level: 2, name: 'Animals' })).closest('a');
    expect(card).toHaveAttribute('href', `/dictionaries/${animals.id}`);
    const inCard = within(card!);
    expect(inCard.getByText('Terms: English, definitions: German')).toBeInTheDocument();
    expect(inCard.getByText('Words: 3')).toBeInTheDocument();
    expect(inCard.getByText('Updated Mar 4, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create dictionary/ })).toHaveAttribute(
      'href',
      '/dictionaries/create',
    );
  });

  it('rejects forbidden characters in the search with the SPEC message and searches valid text', async () => {
    api.dictionaries.push(makeDictionary({ name: 'Animals' }), makeDictionary({ name: 'Verbs' }));
    const { user } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Animals' });
    const search = screen.getByRole('searchbox', { name: 'Search dictionaries' });

    await user.type(search, 'a<b>');
    expect(await screen.findByText('Contains one or more forbidden characters')).toBeInTheDocument();
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(sent(server, 'GET', '/api/dictionaries?search=')).toHaveLength(0);

    await user.clear(search);
    await user.type(search, 'verb');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Animals' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Verbs' })).toBeInTheDocument();
    expect(screen.queryByText('Contains one or more forbidden characters')).not.toBeInTheDocument();
    // Debounced: one request for the whole word, not one per letter.
    expect(sent(server, 'GET', '/api/dictionaries?search=').map((r) => r.url)).toEqual([
      '/api/dictionaries?search=verb&sort=update&direction=-1&limit=100',
    ]);

    await user.clear(search);
    await user.type(search, 'zebra');
    expect(await screen.findByRole('heading', { name: 'No dictionaries match “zebra”' })).toBeInTheDocument();
  });

  it('sorts by name, update or words in either direction and keeps the choice in sortingConfigs', async () => {
    api.dictionaries.push(
      makeDictionary({ name: 'Beta', words: makeWords(1) }),
      makeDictionary({ name: 'alpha', words: makeWords(5) }),
    );
    const { user, router } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Beta' });
    const names = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    await waitFor(() => expect(names()).toEqual(['Beta', 'alpha']));
    await user.click(screen.getByRole('button', { name: 'Sort direction: Descending' }));
    await waitFor(() => expect(names()).toEqual(['alpha', 'Beta']));
    expect(screen.getByRole('button', { name: 'Sort direction: Ascending' })).toBeInTheDocument();

    await waitFor(() =>
      expect(api.user.sortingConfigs).toMatchObject({
        dictionariesSort: 'name',
        dictionariesSortDirection: 1,
      }),
    );
    const patches = sent(server, 'PATCH', '/api/users/me').map((r) => JSON.parse(r.body));
    expect(patches.at(-1)).toEqual({
      sortingConfigs: { dictionariesSort: 'name', dictionariesSortDirection: 1 },
    });

    // Leaving and coming back starts from the stored choice.
    await act(() => router.navigate('/menu'));
    await act(() => router.navigate('/dictionaries'));
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    expect(screen.getByRole('button', { name: 'Sort direction: Ascending' })).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['alpha', 'Beta']));
  });

  it('disables the create tile at the role limit and says why', async () => {
    api.user = makeUser({
      role: 'guest',
      email: null,
      limits: { dictionaries: 1, wordsPerDictionary: 100, testsPerDay: 3 },
    });
    api.dictionaries.push(makeDictionary({ name: 'Only one' }));
    await open();

    const create = await screen.findByRole('button', { name: 'Create dictionary' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'For the "Guest" role, the maximum number of dictionaries is set to 1',
    );
    expect(screen.queryByRole('link', { name: /Create dictionary/ })).not.toBeInTheDocument();
  });

  it('counts every dictionary for the limit, even while a search hides some', async () => {
    api.dictionaries.push(makeDictionary({ name: 'Animals' }), makeDictionary({ name: 'Verbs' }));
    const { user } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Animals' });
    expect(screen.getByRole('button', { name: 'Create dictionary' })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Search dictionaries' }), 'verb');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Animals' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Create dictionary' })).toBeDisabled();
  });

  it('shows an empty state with the create tile when there are no dictionaries', async () => {
    await open();
    expect(await screen.findByRole('heading', { name: 'No dictionaries yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create dictionary/ })).toBeInTheDocument();
  });

  it('shows a load failure (in the error modal and in place) with Retry', async () => {
    api.failList = true;
    const { user } = await open();
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong' });
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByRole('heading', { name: 'The dictionaries could not be loaded' }),
    ).toBeInTheDocument();

    api.failList = false;
    api.dictionaries.push(makeDictionary({ name: 'Back again' }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Back again' })).toBeInTheDocument();
  });
});
