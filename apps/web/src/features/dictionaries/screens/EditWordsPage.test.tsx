import { act, screen, waitFor, within } from '@testing-library/react';
import { ROLE_LIMITS, type Dictionary, type Role, type WordInput } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TranslateStub } from '../../../../../server/test/translate-stub';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { addPageSettingsOf } from '../../../test/pageSettings';
import { renderApp } from '../../../test/render';
import { anotherTab, numberedWords, sent } from '../test/arrange';

// Typing through user-event re-renders the editor per keystroke; jsdom makes that slow.
describe('Word editor', () => {
  let server: ApiServer;
  /** The translation service the server asks for suggestions; it knows only "mouse". */
  let translations: TranslateStub;
  let removePageSettings: () => void;
  let browser: TestBrowser;
  let dictionary: Dictionary;

  beforeAll(async () => {
    translations = new TranslateStub();
    translations.dictionary['en:de:mouse'] = { translatedText: 'Maus', alternatives: ['Mäuschen'] };
    const translateUrl = await translations.start();
    server = await startApiServer({ env: { TRANSLATE_URL: translateUrl } });
    // The page this server serves says that translation is configured.
    removePageSettings = addPageSettingsOf(server);
  });
  afterAll(async () => {
    removePageSettings();
    await server.close();
    await translations.stop();
  });

  beforeEach(() => {
    browser = server.browser();
    // Failed look-ups are logged on purpose; keep the test output clean.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Signs in as a new `role` with the dictionary "Animals" (English to German) of `words`. */
  const memberWith = async (words: WordInput[] = [], role: Role = 'user') => {
    await browser.signIn(role);
    dictionary = await createDictionary(server, browser, { words });
  };
  const open = async () => {
    const rendered = await renderApp({
      path: `/dictionaries/${dictionary.id}/words/edit`,
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit words' });
    await screen.findByRole('button', { name: 'Add word' });
    return rendered;
  };
  const rows = () => screen.queryAllByTestId('word-row');
  const row = (index: number) => within(rows().at(index)!);
  const patches = () =>
    sent(browser, 'PATCH', `/api/dictionaries/${dictionary.id}`).map((request) => JSON.parse(request.body));

  it('adds words with comma-separated definitions and saves them in one batch', async () => {
    await memberWith();
    const { user, router } = await open();

    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(row(0).getByLabelText('Term')).toHaveFocus();
    await user.type(row(0).getByLabelText('Term'), 'cat');
    await user.type(row(0).getByLabelText('Definitions (comma-separated)'), 'Katze,  Kater , Mieze');
    expect(
      row(0)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Katze', 'Kater', 'Mieze']);

    // Delete one definition with its chip, add another with the button.
    await user.click(row(0).getByRole('button', { name: 'Delete definition “Mieze”' }));
    expect(row(0).getByLabelText('Definitions (comma-separated)')).toHaveValue('Katze, Kater');
    await user.click(row(0).getByRole('button', { name: 'Add definition' }));
    const definitions = row(0).getByLabelText('Definitions (comma-separated)');
    expect(definitions).toHaveFocus();
    expect(definitions).toHaveValue('Katze, Kater, ');
    await user.type(definitions, 'Kätzchen');

    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(row(1).getByLabelText('Term'), 'dog');
    await user.type(row(1).getByLabelText('Definitions (comma-separated)'), 'Hund');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect(patches()).toEqual([
      {
        words: {
          create: [
            { term: 'cat', definitions: ['Katze', 'Kater', 'Kätzchen'] },
            { term: 'dog', definitions: ['Hund'] },
          ],
        },
      },
    ]);
    // The dictionary page loads the saved words afresh.
    expect(await screen.findByRole('cell', { name: 'Katze, Kater, Kätzchen' })).toBeInTheDocument();
  });

  it('moves on with Enter, field by field and word by word, and never submits', async () => {
    await memberWith([{ term: 'cat', definitions: ['Katze', 'Kater'] }]);
    const { user, router } = await open();
    const definitions = (index: number) => row(index).getByLabelText('Definitions (comma-separated)');

    // The keys are shown beside the editor.
    const keys = screen.getByRole('group', { name: 'Keys in the editor' });
    expect(keys).toHaveTextContent('Enterfrom the term to its definitions, then to the next word');
    expect(keys).toHaveTextContent(', / Shift+Enteranother definition');

    // An existing word: Enter in the term → the end of its first definition; Shift+Enter → the
    // end of the next one, then a new one after the last.
    await user.click(row(0).getByLabelText('Term'));
    await user.keyboard('{Enter}');
    expect(definitions(0)).toHaveFocus();
    expect((definitions(0) as HTMLInputElement).selectionStart).toBe('Katze'.length);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect((definitions(0) as HTMLInputElement).selectionStart).toBe('Katze, Kater'.length);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(definitions(0)).toHaveValue('Katze, Kater, ');
    // Enter moves on to a new word, leaving no separator behind.
    await user.keyboard('{Enter}');
    expect(definitions(0)).toHaveValue('Katze, Kater');
    expect(rows()).toHaveLength(2);
    expect(row(1).getByLabelText('Term')).toHaveFocus();

    // Words typed the obvious way, term ⏎ definitions ⏎, one word each: none becomes a
    // definition of another.
    await user.keyboard('dog{Enter}Hund, Köter{Enter}bird{Enter}Vogel{Enter}');
    expect(definitions(1)).toHaveValue('Hund, Köter');
    expect(row(2).getByLabelText('Term')).toHaveValue('bird');
    expect(definitions(2)).toHaveValue('Vogel');
    expect(rows()).toHaveLength(4);
    expect(row(3).getByLabelText('Term')).toHaveFocus();
    // Enter in an empty new word adds no more rows.
    await user.keyboard('{Enter}');
    expect(definitions(3)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(rows()).toHaveLength(4);

    // Nothing was sent: Enter never saves the form.
    expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}/words/edit`);
    expect(patches()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      words: {
        create: [
          { term: 'dog', definitions: ['Hund', 'Köter'] },
          { term: 'bird', definitions: ['Vogel'] },
        ],
      },
    });
  });

  it('goes on to the next word when a word has all the definitions it may have', async () => {
    const ten = Array.from({ length: 10 }, (_, index) => `d${index + 1}`);
    await memberWith([
      { term: 'full', definitions: ten },
      { term: 'next', definitions: ['n'] },
    ]);
    const { user } = await open();
    await user.click(row(0).getByLabelText('Definitions (comma-separated)'));
    await user.keyboard('{End}{Enter}');
    expect(row(0).getByLabelText('Definitions (comma-separated)')).toHaveValue(ten.join(', '));
    expect(row(1).getByLabelText('Term')).toHaveFocus();
  });

  // Renders two screens of 40 rows and more: the slowest screen of this file under jsdom.
  it('says which words it shows and jumps to the first or the newest ones at once', async () => {
    await memberWith(numberedWords(45));
    const all = await anotherTab(server, browser).words(dictionary);
    const { user } = await open();
    const status = () => screen.getByText(/^Showing/);
    expect(status()).toHaveTextContent('Showing the 40 newest of 45 words');
    expect(row(0).getByLabelText('Term')).toHaveValue('word 006');
    expect(row(39).getByLabelText('Term')).toHaveValue('word 045');
    await user.type(row(39).getByLabelText('Definitions (comma-separated)'), ',n');

    await user.click(screen.getByRole('button', { name: 'First words' }));
    await waitFor(() => expect(row(0).getByLabelText('Term')).toHaveValue('word 001'));
    expect(status()).toHaveTextContent('Showing the first 40 of 45 words');
    expect(screen.getByRole('button', { name: 'First words' })).toHaveAttribute('aria-pressed', 'true');
    expect(row(39).getByLabelText('Term')).toHaveValue('word 040');
    await user.type(row(0).getByLabelText('Definitions (comma-separated)'), ',f');
    expect(screen.queryByRole('button', { name: 'Load earlier words' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load later words' }));
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(row(44).getByLabelText('Term')).toHaveValue('word 045');
    expect(status()).toHaveTextContent('Showing all 45 words');

    // Back to the newest: what was typed there is still there, and both edits are saved.
    await user.click(screen.getByRole('button', { name: 'Newest words' }));
    await waitFor(() => expect(row(0).getByLabelText('Term')).toHaveValue('word 006'));
    expect(row(39).getByLabelText('Definitions (comma-separated)')).toHaveValue('meaning 45,n');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      words: {
        update: [
          { id: all[0]!.id, definitions: ['meaning 1', 'f'], version: 1 },
          { id: all[44]!.id, definitions: ['meaning 45', 'n'], version: 1 },
        ],
      },
    });
  });

  it('edits and deletes existing words in the same batch', async () => {
    await memberWith(numberedWords(3));
    const [first, second, third] = await anotherTab(server, browser).words(dictionary);
    const { user } = await open();
    // Oldest first; numbered in order of creation.
    expect(rows().map((item) => within(item).getByLabelText('Term'))).toHaveLength(3);
    expect(row(0).getByLabelText('Term')).toHaveValue('word 001');

    await user.clear(row(1).getByLabelText('Term'));
    await user.type(row(1).getByLabelText('Term'), 'bird');
    await user.type(row(0).getByLabelText('Definitions (comma-separated)'), ', sense');
    await user.click(row(2).getByRole('button', { name: 'Delete word “word 003”' }));
    expect(row(2).getByText('will be deleted when you save')).toBeInTheDocument();
    expect(row(2).getByRole('button', { name: 'Keep word “word 003”' })).toHaveFocus();
    await user.click(row(2).getByRole('button', { name: 'Keep word “word 003”' }));
    expect(row(2).getByRole('button', { name: 'Delete word “word 003”' })).toHaveFocus();
    await user.click(row(2).getByRole('button', { name: 'Delete word “word 003”' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      words: {
        update: [
          { id: first!.id, definitions: ['meaning 1', 'sense'], version: 1 },
          { id: second!.id, term: 'bird', version: 1 },
        ],
        delete: [third!.id],
      },
    });
  });

  it('checks each word with the shared rules before sending anything', async () => {
    await memberWith([{ term: 'cat', definitions: ['meaning 1'] }]);
    const { user } = await open();

    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(row(1).getByLabelText('Term'), 'CAT');
    await user.type(row(1).getByLabelText('Definitions (comma-separated)'), 'Katze, katze');
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(row(2).getByLabelText('Term'), 'dog');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Some words need fixing before they can be saved.')).toBeInTheDocument();
    expect(row(1).getByText('The term "CAT" is already in this dictionary')).toBeInTheDocument();
    expect(row(1).getByText('This definition is already in the list')).toBeInTheDocument();
    expect(row(2).getByText('Add at least one definition')).toBeInTheDocument();
    expect(row(1).getByLabelText('Term')).toHaveFocus();
    expect(patches()).toEqual([]);

    await user.clear(row(1).getByLabelText('Term'));
    await user.type(row(1).getByLabelText('Term'), 'a<b');
    expect(row(1).getByText('The character “<” can’t be used here')).toBeInTheDocument();
  });

  it('disables adding at the word limit and says why', async () => {
    // A guest may have 100 words in a dictionary (SPEC §6).
    await memberWith(numberedWords(99), 'guest');
    const { user } = await open();

    const add = screen.getByRole('button', { name: 'Add word' });
    expect(screen.getByText('99 of 100 words')).toBeInTheDocument();
    await user.click(add);
    // The counter counts the new row as the limit does, and says it is not saved yet.
    expect(screen.getByText('100 of 100 words · 1 new word not saved yet')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('title', 'You already have the maximum number of words');
    expect(add).toHaveAccessibleDescription('You already have the maximum number of words');

    // Deleting a word makes room again.
    await user.click(row(0).getByRole('button', { name: /^Delete word/ }));
    expect(add).toBeEnabled();
  });

  it('keeps everything typed when the save fails, says why, and saves on the next try', async () => {
    await memberWith(numberedWords(1, 'cat'));
    const { user, router } = await open();

    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(row(1).getByLabelText('Term'), 'owl');
    await user.type(row(1).getByLabelText('Definitions (comma-separated)'), 'Eule, Kauz');
    await user.type(row(0).getByLabelText('Definitions (comma-separated)'), ', Katze');
    // Meanwhile another tab saves the same term, which this screen has not loaded.
    const tab = anotherTab(server, browser);
    await tab.addWords(dictionary, [{ term: 'Owl', definitions: ['Uhu'] }]);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was saved: The term "Owl" is already in this dictionary');
    expect(alert).toHaveFocus();
    expect(row(1).getByLabelText('Term')).toHaveValue('owl');
    expect(row(1).getByLabelText('Definitions (comma-separated)')).toHaveValue('Eule, Kauz');
    expect(row(0).getByLabelText('Definitions (comma-separated)')).toHaveValue('meaning 1, Katze');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument(); // shown here, not in the modal

    // The other tab takes its word back; the same batch now saves.
    const taken = (await tab.words(dictionary)).find((word) => word.term === 'Owl');
    await tab.deleteWords(dictionary, [taken!.id]);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect(patches()).toHaveLength(2);
    expect(patches()[1]).toEqual(patches()[0]);
  });

  it('shows the word limit error of the server', async () => {
    await memberWith();
    const { user } = await open();
    // Meanwhile another tab fills the dictionary to the role's limit.
    await anotherTab(server, browser).addWords(
      dictionary,
      numberedWords(ROLE_LIMITS.user.wordsPerDictionary),
    );
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(row(0).getByLabelText('Term'), 'owl');
    await user.type(row(0).getByLabelText('Definitions (comma-separated)'), 'Eule');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing was saved: You already have max number of words',
    );
    expect(row(0).getByLabelText('Term')).toHaveValue('owl');
  });

  it('prepends earlier pages above the words already shown', async () => {
    await memberWith(numberedWords(45));
    const { user } = await open();
    expect(rows()).toHaveLength(40);
    expect(row(0).getByLabelText('Term')).toHaveValue('word 006');
    expect(row(39).getByLabelText('Term')).toHaveValue('word 045');

    await user.type(row(39).getByLabelText('Definitions (comma-separated)'), ', kept');
    await user.click(screen.getByRole('button', { name: 'Load earlier words' }));

    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(row(0).getByLabelText('Term')).toHaveValue('word 001');
    expect(row(44).getByLabelText('Definitions (comma-separated)')).toHaveValue('meaning 45, kept');
    expect(screen.queryByRole('button', { name: 'Load earlier words' })).not.toBeInTheDocument();
  });

  it('suggests translations of the term being typed; picking one adds a definition', async () => {
    await memberWith();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Add word' }));

    await user.type(row(0).getByLabelText('Term'), 'mouse');
    const suggestion = await row(0).findByRole('button', { name: 'Add “Maus” as a definition' });
    expect(sent(browser, 'GET', '/api/translate/').map((request) => request.url)).toEqual([
      '/api/translate/mouse?fromLanguage=en&toLanguage=de',
    ]);
    await user.click(suggestion);
    expect(row(0).getByLabelText('Definitions (comma-separated)')).toHaveValue('Maus');
    // Only what is not in the list yet is offered.
    expect(row(0).queryByRole('button', { name: 'Add “Maus” as a definition' })).not.toBeInTheDocument();
    await user.click(row(0).getByRole('button', { name: 'Add “Mäuschen” as a definition' }));
    expect(row(0).getByLabelText('Definitions (comma-separated)')).toHaveValue('Maus, Mäuschen');
  });

  it('shows no suggestions, and no error, when the translation service fails', async () => {
    await memberWith();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(row(0).getByLabelText('Term'), 'owl');

    await waitFor(() => expect(sent(browser, 'GET', '/api/translate/owl')).toHaveLength(1));
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(row(0).queryByText('Suggestions:')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    await memberWith();
    const { user, router } = await open();
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(row(0).getByLabelText('Term'), 'owl');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}/words/edit`);
    expect(row(0).getByLabelText('Term')).toHaveValue('owl');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    await act(async () => {});
    expect(patches()).toEqual([]);
  });
});
