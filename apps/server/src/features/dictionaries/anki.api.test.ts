import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANKI_PACKAGE_MAX_BYTES,
  loadMessages,
  type EndpointName,
  type ImportResult,
  type WordInput,
} from '@wordhoard/shared';
import { callAsNewClient, type CallInput } from '../../../test/api-client';
import { apkgExportPackage, legacyAnkiPackage, readCollection } from '../../../test/anki/packages';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { stateFingerprint } from '../../../test/state';
import { readAnkiPackage } from './anki/anki-package';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Cookie = { cookie: string };
/** Many imports in one file: each call from its own client (callAsNewClient). */
const call = <N extends EndpointName>(user: Cookie, name: N, input?: CallInput<N>) =>
  callAsNewClient(t.app, user, name, input);

/** A package as the page sends it: the file itself (an upload, decision 0077). */
const apkg = (bytes: Uint8Array) => ({ bytes, contentType: 'application/octet-stream' });

async function dictionaryWith(user: Cookie, words: WordInput[] = []) {
  const response = await call(user, 'importDictionary', {
    body: { name: 'Deutsch', fromLanguage: 'de', toLanguage: 'en', words },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ImportResult>().dictionary;
}

async function allWords(user: Cookie, id: string) {
  const response = await call(user, 'exportDictionary', { params: { id }, query: { format: 'json' } });
  return response.json<{
    dictionary: { words: { term: string; definitions: string[]; examples: string[] }[] };
  }>().dictionary.words;
}

/** A package by anki-apkg-export: a duplicate of an existing word, one in the file twice, a broken note. */
const makeThirdParty = () =>
  apkgExportPackage('Deutsch A1', [
    { front: 'der Hund', back: 'dog<br>hound' },
    { front: 'die Katze', back: 'cat' },
    { front: 'das Haus', back: 'house &amp; home' },
    { front: 'DIE KATZE', back: 'cat again' },
    { front: '<img src="x.png">', back: 'no term' },
  ]);
let thirdPartyPackage: Uint8Array;
const thirdParty = async () => thirdPartyPackage;
// anki-apkg-export's own SQLite is asm.js, slow to start: the package is made once.
beforeAll(async () => {
  thirdPartyPackage = await makeThirdParty();
});

describe(`Anki import (${testDriver})`, () => {
  it('previews what the import would do and changes nothing', async () => {
    const user = await createUser(t.app);
    const dictionary = await dictionaryWith(user, [{ term: 'das Haus', definitions: ['building'] }]);
    const before = await stateFingerprint(t.database.db);
    const response = await call(user, 'previewAnkiImport', {
      params: { id: dictionary.id },
      upload: apkg(await thirdParty()),
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.data();
    expect(preview.deck).toBe('Deutsch A1');
    expect(preview.counts).toEqual({ total: 5, ready: 2, skipped: 2, overLimit: 0, invalid: 1 });
    expect(preview.rows.map((row) => [row.line, row.term, row.status])).toEqual([
      [1, 'der Hund', 'ready'],
      [2, 'die Katze', 'ready'],
      [3, 'das Haus', 'skipped'],
      [4, 'DIE KATZE', 'skipped'],
      [5, '', 'error'],
    ]);
    expect(preview.rows[0]?.definitions).toEqual(['dog', 'hound']);
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('counts the notes past the word limit', async () => {
    const guest = await createUser(t.app, 'guest');
    const dictionary = await dictionaryWith(
      guest,
      Array.from({ length: 99 }, (_, i) => ({ term: `word ${i}`, definitions: ['x'] })),
    );
    const response = await call(guest, 'previewAnkiImport', {
      params: { id: dictionary.id },
      upload: apkg(await thirdParty()),
    });
    expect(response.data().counts).toEqual({ total: 5, ready: 1, skipped: 1, overLimit: 2, invalid: 1 });
  });

  it('imports the notes as words: duplicates and broken notes skipped, limits held', async () => {
    const user = await createUser(t.app);
    const dictionary = await dictionaryWith(user, [{ term: 'das Haus', definitions: ['building'] }]);
    const response = await call(user, 'importAnki', {
      params: { id: dictionary.id },
      upload: apkg(await thirdParty()),
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.data();
    expect(result.imported).toBe(2);
    expect(result.dictionary.wordsCount).toBe(3);
    expect(result.skipped.map((skip) => skip.reason).sort()).toEqual([
      'alreadyInDictionary',
      'duplicateInFile',
      'invalid',
    ]);
    expect(await allWords(user, dictionary.id)).toMatchObject([
      { term: 'das Haus', definitions: ['building'] },
      { term: 'der Hund', definitions: ['dog', 'hound'] },
      { term: 'die Katze', definitions: ['cat'] },
    ]);
  });

  it('imports cloze notes with their sentences as examples (an Anki 2.1 export)', async () => {
    const user = await createUser(t.app);
    const dictionary = await dictionaryWith(user);
    const result = (
      await call(user, 'importAnki', {
        params: { id: dictionary.id },
        upload: apkg(legacyAnkiPackage()),
      })
    ).data();
    // Six of the eight notes: the image-occlusion note has no text for a term, and one
    // "Basic (optional reversed card)" definition is longer than a definition may be.
    expect(result.imported).toBe(6);
    expect(result.skipped.map((skip) => [skip.index, skip.reason])).toEqual([
      [5, 'invalid'],
      [7, 'invalid'],
    ]);
    const words = await allWords(user, dictionary.id);
    expect(words.find((word) => word.term === 'hints')).toMatchObject({
      definitions: ['(something that helps)', 'This is the "Back Extra" field of a cloze card.'],
      examples: ['Clozes can have hints as well.'],
    });
  });

  it('adds each word once when two imports of one package race', async () => {
    const user = await createUser(t.app);
    const dictionary = await dictionaryWith(user);
    const file = apkg(await thirdParty());
    const responses = await Promise.all(
      [0, 1].map(() => call(user, 'importAnki', { params: { id: dictionary.id }, upload: file })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const imported = responses.map((response) => response.json<ImportResult>().imported).sort();
    expect(imported).toEqual([0, 3]);
    const words = await allWords(user, dictionary.id);
    expect(words.map((word) => word.term).sort()).toEqual(['das Haus', 'der Hund', 'die Katze']);
  });

  it('refuses a file that is not an Anki package with a localized 400 and changes nothing', async () => {
    const user = await createUser(t.app);
    const dictionary = await dictionaryWith(user, [{ term: 'das Haus', definitions: ['building'] }]);
    const legacy = legacyAnkiPackage();
    const broken = [
      strToU8('der Hund,dog\n'),
      zipSync({ 'collection.anki2': strToU8('SQLite format 3\0 but nothing after') }),
      legacy.subarray(0, legacy.length - 2000),
    ];
    const uk = await loadMessages('uk');
    const before = await stateFingerprint(t.database.db);
    for (const bytes of broken) {
      for (const name of ['importAnki', 'previewAnkiImport'] as const) {
        const response = await call(user, name, {
          params: { id: dictionary.id },
          upload: apkg(bytes),
          headers: { 'accept-language': 'uk' },
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'INVALID_ANKI_PACKAGE',
          message: uk.apiErrors.INVALID_ANKI_PACKAGE,
        });
      }
    }
    // Sent as something else than a file: the upload's own 415.
    const asJson = await call(user, 'importAnki', {
      params: { id: dictionary.id },
      upload: { bytes: strToU8('{"file":"UEsDBA=="}'), contentType: 'application/json' },
    });
    expect(asJson.statusCode).toBe(415);
    expect(asJson.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('refuses a body over the package size limit with 413 and changes nothing', async () => {
    const user = await createUser(t.app);
    const dictionary = await dictionaryWith(user);
    const before = await stateFingerprint(t.database.db);
    const response = await call(user, 'importAnki', {
      params: { id: dictionary.id },
      upload: apkg(new Uint8Array(ANKI_PACKAGE_MAX_BYTES + 1)),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it("finds no other user's dictionary", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const dictionary = await dictionaryWith(owner);
    const file = apkg(await thirdParty());
    for (const name of ['importAnki', 'previewAnkiImport'] as const) {
      const response = await call(other, name, { params: { id: dictionary.id }, upload: file });
      expect(response.statusCode).toBe(404);
    }
    expect(await allWords(owner, dictionary.id)).toEqual([]);
  });
});

describe(`Anki export (${testDriver})`, () => {
  it('downloads an .apkg that a third-party reader and our importer both read back', async () => {
    const user = await createUser(t.app);
    const dictionary = await dictionaryWith(user, [
      { term: 'der Hund', definitions: ['dog', 'hound'], examples: ['Der Hund bellt.'] },
      { term: 'Straße', definitions: ['street'] },
    ]);
    const response = await call(user, 'exportDictionary', {
      params: { id: dictionary.id },
      query: { format: 'apkg' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/apkg');
    expect(response.headers['content-disposition']).toContain('filename="Deutsch.apkg"');
    const apkg = new Uint8Array(response.rawPayload);

    const collection = await readCollection(apkg);
    expect(collection.integrity).toBe('ok');
    expect(Object.values(collection.decks).map((deck) => deck.name)).toContain('Deutsch');
    expect(collection.notes.map((note) => note[4])).toEqual(['der Hund', 'Straße']);

    const read = await readAnkiPackage(apkg);
    expect(read.notes.map(({ term, definitions, examples }) => ({ term, definitions, examples }))).toEqual([
      { term: 'der Hund', definitions: ['dog', 'hound'], examples: ['Der Hund bellt.'] },
      { term: 'Straße', definitions: ['street'], examples: [] },
    ]);

    // And into a new dictionary through the API: the same words.
    const copy = await dictionaryWith(user);
    const imported = await call(user, 'importAnki', {
      params: { id: copy.id },
      upload: { bytes: apkg, contentType: 'application/zip' },
    });
    expect(imported.data().imported).toBe(2);
  });
});
