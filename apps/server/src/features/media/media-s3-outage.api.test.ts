import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAsNewClient } from '../../../test/api-client';
import { BlackHole, timed } from '../../../test/black-hole';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, uniqueClientAddress, type TestApp } from '../../../test/harness';
import { pictureFile } from '../../../test/media/media-files';
import { S3RVER_CREDENTIALS, startS3Server } from '../../../test/media/s3-server';

/**
 * An S3 bucket that does not answer, or answers with an error of its own: an upload ends with
 * our 503 (with Retry-After) or 502, never a hang and never a 500 (decision 0073).
 */

const BUCKET = 'wordhoard-media';
/** Short for the test: nothing behind the black hole could answer in time anyway. */
const S3_TIMEOUT_MS = 300;

const s3Env = (endpoint: string, bucket = BUCKET) => ({
  S3_BUCKET: bucket,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

/** A picture upload to a fresh word of a fresh user. */
async function uploadPicture(t: TestApp) {
  const user = await createUser(t.app);
  const created = await callAsNewClient(t.app, user, 'importDictionary', {
    body: {
      name: 'S3',
      fromLanguage: 'de',
      toLanguage: 'en',
      words: [{ term: 'der Hund', definitions: ['dog'] }],
    },
  });
  const dictionaryId = created.json<{ dictionary: { id: string } }>().dictionary.id;
  const page = await callAsNewClient(t.app, user, 'getDictionary', {
    params: { id: dictionaryId },
    query: { page: 1, limit: 40 },
  });
  const wordId = page.data().words[0]!.id;
  const body = await pictureFile('png');
  return timed('picture upload', () =>
    t.app.inject({
      method: 'PUT',
      url: `/api/dictionaries/${dictionaryId}/words/${wordId}/picture`,
      headers: { cookie: user.cookie, 'content-type': 'image/png' },
      payload: body,
      remoteAddress: uniqueClientAddress(),
    }),
  );
}

describe(`a bucket that accepts connections and never answers (${testDriver})`, () => {
  const hole = new BlackHole();
  let t: TestApp;
  beforeAll(async () => {
    await hole.start();
    t = await createTestApp({ env: s3Env(hole.url), timeouts: { s3Ms: S3_TIMEOUT_MS } });
  });
  afterAll(async () => {
    await t.close();
    await hole.stop();
  });

  it('ends an upload with 503 and Retry-After after one retry, instead of holding it open', async () => {
    const { result } = await uploadPicture(t);
    expect(result.statusCode, result.body).toBe(503);
    expect(result.json<{ code: string }>().code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(result.headers['retry-after'])).toBeGreaterThan(0);
    // The first try and one retry, each ended by the timeout: no more.
    expect(hole.requests).toBe(2);
  });
});

describe(`an S3 that answers with an error of its own (${testDriver})`, () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server(BUCKET);
    // A bucket name the server does not have (a misconfiguration): S3 answers 404 NoSuchBucket.
    t = await createTestApp({ env: s3Env(s3.endpoint, 'no-such-bucket') });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it("answers 502 UPSTREAM_ERROR: S3's status is not the client's", async () => {
    const { result } = await uploadPicture(t);
    expect(result.statusCode, result.body).toBe(502);
    expect(result.json<{ code: string }>().code).toBe('UPSTREAM_ERROR');
  });
});
