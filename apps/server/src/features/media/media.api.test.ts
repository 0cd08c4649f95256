import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIO_MAX_SECONDS,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_SIDE,
  ROLE_LIMITS,
  dictionaryWithWordsSchema,
  errorMessage,
  loadMessages,
  listedWordSchema,
  type ImportResult,
  type Word,
} from '@wordhoard/shared';
import { callAsNewClient } from '../../../test/api-client';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, uniqueClientAddress, type TestApp } from '../../../test/harness';
import {
  AUDIO_FIXTURES,
  WORD_MS,
  audioFixture,
  framesRepeated,
  wavWithByteRate,
  wavWithFact,
} from '../../../test/media/crafted-audio';
import { phoneJpeg, pictureFile, wavFile } from '../../../test/media/media-files';
import { recorderWebm } from '../../../test/media/webm';
import { eq } from 'drizzle-orm';
import { users, wordMedia } from '../../db/schema';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-media-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type User = { id: string; cookie: string };

async function dictionaryWithWords(user: User, terms: string[] = ['der Hund', 'die Katze']) {
  const response = await callAsNewClient(t.app, user, 'importDictionary', {
    body: {
      name: 'Deutsch',
      fromLanguage: 'de',
      toLanguage: 'en',
      words: terms.map((term) => ({ term, definitions: [`${term} (en)`] })),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const dictionary = response.json<ImportResult>().dictionary;
  const page = await callAsNewClient(t.app, user, 'getDictionary', {
    params: { id: dictionary.id },
    query: { page: 1, limit: 40, sort: 'create', direction: 1 },
  });
  const words = page.data().words;
  return { id: dictionary.id, words };
}

function put(
  user: User | undefined,
  dictionaryId: string,
  wordId: string,
  kind: 'picture' | 'audio',
  body: Buffer,
  contentType: string,
  language = 'en',
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/dictionaries/${dictionaryId}/words/${wordId}/${kind}`,
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      'content-type': contentType,
      'accept-language': language,
    },
    payload: body,
    remoteAddress: uniqueClientAddress(),
  });
}

const fetchMedia = (user: User | undefined, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
    remoteAddress: uniqueClientAddress(),
  });

async function blobFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

const sweep = () => t.app.services.media.sweep();

describe(`word pictures (${testDriver})`, () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'takes a %s picture, stores it as WebP',
    async (format) => {
      const user = await createUser(t.app);
      const { id, words } = await dictionaryWithWords(user);
      const word = words[0]!;
      const response = await put(user, id, word.id, 'picture', await pictureFile(format), `image/${format}`);
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json<Word>();
      expect(saved.picture).toEqual({
        url: expect.stringMatching(/^\/api\/media\/[0-9a-f-]{36}$/),
        width: 320,
        height: 200,
      });
      expect(saved.version).toBe(word.version + 1);
      const served = await fetchMedia(user, saved.picture!.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers.etag).toBeDefined();
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      // The word list and the word show it too.
      const page = await callAsNewClient(t.app, user, 'getDictionary', {
        params: { id },
        query: { page: 1, limit: 40 },
      });
      expect(page.data().words.find((entry) => entry.id === word.id)?.picture).toEqual(saved.picture);
      const got = await callAsNewClient(t.app, user, 'getWord', { params: { id, wordId: word.id } });
      expect(got.data().picture).toEqual(saved.picture);
    },
  );

  it('turns the picture upright by its EXIF orientation and keeps no metadata', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    const response = await put(user, id, words[0]!.id, 'picture', input, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const picture = response.json<Word>().picture!;
    // Stored 400×200 sideways: upright it is 200×400.
    expect([picture.width, picture.height]).toEqual([200, 400]);
    const served = await fetchMedia(user, picture.url);
    const after = await sharp(served.rawPayload).metadata();
    expect([after.width, after.height]).toEqual([200, 400]);
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Phone'))).toBe(false);
  });

  it('shrinks a large picture to fit, never enlarges a small one', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const large = await put(
      user,
      id,
      words[0]!.id,
      'picture',
      await pictureFile('png', 3000, 1500),
      'image/png',
    );
    expect(large.statusCode, large.body).toBe(200);
    expect(large.json<Word>().picture).toMatchObject({
      width: PICTURE_MAX_SIDE,
      height: PICTURE_MAX_SIDE / 2,
    });
    const small = await put(user, id, words[1]!.id, 'picture', await pictureFile('png', 40, 30), 'image/png');
    expect(small.json<Word>().picture).toMatchObject({ width: 40, height: 30 });
  });

  it('refuses other types, garbage, mislabelled and oversized files with localized errors', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const wordId = words[0]!.id;
    const text = await put(user, id, wordId, 'picture', Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(text.json().message).toContain('image/jpeg');
    const json = await put(user, id, wordId, 'picture', Buffer.from('{}'), 'application/json');
    expect(json.statusCode).toBe(415);
    const garbage = await put(user, id, wordId, 'picture', Buffer.from('not a picture at all'), 'image/png');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ code: 'INVALID_PICTURE' });
    const mislabelled = await put(user, id, wordId, 'picture', await pictureFile('png'), 'image/jpeg');
    expect(mislabelled.json()).toMatchObject({ code: 'INVALID_PICTURE' });
    const german = await t.app.inject({
      method: 'PUT',
      url: `/api/dictionaries/${id}/words/${wordId}/picture`,
      headers: { cookie: user.cookie, 'content-type': 'image/png', 'accept-language': 'de' },
      payload: Buffer.from('garbage'),
    });
    expect(german.json().message).toContain('Bild');
    const tooLarge = await put(user, id, wordId, 'picture', Buffer.alloc(PICTURE_MAX_BYTES + 1), 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const empty = await put(user, id, wordId, 'picture', Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    // Nothing of these was kept.
    expect(await t.database.db.select().from(wordMedia)).not.toContainEqual(
      expect.objectContaining({ wordId }),
    );
  });

  it('removes a picture: the word shows none, its blob goes with the sweep', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const wordId = words[0]!.id;
    const saved = (
      await put(user, id, wordId, 'picture', await pictureFile('png'), 'image/png')
    ).json<Word>();
    const before = await blobFiles();
    const removed = await callAsNewClient(t.app, user, 'deleteWordPicture', { params: { id, wordId } });
    expect(removed.data().picture).toBeNull();
    expect(removed.data().version).toBe(saved.version + 1);
    expect((await fetchMedia(user, saved.picture!.url)).statusCode).toBe(404);
    await sweep();
    expect((await blobFiles()).length).toBe(before.length - 1);
    // Removing it again changes nothing.
    const again = await callAsNewClient(t.app, user, 'deleteWordPicture', { params: { id, wordId } });
    expect(again.data().version).toBe(saved.version + 1);
  });
});

describe(`recorded pronunciation (${testDriver})`, () => {
  it('takes a recording as it is, with its length', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const file = wavFile(1.5);
    const response = await put(user, id, words[0]!.id, 'audio', file, 'audio/wav');
    expect(response.statusCode, response.body).toBe(200);
    const audio = response.json<Word>().audio!;
    expect(audio.durationMs).toBe(1500);
    const served = await fetchMedia(user, audio.url);
    expect(served.headers['content-type']).toBe('audio/wav');
    expect(Buffer.compare(served.rawPayload, file)).toBe(0);
  });

  it("takes a browser's WebM recording, its Content-Type with codecs", async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const response = await put(user, id, words[0]!.id, 'audio', recorderWebm(2.5), 'audio/webm;codecs=opus');
    expect(response.statusCode, response.body).toBe(200);
    const audio = response.json<Word>().audio!;
    expect(audio.durationMs).toBe(2500);
    expect((await fetchMedia(user, audio.url)).headers['content-type']).toBe('audio/webm');
  });

  it('answers a byte range, as Safari asks for audio', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const file = wavFile(1);
    const audio = (await put(user, id, words[0]!.id, 'audio', file, 'audio/wav')).json<Word>().audio!;
    const first = await fetchMedia(user, audio.url, { range: 'bytes=0-1' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-1/${file.length}`);
    expect(first.rawPayload.toString('latin1')).toBe('RI');
    const tail = await fetchMedia(user, audio.url, { range: 'bytes=-4' });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, file.subarray(-4))).toBe(0);
    const open = await fetchMedia(user, audio.url, { range: 'bytes=40-' });
    expect(open.rawPayload.length).toBe(file.length - 40);
    const outside = await fetchMedia(user, audio.url, { range: `bytes=${file.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${file.length}`);
    const cached = await fetchMedia(user, audio.url, { 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
  });

  it(`refuses a recording over ${AUDIO_MAX_SECONDS} s and one that is not audio`, async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const long = await put(user, id, words[0]!.id, 'audio', wavFile(AUDIO_MAX_SECONDS + 2), 'audio/wav');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'AUDIO_TOO_LONG' });
    expect(long.json().message).toContain(String(AUDIO_MAX_SECONDS));
    const garbage = await put(user, id, words[0]!.id, 'audio', Buffer.from('garbage bytes'), 'audio/webm');
    expect(garbage.json()).toMatchObject({ code: 'INVALID_AUDIO' });
    const mislabelled = await put(user, id, words[0]!.id, 'audio', wavFile(1), 'audio/mpeg');
    expect(mislabelled.json()).toMatchObject({ code: 'INVALID_AUDIO' });
    const picture = await put(user, id, words[0]!.id, 'audio', await pictureFile('png'), 'image/png');
    expect(picture.statusCode).toBe(415);
  });
});

