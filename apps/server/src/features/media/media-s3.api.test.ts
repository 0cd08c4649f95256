import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Word } from '@wordhoard/shared';
import { callAsNewClient } from '../../../test/api-client';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, uniqueClientAddress, type TestApp } from '../../../test/harness';
import { pictureFile, wavFile } from '../../../test/media/media-files';
import { S3RVER_CREDENTIALS, startS3Server } from '../../../test/media/s3-server';
import { DEFAULT_TIMEOUTS } from '../../config/config';
import { S3BlobStore } from './blob-store';

const BUCKET = 'wordhoard-media';
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let store: S3BlobStore;
beforeAll(async () => {
  s3 = await startS3Server(BUCKET);
  // The application's own configuration path: S3_* variables select the S3 store.
  t = await createTestApp({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  expect(t.config.media.driver).toBe('s3');
  store = new S3BlobStore(
    {
      driver: 's3',
      bucket: BUCKET,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: S3RVER_CREDENTIALS,
      forcePathStyle: true,
    },
    DEFAULT_TIMEOUTS.s3Ms,
  );
});
afterAll(async () => {
  store.close();
  await t.close();
  await s3.close();
});

describe(`the S3 blob store against a local S3 server (${testDriver})`, () => {
  it('puts, reads whole and in ranges, and deletes; a missing key reads as nothing', async () => {
    const bytes = new TextEncoder().encode('0123456789');
    await store.put('owner/file-1', bytes, 'audio/wav');
    expect(Buffer.from((await store.get('owner/file-1'))!).toString()).toBe('0123456789');
    expect(Buffer.from((await store.get('owner/file-1', { start: 2, end: 4 }))!).toString()).toBe('234');
    await store.delete('owner/file-1');
    expect(await store.get('owner/file-1')).toBeUndefined();
    // Deleting what is not there is no error.
    await store.delete('owner/file-1');
    await expect(store.put('../escape', bytes, 'audio/wav')).rejects.toThrow(/invalid blob key/);
  });

  it('keeps uploaded media in the bucket, serves them, and sweeps them after a deletion', async () => {
    const user = await createUser(t.app);
    const created = await callAsNewClient(t.app, user, 'importDictionary', {
      body: {
        name: 'S3',
        fromLanguage: 'de',
        toLanguage: 'en',
        words: [{ term: 'die Katze', definitions: ['cat'] }],
      },
    });
    const dictionaryId = created.json<{ dictionary: { id: string } }>().dictionary.id;
    const page = await callAsNewClient(t.app, user, 'getDictionary', {
      params: { id: dictionaryId },
      query: { page: 1, limit: 40 },
    });
    const wordId = page.data().words[0]!.id;
    const upload = (kind: string, body: Buffer, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/dictionaries/${dictionaryId}/words/${wordId}/${kind}`,
        headers: { cookie: user.cookie, 'content-type': type },
        payload: body,
        remoteAddress: uniqueClientAddress(),
      });
    const picture = (await upload('picture', await pictureFile('png'), 'image/png')).json<Word>().picture!;
    const file = wavFile(0.3);
    const audioResponse = await upload('audio', file, 'audio/wav');
    expect(audioResponse.statusCode, audioResponse.body).toBe(200);
    const audio = audioResponse.json<Word>().audio!;

    const served = await t.app.inject({ method: 'GET', url: audio.url, headers: { cookie: user.cookie } });
    expect(Buffer.compare(served.rawPayload, file)).toBe(0);
    const part = await t.app.inject({
      method: 'GET',
      url: audio.url,
      headers: { cookie: user.cookie, range: 'bytes=8-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('WAVE');
    const pictureKey = `${user.id}/${picture.url.split('/').pop()!}`;
    expect(await store.get(pictureKey)).toBeDefined();

    expect(
      (await callAsNewClient(t.app, user, 'deleteDictionary', { params: { id: dictionaryId } })).statusCode,
    ).toBe(204);
    expect(await store.get(pictureKey)).toBeDefined();
    expect(await t.app.services.media.sweep()).toEqual({ deleted: 2, failed: 0 });
    expect(await store.get(pictureKey)).toBeUndefined();
  });
});
