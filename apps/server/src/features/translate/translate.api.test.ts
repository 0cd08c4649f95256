import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlackHole, timed } from '../../../test/black-hole';
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

describe(`translation language pairs (${testDriver})`, () => {
  it('asks the service for its list once, however many requests arrive together', async () => {
    const pairStub = new TranslateStub();
    pairStub.languages = [{ code: 'en', name: 'English', targets: ['de'] }];
    // The list answers slowly, so that every request arrives while it is being fetched.
    pairStub.delayMs = 300;
    const app = await createTestApp({ env: { TRANSLATE_URL: await pairStub.start() } });
    try {
      const user = await createUser(app.app);
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          app.app.inject({
            method: 'GET',
            url: '/api/translation-languages',
            headers: { cookie: user.cookie },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      expect(pairStub.languageRequests).toBe(1);
    } finally {
      await app.close();
      await pairStub.stop();
    }
  });

  it('offers only the pairs the service lists, and asks the service for no other', async () => {
    const pairStub = new TranslateStub();
    pairStub.languages = [
      { code: 'en', name: 'English', targets: ['en', 'ja', 'ar'] },
      { code: 'ja', name: 'Japanese', targets: ['en', 'ja'] },
      { code: 'ar', name: 'Arabic', targets: ['en'] },
    ];
    pairStub.dictionary['ja:en:猫'] = { translatedText: 'cat' };
    const app = await createTestApp({ env: { TRANSLATE_URL: await pairStub.start() } });
    try {
      const user = await createUser(app.app);
      const languages = await app.app.inject({
        method: 'GET',
        url: '/api/translation-languages',
        headers: { cookie: user.cookie },
      });
      expect(languages.statusCode).toBe(200);
      expect(languages.json()).toEqual({ pairs: { en: ['ja', 'ar'], ja: ['en'], ar: ['en'] } });

      expect((await translate(app, '猫', 'fromLanguage=ja&toLanguage=en', user.cookie)).json()).toEqual({
        translations: ['cat'],
      });
      // Arabic → Ukrainian is not offered: no suggestions, and no request upstream.
      const before = pairStub.requests.length;
      const unsupported = await translate(app, 'كتاب', 'fromLanguage=ar&toLanguage=uk', user.cookie);
      expect(unsupported.statusCode).toBe(200);
      expect(unsupported.json()).toEqual({ translations: [] });
      expect(pairStub.requests.length).toBe(before);
      // The list is read once and kept, also by requests that arrive together.
      await Promise.all(
        Array.from({ length: 5 }, () =>
          app.app.inject({
            method: 'GET',
            url: '/api/translation-languages',
            headers: { cookie: user.cookie },
          }),
        ),
      );
      expect(pairStub.languageRequests).toBe(1);
    } finally {
      await app.close();
      await pairStub.stop();
    }
  });

  it('tries every pair when the service has no language list', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/translation-languages',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pairs: null });
    expect((await translate(t, 'house')).json()).toEqual({ translations: ['Haus', 'Gebäude'] });
  });

  it('accepts any ISO 639-1 pair and refuses an unknown code with a localized 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/translate/house?fromLanguage=ja&toLanguage=qq`,
      headers: { cookie, 'accept-language': 'pl' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [{ path: 'querystring.toLanguage', message: 'Wybierz język z listy' }],
    });
  });
});

describe(`a translation service that accepts connections and never answers (${testDriver})`, () => {
  it('answers 503 TRANSLATION_UNAVAILABLE once its calls timed out', async () => {
    const hole = new BlackHole();
    await hole.start();
    // Short for the test: nothing behind the black hole could answer in time anyway.
    const app = await createTestApp({ env: { TRANSLATE_URL: hole.url }, timeouts: { translateMs: 300 } });
    try {
      const user = await createUser(app.app);
      const { result } = await timed('translation', () => translate(app, 'house', undefined, user.cookie));
      expect(result.statusCode, result.body).toBe(503);
      expect(result.json().code).toBe('TRANSLATION_UNAVAILABLE');
      // The language list, then the translation: each asked once, each ended by the timeout.
      expect(hole.requests).toBe(2);
    } finally {
      await app.close();
      await hole.stop();
    }
  });
});