describe(`recordings are measured, not believed (${testDriver})`, () => {
  it('takes an AAC (ADTS) file as audio/aac with its length', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const file = audioFixture(AUDIO_FIXTURES.aac.file);
    const response = await put(user, id, words[0]!.id, 'audio', file, 'audio/aac');
    expect(response.statusCode, response.body).toBe(200);
    const audio = response.json<Word>().audio!;
    expect(Math.abs(audio.durationMs - WORD_MS)).toBeLessThanOrEqual(100);
    expect((await fetchMedia(user, audio.url)).headers['content-type']).toBe('audio/aac');
  });

  it("refuses files that lie about their length, in the caller's language, and stores nothing", async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const seconds = AUDIO_MAX_SECONDS;
    const cases = [
      { file: wavWithFact(125, 1), type: 'audio/wav', language: 'uk', code: 'AUDIO_TOO_LONG' },
      {
        file: framesRepeated(audioFixture(AUDIO_FIXTURES.mp3.file), 8),
        type: 'audio/mpeg',
        language: 'de',
        code: 'AUDIO_TOO_LONG',
      },
      { file: wavWithByteRate(2, 1_000_000), type: 'audio/wav', language: 'pl', code: 'INVALID_AUDIO' },
    ] as const;
    for (const { file, type, language, code } of cases) {
      const response = await put(user, id, words[0]!.id, 'audio', file, type, language);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code,
        message: errorMessage(await loadMessages(language), code, { seconds }),
      });
    }
    const word = await callAsNewClient(t.app, user, 'getDictionary', {
      params: { id },
      query: { page: 1, limit: 40, sort: 'create', direction: 1 },
    });
    expect(word.data().words[0]!.audio).toBeNull();
  });
});

