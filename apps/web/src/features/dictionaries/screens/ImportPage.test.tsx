import { screen, waitFor, within } from '@testing-library/react';
import { ROLE_LIMITS } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, numberedWords, sent } from '../test/arrange';

describe('Import screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  const open = async (path: string, title: string) => {
    const rendered = await renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: title });
    return rendered;
  };
  const words = () => screen.getByRole('textbox', { name: 'Words' });
  const importButton = () => screen.getByRole('button', { name: 'Import' });
  const statusOfRow = (line: number) => {
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const row = rows.find(
      (candidate) => within(candidate).getAllByRole('cell')[0]?.textContent === String(line),
    );
    return row?.lastElementChild?.textContent ?? '';
  };

  it('marks each line’s problems in the user’s words and imports only when none blocks', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, {
      name: 'Animals',
      words: numberedWords(1, 'cat'),
    });
    const { user, router } = await open(`/dictionaries/${dictionary.id}/import`, 'Import into “Animals”');
    expect(importButton()).toBeDisabled();

    await user.click(words());
    await user.paste(
      [
        'dog,Hund,Köter',
        'CAT 001,Katze',
        'bad<tag>,x',
        `${'x'.repeat(64)},lang`,
        'Dog,noch einmal',
        'lonely',
      ].join('\n'),
    );

    await waitFor(() => expect(statusOfRow(1)).toBe('Ready'));
    expect(statusOfRow(2)).toBe('SkippedTerm: Already in this dictionary; skipped');
    expect(statusOfRow(3)).toBe('To fixTerm: The character “<” can’t be used here');
    expect(statusOfRow(4)).toBe('To fixTerm: Should be at most 63 characters');
    expect(statusOfRow(5)).toBe('SkippedTerm: The same term as on line 1; skipped');
    expect(statusOfRow(6)).toBe('To fixDefinitions: Add at least one definition');
    const counts = screen.getByTestId('import-counts');
    expect(
      within(counts)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['1', '2', '3']);
    expect(importButton()).toBeDisabled();

    // Fixing the text in place (a chosen file lands here too) unblocks the import.
    await user.clear(words());
    await user.paste('dog,Hund,Köter\nCAT 001,Katze\nbird,Vogel');
    await waitFor(() => expect(importButton()).toBeEnabled());
    await user.click(importButton());

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect(JSON.parse(sent(browser, 'POST', `/api/dictionaries/${dictionary.id}/import`)[0]!.body)).toEqual({
      words: [
        { term: 'dog', definitions: ['Hund', 'Köter'] },
        { term: 'bird', definitions: ['Vogel'] },
      ],
    });
    expect(await screen.findByText('Import finished. Words added: 2. Skipped: 1.')).toBeInTheDocument();
  });

  it('skips the lines that need fixing on request, and reports each skipped line and why', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, {
      name: 'Animals',
      words: numberedWords(1, 'cat'),
    });
    const { user, router } = await open(`/dictionaries/${dictionary.id}/import`, 'Import into “Animals”');
    await user.click(words());
    await user.paste(
      ['dog,Hund', 'bad<tag>,x', 'CAT 001,Katze', 'lonely', 'bird,Vogel', 'Dog,wieder'].join('\n'),
    );
    await waitFor(() => expect(statusOfRow(2)).toBe('To fixTerm: The character “<” can’t be used here'));
    expect(importButton()).toBeDisabled();

    // The button says it imports: it does, at once.
    await user.click(screen.getByRole('button', { name: 'Skip those lines and import the rest' }));

    // The server judges every line again: it gets them all, as read.
    const report = await screen.findByRole('region', { name: 'Import finished' });
    expect(JSON.parse(sent(browser, 'POST', `/api/dictionaries/${dictionary.id}/import`)[0]!.body)).toEqual({
      skipInvalid: true,
      words: [
        { term: 'dog', definitions: ['Hund'] },
        { term: 'bad<tag>', definitions: ['x'] },
        { term: 'CAT 001', definitions: ['Katze'] },
        { term: 'lonely', definitions: [] },
        { term: 'bird', definitions: ['Vogel'] },
        { term: 'Dog', definitions: ['wieder'] },
      ],
    });
    expect(within(report).getByRole('status')).toHaveTextContent('Words added: 2. Lines skipped: 4.');
    expect(
      within(report)
        .getAllByTestId('import-skipped-line')
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2', 'bad<tag>', 'Term: The character “<” can’t be used here'],
      ['3', 'CAT 001', 'Already in this dictionary'],
      ['4', 'lonely', 'Definitions: Add at least one definition'],
      ['6', 'Dog', 'The same term as on line 1'],
    ]);
    // Which words the dictionary holds; words saved in one import share their time, so no order.
    const saved = (await anotherTab(server, browser).words(dictionary)).map((word) => word.term);
    expect(saved.sort()).toEqual(['bird', 'cat 001', 'dog']);

    await user.click(within(report).getByRole('link', { name: 'Open the dictionary' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
  });

  it('keeps everything typed when saving fails, and says why', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, { name: 'Animals' });
    const { user } = await open(`/dictionaries/${dictionary.id}/import`, 'Import into “Animals”');
    await user.click(words());
    await user.paste('sun;Sonne\nmoon;Mond');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Separator' }), 'Semicolon');
    await waitFor(() => expect(importButton()).toBeEnabled());
    // Meanwhile another tab fills the dictionary to the role's limit.
    await anotherTab(server, browser).addWords(
      dictionary,
      numberedWords(ROLE_LIMITS.user.wordsPerDictionary),
    );
    await user.click(importButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('You already have max number of words');
    expect(words()).toHaveValue('sun;Sonne\nmoon;Mond');
    expect(importButton()).toBeEnabled();
  });

  it('marks lines past the role’s word limit', async () => {
    // A guest may have 100 words in a dictionary (SPEC §6).
    await browser.signIn('guest');
    const dictionary = await createDictionary(server, browser, { name: 'Animals', words: numberedWords(99) });
    const { user } = await open(`/dictionaries/${dictionary.id}/import`, 'Import into “Animals”');
    await user.click(words());
    await user.paste('a,1\nb,2');
    await waitFor(() => expect(statusOfRow(2)).toBe('To fixOver the limit of 100 words per dictionary'));
    expect(importButton()).toBeDisabled();
  });

  it('reads a chosen JSON export into a new dictionary, taking its name and languages', async () => {
    await browser.signIn();
    const { user, router } = await open('/dictionaries/import', 'Import a dictionary');
    const file = new File(
      [
        JSON.stringify({
          format: 'wordhoard.dictionary',
          version: 1,
          dictionary: {
            name: 'Мої слова',
            fromLanguage: 'uk',
            toLanguage: 'en',
            words: [{ term: 'кіт', definitions: ['cat', 'tomcat'] }],
          },
        }),
      ],
      'slova.json',
      { type: 'application/json' },
    );
    await user.upload(screen.getByTestId('import-file'), file);

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Мої слова'));
    expect(screen.getByRole('combobox', { name: 'Format' })).toHaveValue('json');
    expect(screen.getByRole('combobox', { name: 'Terms language' })).toHaveValue('Ukrainian');
    expect(screen.getByText('slova.json')).toBeInTheDocument();
    await waitFor(() => expect(statusOfRow(1)).toBe('Ready'));
    await user.click(importButton());

    const saved = () => anotherTab(server, browser).dictionaries();
    await waitFor(async () => expect(await saved()).toHaveLength(1));
    expect(JSON.parse(sent(browser, 'POST', '/api/dictionaries/import')[0]!.body)).toEqual({
      name: 'Мої слова',
      fromLanguage: 'uk',
      toLanguage: 'en',
      words: [{ term: 'кіт', definitions: ['cat', 'tomcat'] }],
    });
    const [created] = await saved();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${created!.id}`));
  });

  it('checks the new dictionary’s name with the shared rules before sending anything', async () => {
    await browser.signIn();
    const { user } = await open('/dictionaries/import', 'Import a dictionary');
    await user.click(words());
    await user.paste('sun,Sonne');
    await waitFor(() => expect(importButton()).toBeEnabled());
    await user.click(importButton());
    expect(await screen.findByText('The field is required')).toBeInTheDocument();
    expect(sent(browser, 'POST', '/api/dictionaries/import')).toHaveLength(0);
  });
});
