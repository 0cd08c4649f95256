import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, numberedWords, sent } from '../test/arrange';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date as the cards show it in English (medium style, the browser's time zone). */
const mediumDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));

describe('Dictionaries list', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  const open = async (path = '/dictionaries') => {
    const rendered = await renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Dictionaries' });
    return rendered;
  };

  it('shows a card per dictionary with its name, languages, word count and update date, linking to it', async () => {
    await browser.signIn();
    const created = await createDictionary(server, browser, {
      name: 'Animals',
      fromLanguage: 'en',
      toLanguage: 'de',
    });
    // Words added days later make the update date differ from the creation date.
    server.clock.advance(3 * DAY_MS);
    const animals = await anotherTab(server, browser).addWords(created, numberedWords(3));
    expect(mediumDate(animals.updatedAt)).not.toBe(mediumDate(animals.createdAt));
    await open();

    const card = (await screen.findByRole('heading', { level: 2, name: 'Animals' })).closest('a');
    expect(card).toHaveAttribute('href', `/dictionaries/${animals.id}`);
    const inCard = within(card!);
    expect(inCard.getByText('Terms: English, definitions: German')).toBeInTheDocument();
    expect(inCard.getByText('Words: 3')).toBeInTheDocument();
    expect(inCard.getByText(`Updated ${mediumDate(animals.updatedAt)}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create dictionary/ })).toHaveAttribute(
      'href',
      '/dictionaries/create',
    );
  });

  it('rejects a forbidden character in the search, naming it, and searches valid text', async () => {
    await browser.signIn();
    await createDictionary(server, browser, { name: 'Animals' });
    await createDictionary(server, browser, { name: 'Verbs' });
    const { user } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Animals' });
    const search = screen.getByRole('searchbox', { name: 'Search dictionaries' });

    // The forbidden character first: every text on the way is invalid, whatever the typing's pace.
    await user.type(search, '<b>a');
    expect(await screen.findByText('The character “<” can’t be used here')).toBeInTheDocument();
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(sent(browser, 'GET', '/api/dictionaries?search=')).toHaveLength(0);

    await user.clear(search);
    await user.type(search, 'verb');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Animals' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Verbs' })).toBeInTheDocument();
    expect(screen.queryByText('The character “<” can’t be used here')).not.toBeInTheDocument();
    // Debounced: how many requests a word takes depends on the typing's pace (on a busy machine
    // the keystrokes of user.type came further apart than the debounce, and each letter was
    // sent), so the test checks what was sent: only what was typed, ending with the whole word.
    const searches = sent(browser, 'GET', '/api/dictionaries?search=').map((r) => r.url);
    expect(searches.at(-1)).toBe('/api/dictionaries?search=verb&sort=update&direction=-1&limit=100');
    for (const url of searches) expect(url).toMatch(/^\/api\/dictionaries\?search=(v|ve|ver|verb)&/);

    await user.clear(search);
    await user.type(search, 'zebra');
    expect(await screen.findByRole('heading', { name: 'No dictionaries match “zebra”' })).toBeInTheDocument();
  });

  it('sorts by name, update or words in either direction and keeps the choice in sortingConfigs', async () => {
    await browser.signIn();
    await createDictionary(server, browser, { name: 'Beta', words: numberedWords(1) });
    await createDictionary(server, browser, { name: 'alpha', words: numberedWords(5) });
    const { user, router } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Beta' });
    const names = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

    // Newest first by default; a newly picked name starts A→Z, whatever the direction was.
    expect(screen.getByRole('button', { name: 'Sort direction: Descending' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    await waitFor(() => expect(names()).toEqual(['alpha', 'Beta']));
    expect(screen.getByRole('button', { name: 'Sort direction: Ascending' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sort direction: Ascending' }));
    await waitFor(() => expect(names()).toEqual(['Beta', 'alpha']));
    expect(screen.getByRole('button', { name: 'Sort direction: Descending' })).toBeInTheDocument();

    await waitFor(async () =>
      expect(await anotherTab(server, browser).sortingConfigs()).toMatchObject({
        dictionariesSort: 'name',
        dictionariesSortDirection: -1,
      }),
    );
    const patches = sent(browser, 'PATCH', '/api/users/me').map((r) => JSON.parse(r.body));
    expect(patches).toEqual([
      { sortingConfigs: { dictionariesSort: 'name', dictionariesSortDirection: 1 } },
      { sortingConfigs: { dictionariesSort: 'name', dictionariesSortDirection: -1 } },
    ]);

    // Leaving and coming back starts from the stored choice.
    await act(() => router.navigate('/menu'));
    await act(() => router.navigate('/dictionaries'));
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    expect(screen.getByRole('button', { name: 'Sort direction: Descending' })).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Beta', 'alpha']));

    // Dates start newest first again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Last update');
    expect(screen.getByRole('button', { name: 'Sort direction: Descending' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(await anotherTab(server, browser).sortingConfigs()).toMatchObject({
        dictionariesSort: 'update',
        dictionariesSortDirection: -1,
      }),
    );
  });

  it('disables the create tile at the role limit and says why', async () => {
    // A guest may have one dictionary (SPEC §6).
    await browser.signIn('guest');
    await createDictionary(server, browser, { name: 'Only one' });
    await open();

    const create = await screen.findByRole('button', { name: 'Create dictionary' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'For the "Guest" role, the maximum number of dictionaries is set to 1',
    );
    expect(screen.queryByRole('link', { name: /Create dictionary/ })).not.toBeInTheDocument();
  });

  it('counts every dictionary for the limit, even while a search hides some', async () => {
    await browser.signIn();
    await createDictionary(server, browser, { name: 'Animals' });
    await createDictionary(server, browser, { name: 'Verbs' });
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
    await browser.signIn();
    await open();
    expect(await screen.findByRole('heading', { name: 'No dictionaries yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create dictionary/ })).toBeInTheDocument();
  });

  it('shows a load failure (in the error modal and in place) with Retry', async () => {
    await browser.signIn();
    // The app starts on another screen, then the connection drops before the list is asked for.
    const { user, router, queryClient } = await renderApp({
      path: '/menu',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Main menu' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    browser.offline = true;
    await act(() => router.navigate('/dictionaries'));

    // A dropped connection is tried three times (about 3 s) before the screen gives up; the
    // modal then covers the screen, so the failure in place is found before it is closed.
    const failure = { name: 'The dictionaries could not be loaded' };
    await screen.findByRole('heading', { ...failure, hidden: true });
    const modal = screen.getByRole('dialog', { name: 'Something went wrong' });
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', failure)).toBeInTheDocument();

    browser.offline = false;
    await createDictionary(server, browser, { name: 'Back again' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Back again' })).toBeInTheDocument();
  });
});