describe(`owner-only serving (${testDriver})`, () => {
  it("another user gets a 404 for the owner's file and cannot change the owner's words", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(owner);
    const picture = (
      await put(owner, id, words[0]!.id, 'picture', await pictureFile('png'), 'image/png')
    ).json<Word>().picture!;
    const stranger = await fetchMedia(other, picture.url);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND' });
    const unknown = await fetchMedia(other, '/api/media/00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toEqual(stranger.json());
    expect((await fetchMedia(undefined, picture.url)).statusCode).toBe(401);
    const overwrite = await put(other, id, words[0]!.id, 'picture', await pictureFile('png'), 'image/png');
    expect(overwrite.statusCode).toBe(404);
    const remove = await callAsNewClient(t.app, other, 'deleteWordPicture', {
      params: { id, wordId: words[0]!.id },
    });
    expect(remove.statusCode).toBe(404);
    expect((await fetchMedia(owner, picture.url)).statusCode).toBe(200);
  });
});

describe(`the media quota (${testDriver})`, () => {
  /** Fills the account up to `room` bytes under its quota with a (blob-less) row. */
  async function fillUpTo(user: User, wordId: string, room: number) {
    await t.database.db.insert(wordMedia).values({
      id: crypto.randomUUID(),
      ownerId: user.id,
      wordId,
      kind: 'picture',
      contentType: 'image/webp',
      bytes: ROLE_LIMITS.user.mediaBytes - room,
      width: 1,
      height: 1,
      storageKey: `${user.id}/${crypto.randomUUID()}`,
    });
  }

  it('refuses a file past the quota and says how much there is', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user, ['a', 'b']);
    await fillUpTo(user, words[0]!.id, 1000);
    const usage = await callAsNewClient(t.app, user, 'mediaUsage');
    expect(usage.data()).toEqual({
      usedBytes: ROLE_LIMITS.user.mediaBytes - 1000,
      quotaBytes: ROLE_LIMITS.user.mediaBytes,
    });
    const refused = await put(user, id, words[1]!.id, 'audio', wavFile(0.1), 'audio/wav');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MEDIA_QUOTA_EXCEEDED' });
    expect(refused.json().message).toContain(String(ROLE_LIMITS.user.mediaBytes / 1024 / 1024));
    const fits = await put(user, id, words[1]!.id, 'audio', wavFile(0.05), 'audio/wav');
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('lets only one of two uploads racing at the boundary in', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user, ['a', 'b', 'c']);
    const file = wavFile(0.05);
    await fillUpTo(user, words[0]!.id, file.length + 100);
    const before = (await blobFiles()).length;
    const results = await Promise.all([
      put(user, id, words[1]!.id, 'audio', file, 'audio/wav'),
      put(user, id, words[2]!.id, 'audio', file, 'audio/wav'),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 403]);
    const usage = (await callAsNewClient(t.app, user, 'mediaUsage')).data();
    expect(usage.usedBytes).toBeLessThanOrEqual(usage.quotaBytes);
    // The refused upload's blob was deleted at once.
    expect((await blobFiles()).length).toBe(before + 1);
  });

  it('counts a replacement without the file it replaces', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user, ['a', 'b']);
    const file = wavFile(0.05);
    expect((await put(user, id, words[1]!.id, 'audio', file, 'audio/wav')).statusCode).toBe(200);
    await fillUpTo(user, words[0]!.id, file.length * 2 - 10);
    // Two of these would not fit; one replacing the other does.
    expect((await put(user, id, words[1]!.id, 'audio', file, 'audio/wav')).statusCode).toBe(200);
  });
});

