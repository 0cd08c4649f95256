import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, type EndpointName, type ImportResult } from '@wordhoard/shared';
import { callAsNewClient, type CallInput } from '../../../test/api-client';
import {
  collectionWith,
  generatedColumnCollection,
  overlappingMediaPackage,
  packageOf,
  unclosedTagsField,
} from '../../../test/anki/hostile';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { stateFingerprint } from '../../../test/state';
import { ANKI_READ_LIMITS } from './anki/anki-reader';

// Packages a guest could send (decision 0077): each is refused with a localized 400, or read
// within its budget, and changes nothing it should not. Before, each froze or exhausted the server.

let t: TestApp;
/** The same app with a read budget no package can meet. */
let impatient: TestApp;
beforeAll(async () => {
  [t, impatient] = await Promise.all([
    createTestApp(),
    createTestApp({ heavyWork: { ankiRead: { ...ANKI_READ_LIMITS, timeoutMs: 1 } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), impatient.close()]);
});

type Cookie = { cookie: string };
const call = <N extends EndpointName>(app: TestApp, user: Cookie, name: N, input?: CallInput<N>) =>
  callAsNewClient(app.app, user, name, input);
const upload = (bytes: Uint8Array) => ({ bytes, contentType: 'application/octet-stream' });

async function guestDictionary(app: TestApp) {
  const guest = await createUser(app.app, 'guest');
  const response = await call(app, guest, 'importDictionary', {
    body: { name: 'Deutsch', fromLanguage: 'de', toLanguage: 'en', words: [] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { guest, id: response.json<ImportResult>().dictionary.id };
}

describe(`hostile Anki packages (${testDriver})`, () => {
  it('refuses a package whose media entries share one block (a zip bomb) and adds nothing', async () => {
    const { guest, id } = await guestDictionary(t);
    const bomb = await overlappingMediaPackage(200, 4 * 1024 * 1024);
    const before = await stateFingerprint(t.database.db);
    for (const name of ['previewAnkiImport', 'importAnki'] as const) {
      const response = await call(t, guest, name, { params: { id }, upload: upload(bomb) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_ANKI_PACKAGE' });
    }
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('refuses a collection that computes when read, in the caller’s language', async () => {
    const { guest, id } = await guestDictionary(t);
    const uk = await loadMessages('uk');
    const response = await call(t, guest, 'previewAnkiImport', {
      params: { id },
      upload: upload(packageOf(await generatedColumnCollection())),
      headers: { 'accept-language': 'uk' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_ANKI_PACKAGE',
      message: uk.apiErrors.INVALID_ANKI_PACKAGE,
    });
  });

  it('previews a note with a 400,000-character field of unclosed tags', async () => {
    const { guest, id } = await guestDictionary(t);
    const response = await call(t, guest, 'previewAnkiImport', {
      params: { id },
      upload: upload(packageOf(await collectionWith([unclosedTagsField(), 'der Hund\x1fdog']))),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows.map((row: { term: string }) => row.term)).toEqual(['term', 'der Hund']);
  });

  it('stops a read past its time budget with a localized 400 that says what fits', async () => {
    const { guest, id } = await guestDictionary(impatient);
    const de = await loadMessages('de');
    const before = await stateFingerprint(impatient.database.db);
    const response = await call(impatient, guest, 'importAnki', {
      params: { id },
      upload: upload(packageOf(await collectionWith(['der Hund\x1fdog']))),
      headers: { 'accept-language': 'de' },
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('ANKI_PACKAGE_TOO_COMPLEX');
    expect(body.message).toContain(de.apiErrors.ANKI_PACKAGE_TOO_COMPLEX.split('(')[0]!.trim());
    expect(body.message).not.toContain('{{');
    expect(await stateFingerprint(impatient.database.db)).toBe(before);
  });
});
