import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apkgExportPackage } from '../../../../../server/test/anki/packages';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, sent } from '../test/arrange';

/** A package made by the anki-apkg-export npm package (a third party), as the browser picks it. */
async function thirdPartyFile() {
  const bytes = await apkgExportPackage('Tiere', [
    { front: 'der Hund', back: 'dog<br>hound' },
    { front: 'die Katze', back: 'cat' },
    { front: 'das Pferd', back: 'horse' },
    { front: 'DER HUND', back: 'dog again' },
    { front: '<img src="x.png">', back: 'a note without a term' },
  ]);
  return new File([new Uint8Array(bytes)], 'tiere.apkg', { type: 'application/octet-stream' });
}

describe('Anki import screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));
  // anki-apkg-export's own SQLite is asm.js, slow to start: made once, before the screens.
  let thirdParty: File;
  beforeAll(async () => {
    thirdParty = await thirdPartyFile();
  });

  const open = async (id: string) => {
    const rendered = await renderApp({
      path: `/dictionaries/${id}/import/anki`,
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Import from Anki' });
    return rendered;
  };
  const count = (label: string) => {
    const counts = screen.getByTestId('anki-counts');
    return within(counts).getByText(label).nextElementSibling?.textContent;
  };
  const statusOf = (term: string) =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => within(row).queryAllByRole('cell')[1]?.textContent === term)?.lastElementChild
      ?.textContent;

  it('says how many of the words to add bring a picture and a sound', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, { name: 'Tiere' });
    const bytes = await apkgExportPackage(
      'Tiere',
      [
        { front: 'die Katze', back: 'cat<br><img src="katze.png">[sound:katze.wav]' },
        { front: 'die Maus', back: 'mouse <img src="maus.png">' },
        { front: 'der Hund', back: 'dog' },
      ],
      [
        { name: 'katze.png', data: new Uint8Array([1]) },
        { name: 'katze.wav', data: new Uint8Array([2]) },
        { name: 'maus.png', data: new Uint8Array([3]) },
      ],
    );
    const { user } = await open(dictionary.id);

    await user.upload(screen.getByTestId('anki-file'), new File([new Uint8Array(bytes)], 'tiere.apkg'));
    await waitFor(() => expect(count('Words to add')).toBe('3'));
    expect(count('Words with a picture')).toBe('2');
    expect(count('Words with a sound')).toBe('1');
    expect(
      screen.getByText(
        'Each word to add brings its first picture and sound from the package. A file that can’t be read, or doesn’t fit in your storage, is left out.',
      ),
    ).toBeInTheDocument();
    // They are imported: the screen no longer says otherwise.
    expect(screen.queryByText('Pictures and sounds are not imported yet.')).not.toBeInTheDocument();
  });

  it('previews a third-party package, then imports only the new words', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, {
      name: 'Tiere',
      fromLanguage: 'de',
      toLanguage: 'en',
      words: [{ term: 'das Pferd', definitions: ['horse'] }],
    });
    const { user, router } = await open(dictionary.id);
    const submit = () => screen.getByRole('button', { name: /^Import \d+ words?$/ });
    expect(submit()).toBeDisabled();
    expect(screen.getByText('Choose an Anki package to see what will be imported.')).toBeInTheDocument();

    await user.upload(screen.getByTestId('anki-file'), thirdParty);
    await waitFor(() => expect(count('Words to add')).toBe('2'));
    expect(count('Duplicates skipped')).toBe('2');
    expect(count('Over your word limit')).toBe('0');
    expect(count('Notes that cannot be words')).toBe('1');
    expect(screen.getByText('Deck: Tiere')).toBeInTheDocument();
    expect(statusOf('der Hund')).toBe('Will be added');
    expect(statusOf('das Pferd')).toContain('Skipped');
    expect(statusOf('DER HUND')).toContain('Skipped');
    // Nothing was saved by the preview.
    expect(await anotherTab(server, browser).words(dictionary)).toHaveLength(1);

    expect(submit()).toHaveAccessibleName('Import 2 words');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    const words = await anotherTab(server, browser).words(dictionary);
    // Which words, not their order: the page's order of words saved in one import is a tie.
    const saved = words.map((word): [string, string[]] => [word.term, word.definitions]);
    expect(saved.sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ['das Pferd', ['horse']],
      ['der Hund', ['dog', 'hound']],
      ['die Katze', ['cat']],
    ]);
    expect(sent(browser, 'POST', `/api/dictionaries/${dictionary.id}/import/anki`)).toHaveLength(2);
  });

  it('says so when the file is not an Anki package, and imports nothing', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, { name: 'Tiere' });
    const { user } = await open(dictionary.id);
    await user.upload(
      screen.getByTestId('anki-file'),
      new File(['der Hund,dog\n'], 'words.apkg', { type: 'application/octet-stream' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is not an Anki package (.apkg) we can read. Export the deck from Anki again and retry',
    );
    expect(screen.getByRole('button', { name: 'Import 0 words' })).toBeDisabled();
    expect(await anotherTab(server, browser).words(dictionary)).toHaveLength(0);
  });
});