describe(`replacing and deleting (${testDriver})`, () => {
  it('two replacements of one picture at once leave one row and one blob', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user);
    const wordId = words[0]!.id;
    await sweep();
    const before = (await blobFiles()).length;
    const [a, b] = await Promise.all([
      put(user, id, wordId, 'picture', await pictureFile('png'), 'image/png'),
      put(user, id, wordId, 'picture', await pictureFile('jpeg'), 'image/jpeg'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const versions = [a.json<Word>().version, b.json<Word>().version].sort();
    expect(versions).toEqual([words[0]!.version + 1, words[0]!.version + 2]);
    const rows = (await t.database.db.select().from(wordMedia)).filter((row) => row.wordId === wordId);
    expect(rows).toHaveLength(1);
    await sweep();
    expect((await blobFiles()).length).toBe(before + 1);
  });

  it('deleting a word, a dictionary or the account removes their blobs after the sweep', async () => {
    const user = await createUser(t.app);
    const { id, words } = await dictionaryWithWords(user, ['a', 'b', 'c']);
    const other = await dictionaryWithWords(user, ['d']);
    await sweep();
    const start = (await blobFiles()).length;
    for (const word of words) {
      expect(
        (await put(user, id, word.id, 'picture', await pictureFile('png'), 'image/png')).statusCode,
      ).toBe(200);
    }
    expect((await put(user, id, words[0]!.id, 'audio', wavFile(0.2), 'audio/wav')).statusCode).toBe(200);
    expect(
      (await put(user, other.id, other.words[0]!.id, 'picture', await pictureFile('png'), 'image/png'))
        .statusCode,
    ).toBe(200);
    expect((await blobFiles()).length).toBe(start + 5);

    // A word: its picture and recording.
    const update = await callAsNewClient(t.app, user, 'updateDictionary', {
      params: { id },
      body: { words: { delete: [words[0]!.id] } },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await blobFiles()).length).toBe(start + 5);
    expect(await sweep()).toEqual({ deleted: 2, failed: 0 });
    expect((await blobFiles()).length).toBe(start + 3);

    // A dictionary: its words' pictures.
    expect((await callAsNewClient(t.app, user, 'deleteDictionary', { params: { id } })).statusCode).toBe(204);
    expect(await sweep()).toEqual({ deleted: 2, failed: 0 });
    expect((await blobFiles()).length).toBe(start + 1);

    // The account: everything left.
    await t.app.services.users.deleteAccount(user.id);
    expect(await sweep()).toEqual({ deleted: 1, failed: 0 });
    expect((await blobFiles()).length).toBe(start);
  });

  it("an expired guest's purge removes the guest's blobs after the sweep", async () => {
    const guest = await createUser(t.app, 'guest');
    const { id, words } = await dictionaryWithWords(guest, ['a']);
    await sweep();
    const start = (await blobFiles()).length;
    expect((await put(guest, id, words[0]!.id, 'audio', wavFile(0.2), 'audio/wav')).statusCode).toBe(200);
    expect((await blobFiles()).length).toBe(start + 1);
    await t.database.db
      .update(users)
      .set({ guestExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, guest.id));
    expect(await t.app.services.users.deleteExpiredGuests(new Date())).toBeGreaterThanOrEqual(1);
    expect(await sweep()).toEqual({ deleted: 1, failed: 0 });
    expect((await blobFiles()).length).toBe(start);
  });
});

describe(`a page of words as the database writes it (${testDriver})`, () => {
  it('is the contract field for field, and each word as reading it alone shows it', async () => {
    const user = await createUser(t.app);
    // Text the page query's own concatenation must escape or carry whole: quotes, a letter
    // outside the BMP, other scripts (what a term may hold; backslashes and braces may not).
    const tricky = 'Sag "hallo" – «Grüß» \'n\' & 50% / 𝔸 漢字 ¿qué? „so“';
    const imported = await callAsNewClient(t.app, user, 'importDictionary', {
      body: {
        name: 'Deutsch #1 $_',
        fromLanguage: 'de',
        toLanguage: 'en',
        words: [
          { term: tricky, definitions: [tricky, 'plain'], examples: [`Ein ${tricky} Beispiel`] },
          { term: 'der Hund', definitions: ['the dog'] },
          { term: 'die Katze', definitions: ['the cat', 'a "cat"'] },
        ],
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const id = imported.json<ImportResult>().dictionary.id;
    const read = (query: { sort: 'create' | 'term'; direction: 1 | -1; search?: string; page?: number }) =>
      callAsNewClient(t.app, user, 'getDictionary', {
        params: { id },
        query: {
          page: query.page ?? 1,
          limit: 40,
          sort: query.sort,
          direction: query.direction,
          ...(query.search ? { search: query.search } : {}),
        },
      });
    const [first, second] = (await read({ sort: 'create', direction: 1 })).data().words;
    expect(
      (await put(user, id, first!.id, 'picture', await pictureFile('png', 40, 30), 'image/png')).statusCode,
    ).toBe(200);
    expect((await put(user, id, first!.id, 'audio', wavFile(1), 'audio/wav')).statusCode).toBe(200);
    const suspended = await callAsNewClient(t.app, user, 'suspendWord', {
      params: { id, wordId: second!.id },
      body: { suspended: true },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);

    // The first page (a statement of its own), a later page, and a search.
    const pages = [
      await read({ sort: 'create', direction: 1 }),
      await read({ sort: 'term', direction: -1 }),
      await read({ sort: 'create', direction: -1, search: 'hallo' }),
    ];
    for (const response of pages) {
      expect(response.statusCode, response.body).toBe(200);
      const body = JSON.parse(response.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(Object.keys(dictionaryWithWordsSchema.shape).sort());
      const page = dictionaryWithWordsSchema.parse(body);
      expect(page.name).toBe('Deutsch #1 $_');
      for (const word of page.words) {
        expect(Object.keys(word).sort()).toEqual(Object.keys(listedWordSchema.shape).sort());
        const alone = await callAsNewClient(t.app, user, 'getWord', { params: { id, wordId: word.id } });
        const { number, ...listed } = word;
        expect(listed).toEqual(alone.data());
        expect(number).toBe(1 + [tricky, 'der Hund', 'die Katze'].indexOf(word.term));
      }
    }
    const [all, byTerm, found] = pages.map((response) => response.data());
    expect(all!.words.map((word) => word.term)).toEqual([tricky, 'der Hund', 'die Katze']);
    expect(all!.total).toBe(3);
    expect(all!.words[0]).toMatchObject({
      definitions: [tricky, 'plain'],
      examples: [`Ein ${tricky} Beispiel`],
      picture: { width: 40, height: 30 },
      audio: { durationMs: 1000 },
    });
    expect(all!.words[1]!.suspended).toBe(true);
    expect(byTerm!.words.map((word) => word.term)).toEqual([tricky, 'die Katze', 'der Hund']);
    expect(found!.words.map((word) => word.term)).toEqual([tricky]);
    expect(found!.total).toBe(1);

    // Past the last page: no words, the total still right.
    const past = (await read({ sort: 'create', direction: 1, page: 2 })).data();
    expect(past.words).toEqual([]);
    expect(past.total).toBe(3);
  });
});
