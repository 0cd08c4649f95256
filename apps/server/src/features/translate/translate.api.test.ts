import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { TranslateStub } from '../../../test/translate-stub';

let t: TestApp;
let stub: TranslateStub;
let cookie: string;

beforeAll(async () => {
  stub = new TranslateStub();
  stub.dictionary['en:de:house'] = { translatedText: 'Haus', alternatives: ['Gebäude', 'Haus', ' '] };
  const url = await stub.start();
  t = await createTestApp({ env: { TRANSLATE_URL: url, TRANSLATE_API_KEY: 'key-1' } });
  cookie = (await createUser(t.app)).cookie;
});
afterAll(async () => {
  await t.close();
  await stub.stop();
});

const translate = (app: TestApp, word: string, query = 'fromLanguage=en&toLanguage=de', session = cookie) =>
  app.app.inject({
    method: 'GET',
    url: `/api/translate/${encodeURIComponent(word)}?${query}`,
    headers: { cookie: session },
  });

describe(`translation (${testDriver})`, () => {
  it('returns the translation and its alternatives, de-duplicated, with the API key sent', async () => {
    const response = await translate(t, 'house');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ translations: ['Haus', 'Gebäude'] });
    expect(stub.requests.at(-1)).toMatchObject({ q: 'house', source: 'en', target: 'de', api_key: 'key-1' });
  });

  it('serves a repeated word from its cache', async () => {
    const before = stub.requests.length;
    await translate(t, 'house');
    await translate(t, 'house');
    expect(stub.requests.length).toBe(before);
  });

  it('answers 503 TRANSLATION_UNAVAILABLE when the service fails', async () => {
    const response = await translate(t, 'unknown-word');
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('TRANSLATION_UNAVAILABLE');
  });

  it('validates the languages', async () => {
    const response = await translate(t, 'house', 'fromLanguage=en&toLanguage=xx');
    expect(response.statusCode).toBe(400);
  });

  it('needs a signed-in member', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/translate/house?fromLanguage=en&toLanguage=de',
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 503 when no translation service is configured', async () => {
    const plain = await createTestApp();
    try {
      const user = await createUser(plain.app);
      const response = await translate(plain, 'house', undefined, user.cookie);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('TRANSLATION_UNAVAILABLE');
    } finally {
      await plain.close();
    }
  });
});
