import { screen, waitFor, within } from '@testing-library/react';
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
  type FakeDictionary,
} from '../test/fakeDictionariesApi';

describe('Dictionary view', () => {
  let server: TestServer;
  let api: FakeApi;
  let dictionary: FakeDictionary;

  beforeEach(async () => {
    server = await startTestServer();
    api = serveDictionaries(
      server,
      makeUser({
        sortingConfigs: {
          dictionariesSort: 'update',
          dictionariesSortDirection: -1,
          dictionaryWordsSort: 'create',
          dictionaryWordsSortDirection: 1,
        },
      }),
    );
    dictionary = makeDictionary({
      name: 'Animals',
      fromLanguage: 'en',
      toLanguage: 'uk',
      words: makeWords(95),
    });
    api.dictionaries.push(dictionary);
  });
  afterEach(async () => {
    await server.close();
  });

  const open = (path = `/dictionaries/${dictionary.id}`) => renderApp({ path, apiUrl: server.apiUrl });
  // The first render loads the lazy screen, which can take a while on a cold test run.
  const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
  const table = () => screen.getByRole('table', { name: 'Words' });
  const bodyRows = () => within(table()).getAllByRole('row').slice(1);
  const pageRequests = () => sent(server, 'GET', `/api/dictionaries/${dictionary.id}?`).map((r) => r.url);

  it('shows the info, the actions and the first 40 words in columns #, term, definitions', async () => {
    await open();

    expect(await heading('Animals')).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Dictionary info' });
    expect(within(info).getByText('Terms language').nextSibling).toHaveTextContent('English');
    expect(within(info).getByText('Definitions language').nextSibling).toHaveTextContent('Ukrainian');
    expect(screen.getByRole('link', { name: 'Edit info' })).toHaveAttribute(
      'href',
      `/dictionaries/${dictionary.id}/info/edit`,
    );
    expect(screen.getByRole('link', { name: 'Manage words' })).toHaveAttribute(
      'href',
      `/dictionaries/${dictionary.id}/words/edit`,
    );

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Term', 'Definitions']);
    expect(bodyRows()).toHaveLength(40);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'word 001', 'meaning 1']);
    expect(table()).toHaveAttribute('aria-rowcount', '96');
    expect(pageRequests()).toEqual([
      `/api/dictionaries/${dictionary.id}?page=1&limit=40&sort=create&direction=1`,
    ]);
  });

  it('appends pages of 40 and stops at the page shorter than 40', async () => {
    const { user } = await open();
    await heading('Animals');

    await user.click(screen.getByRole('button', { name: 'Load more words' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(80));
    expect(within(bodyRows()[40]!).getAllByRole('cell')[1]).toHaveTextContent('word 041');
    expect(screen.getByText('Showing 80 of 95')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more words' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(95));
    expect(
      within(bodyRows()[94]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['95', 'word 095', 'meaning 95']);
    expect(screen.getByText('No more words')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more words' })).not.toBeInTheDocument();
    expect(pageRequests().map((url) => new URL(url, 'http://x').searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('announces loading while the next page is on its way', async () => {
    const { user } = await open();
    await heading('Animals');
    api.holdPages = true;

    await user.click(screen.getByRole('button', { name: 'Load more words' }));
    expect(await screen.findByText('Loading more words…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more words' })).toBeDisabled();
    api.release();
    await waitFor(() => expect(bodyRows()).toHaveLength(80));
  });

  it('searches terms and definitions, starting again from page one', async () => {
    dictionary.words.push({ ...makeWords(1, 'cat')[0]!, definitions: ['кіт', 'кішка'] });
    dictionary.wordsCount += 1;
    const { user } = await open();
    await heading('Animals');
    await user.click(screen.getByRole('button', { name: 'Load more words' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(80));

    await user.type(screen.getByRole('searchbox', { name: 'Search terms and definitions' }), 'кішка');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0]!).getAllByRole('cell')[2]).toHaveTextContent('кіт, кішка');
    expect(screen.getByText('No more words')).toBeInTheDocument();
    expect(pageRequests().at(-1)).toContain('page=1&limit=40&search=%D0%BA');

    await user.clear(screen.getByRole('searchbox', { name: 'Search terms and definitions' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search terms and definitions' }), 'a<');
    expect(await screen.findByText('Contains one or more forbidden characters')).toBeInTheDocument();
  });

  it('sorts by create, term or update and stores the choice', async () => {
    dictionary.words.unshift({ ...makeWords(1, 'aardvark')[0]!, createdAt: '2026-01-01T00:00:00.000Z' });
    const { user } = await open();
    await heading('Animals');
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('word 001');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Term');
    await waitFor(() =>
      expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('aardvark 001'),
    );
    await user.click(screen.getByRole('button', { name: 'Sort direction: Ascending' }));
    await waitFor(() => expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('word 095'));
    await waitFor(() =>
      expect(api.user.sortingConfigs).toMatchObject({
        dictionaryWordsSort: 'term',
        dictionaryWordsSortDirection: -1,
      }),
    );
  });

  it('deletes only after a yes, then returns to the list', async () => {
    const { user, router } = await open();
    await heading('Animals');
    const deleteButton = screen.getByRole('button', { name: 'Delete' });

    await user.click(deleteButton);
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete “Animals”?' });
    expect(dialog).toHaveAccessibleDescription(
      'The dictionary and all its words will be deleted. This cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'No' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteButton).toHaveFocus());
    expect(sent(server, 'DELETE', '/api/dictionaries')).toHaveLength(0);

    await user.click(deleteButton);
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dictionaries'));
    expect(sent(server, 'DELETE', `/api/dictionaries/${dictionary.id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'No dictionaries yet' })).toBeInTheDocument();
  });

  it('says when the dictionary does not exist', async () => {
    const { user } = await open('/dictionaries/00000000-0000-4000-8000-999999999999');
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong' });
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: 'Dictionary not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All dictionaries' })).toHaveAttribute('href', '/dictionaries');
  });

  it('invites to add words to an empty dictionary', async () => {
    dictionary.words = [];
    dictionary.wordsCount = 0;
    await open();
    expect(await screen.findByRole('heading', { name: 'No words yet' })).toBeInTheDocument();
  });
});
