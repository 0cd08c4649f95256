import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, type ImportResult, type Word } from '@wordhoard/shared';
import { callAsNewClient } from '../../../test/api-client';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, uniqueClientAddress, type TestApp } from '../../../test/harness';
import { avifBomb, hugeFlatJpeg, pictureFile } from '../../../test/media/media-files';
import { stateFingerprint } from '../../../test/state';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';

// Pictures an attacker sends (decision 0078): refused from their header before a pixel is
// decoded, and uploads counted per account.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = { cookie: string };

async function wordOf(user: User): Promise<{ id: string; wordId: string }> {
  const created = await callAsNewClient(t.app, user, 'importDictionary', {
    body: {
      name: 'Bilder',
      fromLanguage: 'de',
      toLanguage: 'en',
      words: [{ term: 'das Bild', definitions: ['picture'] }],
    },
  });
  const { id } = created.json<ImportResult>().dictionary;
  const page = await callAsNewClient(t.app, user, 'getDictionary', {
    params: { id },
    query: { page: 1, limit: 40 },
  });
  return { id, wordId: page.data().words[0]!.id };
}

const putPicture = (
  user: User,
  word: { id: string; wordId: string },
  body: Buffer,
  type: string,
  language = 'en',
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/dictionaries/${word.id}/words/${word.wordId}/picture`,
    headers: { cookie: user.cookie, 'content-type': type, 'accept-language': language },
    payload: body,
    remoteAddress: uniqueClientAddress(),
  });

describe(`picture budget (${testDriver})`, () => {
  it('refuses a 1 KB AVIF that declares 7071×7071 before decoding it, in the caller’s language', async () => {
    const guest = await createUser(t.app, 'guest');
    const word = await wordOf(guest);
    const bomb = avifBomb();
    expect(bomb.byteLength).toBeLessThan(2048);
    const pl = await loadMessages('pl');
    const before = await stateFingerprint(t.database.db);
    const response = await putPicture(guest, word, bomb, 'image/avif', 'pl');
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('PICTURE_TOO_LARGE');
    // The message names the bound for AVIF: what fits the budget, 11 megapixels.
    expect(body.message).toBe(pl.apiErrors.PICTURE_TOO_LARGE.replace('{{megapixels}}', '11'));
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('takes a large picture that streams (a 7071×7071 baseline JPEG) and shrinks it', async () => {
    const user = await createUser(t.app);
    const word = await wordOf(user);
    const response = await putPicture(user, word, await hugeFlatJpeg(), 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Word>().picture).toMatchObject({ width: 1024, height: 1024 });
  });

  it(`answers 429 with Retry-After past ${RATE_LIMITS.mediaUpload.limit} uploads an hour per account, from any address`, async () => {
    const user = await createUser(t.app);
    const word = await wordOf(user);
    const small = await pictureFile('png', 16, 16);
    for (let index = 0; index < RATE_LIMITS.mediaUpload.limit; index += 1) {
      const response = await putPicture(user, word, small, 'image/png');
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await putPicture(user, word, small, 'image/png');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back.
    const other = await createUser(t.app);
    expect((await putPicture(other, await wordOf(other), small, 'image/png')).statusCode).toBe(200);
  });
});
