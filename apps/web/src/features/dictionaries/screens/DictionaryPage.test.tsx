import { screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, WordInput } from '@wordhoard/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { slowNetwork } from '../../../test/slowNetwork';
import { anotherTab, numberedWords, sent } from '../test/arrange';

describe('Dictionary view', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let dictionary: Dictionary;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    browser = server.browser();
    await browser.signIn();
    // Oldest words first: the screen starts from the stored choice.
    await anotherTab(server, browser).storeSorting({
      dictionaryWordsSort: 'create',
      dictionaryWordsSortDirection: 1,
    });
    dictionary = await createDictionary(server, browser, {
      name: 'Animals',
      fromLanguage: 'en',
      toLanguage: 'uk',
      words: numberedWords(95),
    });
  });

  const open = (path = `/dictionaries/${dictionary.id}`, fetch = browser.fetch) =>
    renderApp({ path, apiUrl: server.apiUrl, fetch });
  const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
  const table = () => screen.getByRole('table', { name: 'Words' });
  const bodyRows = () => within(table()).getAllByRole('row').slice(1);
  const pageRequests = () => sent(browser, 'GET', `/api/dictionaries/${dictionary.id}?`).map((r) => r.url);
  /** Adds words later than the ones made in beforeEach, so they are the newest. */
  const addNewerWords = async (words: WordInput[]) => {
    server.clock.advance(60_000);
    await anotherTab(server, browser).addWords(dictionary, words);
  };

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
    const network = slowNetwork(browser);
    const { user } = await open(undefined, network.fetch);
    await heading('Animals');
    network.hold(`GET /api/dictionaries/${dictionary.id}`);

    await user.click(screen.getByRole('button', { name: 'Load more words' }));
    expect(await screen.findByText('Loading more words…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more words' })).toHaveAttribute('aria-busy', 'true');
    network.release();
    await waitFor(() => expect(bodyRows()).toHaveLength(80));
    expect(screen.getByRole('button', { name: 'Load more words' })).not.toHaveAttribute('aria-busy');
  });

  it('searches terms and definitions, starting again from page one', async () => {
    await addNewerWords([{ term: 'cat 001', definitions: ['кіт', 'кішка'] }]);
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
    expect(await screen.findByText('The character “<” can’t be used here')).toBeInTheDocument();
  });

  it('sorts by create, term or update and stores the choice', async () => {
    await addNewerWords(numberedWords(1, 'aardvark'));
    const { user } = await open();
    await heading('Animals');
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('word 001');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Term');
    await waitFor(() =>
      expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('aardvark 001'),
    );
    await user.click(screen.getByRole('button', { name: 'Sort direction: Ascending' }));
    await waitFor(() => expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('word 095'));
    await waitFor(async () =>
      expect(await anotherTab(server, browser).sortingConfigs()).toMatchObject({
        dictionaryWordsSort: 'term',
        dictionaryWordsSortDirection: -1,
      }),
    );
  });

  it('numbers each word by the order the words were added, in any sort and search', async () => {
    const { user } = await open();
    await heading('Animals');
    const cells = (row: number) =>
      within(bodyRows()[row]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);

    // Newest first: the newest word keeps its number, 95, rather than counting as row 1.
    await user.click(screen.getByRole('button', { name: 'Sort direction: Ascending' }));
    await waitFor(() => expect(cells(0)).toEqual(['95', 'word 095', 'meaning 95']));
    expect(cells(1)).toEqual(['94', 'word 094', 'meaning 94']);

    await user.type(screen.getByRole('searchbox', { name: 'Search terms and definitions' }), 'word 050');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(cells(0)).toEqual(['50', 'word 050', 'meaning 50']);
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
    expect(sent(browser, 'DELETE', '/api/dictionaries')).toHaveLength(0);

    await user.click(deleteButton);
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dictionaries'));
    expect(sent(browser, 'DELETE', `/api/dictionaries/${dictionary.id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'No dictionaries yet' })).toBeInTheDocument();
    expect(await anotherTab(server, browser).dictionaries()).toEqual([]);
  });

  it('says when the dictionary does not exist', async () => {
    const { user } = await open('/dictionaries/00000000-0000-4000-8000-999999999999');
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong' });
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: 'Dictionary not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All dictionaries' })).toHaveAttribute('href', '/dictionaries');
  });

  it('invites to add words to an empty dictionary', async () => {
    const empty = await createDictionary(server, browser, { name: 'Empty' });
    await open(`/dictionaries/${empty.id}`);
    expect(await screen.findByRole('heading', { name: 'No words yet' })).toBeInTheDocument();
  });
});
