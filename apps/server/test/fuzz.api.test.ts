import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type EndpointName } from '@wordhoard/shared';
import { createUser } from './fixtures';
import { createTestApp, testDriver, uniqueClientAddress, type TestApp } from './harness';
import { stateFingerprint, watchWrites } from './state';

/**
 * Every endpoint gets arbitrary input: JSON of any shape, prototype-pollution keys, wrong
 * types, unicode and huge strings, bad ids and bad query strings. Whatever comes in, the
 * answer is never a 5xx, and a refusal (4xx) changes nothing anyone saved.
 */
const RUNS_PER_ENDPOINT = 300;
/** The contract's documented answers for an adapter that is not configured (DESIGN §2). */
const NOT_CONFIGURED = new Set([
  'GOOGLE_UNAVAILABLE',
  'TRANSLATION_UNAVAILABLE',
  'PAYMENTS_UNAVAILABLE',
  'PUSH_UNAVAILABLE',
]);

let t: TestApp;
let cookie: string;
let ownDictionaryId = '';

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, 'user');
  cookie = user.cookie;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/dictionaries',
    headers: { cookie },
    payload: { name: 'Fuzz', fromLanguage: 'en', toLanguage: 'de' },
  });
  ownDictionaryId = created.json().id;
});
afterAll(async () => {
  await t.close();
});

const nasty = fc.constantFrom(
  '',
  ' ',
  'null',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 🤖',
  'ﷺ',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
);
const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), nasty);
const pollution = fc.record({
  ['__proto__']: fc.jsonValue(),
  constructor: fc.jsonValue(),
  prototype: fc.jsonValue(),
});
const jsonBody = fc.oneof(
  fc.jsonValue(),
  pollution,
  fc.dictionary(text, fc.jsonValue()),
  fc.array(fc.jsonValue()),
  text,
  fc.constant(null),
);

/** Keys the endpoint really reads, filled with values of every type. */
function nearValid(name: EndpointName) {
  const keys: Record<string, string[]> = {
    signup: ['email', 'password', 'interfaceLanguage'],
    login: ['email', 'password'],
    verify: ['code'],
    restoreCode: ['email'],
    restore: ['email', 'code'],
    changePassword: ['password', 'currentPassword', 'googleCredential'],
    deleteAccount: ['currentPassword', 'googleCredential', 'confirmDeletion'],
    google: ['credential'],
    guest: ['interfaceLanguage'],
    updateMe: ['interfaceLanguage', 'sortingConfigs', 'desiredRetention'],
    createDictionary: ['name', 'fromLanguage', 'toLanguage'],
    updateDictionary: ['name', 'fromLanguage', 'words'],
    importDictionary: ['name', 'fromLanguage', 'toLanguage', 'words'],
    importWords: ['words'],
    guestSignup: ['email', 'password'],
    guestGoogle: ['credential'],
    createTester: ['dictionaryId', 'swap', 'range'],
    answer: ['answer', 'position', 'wordId', 'attemptId'],
    skip: ['position', 'wordId', 'attemptId'],
    checkout: ['planId'],
  };
  const value = fc.oneof(
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue(),
    fc.constant(ownDictionaryId),
  );
  return fc.record(Object.fromEntries((keys[name] ?? ['x']).map((key) => [key, value])), {
    requiredKeys: [],
  });
}

const param = fc.oneof(fc.uuid(), text, fc.constant(ownDictionaryId));
const query = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom(
        'search',
        'sort',
        'direction',
        'page',
        'limit',
        'fromLanguage',
        'toLanguage',
        'format',
        'retention',
        'x',
      ),
      text,
    )
    .map((entries) => `?${new URLSearchParams(entries).toString()}`),
  text.map((raw) => `?${raw}`),
  fc.constant(''),
);

function fillPath(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[index++] ?? 'x'));
}

describe(`fuzzing every endpoint (${testDriver})`, () => {
  const names = Object.keys(contract) as EndpointName[];

  it(`survives ${names.length * RUNS_PER_ENDPOINT} arbitrary requests without a 5xx or a change on refusal`, async () => {
    let cases = 0;
    // What is saved now: read again after each request that wrote a row (the read of every table
    // is the cost, and most refusals write nothing), compared after each refusal.
    const rowWrites = await watchWrites(t.database.db);
    let writes = await rowWrites();
    let saved = await stateFingerprint(t.database.db);
    for (const name of names) {
      const endpoint = contract[name];
      await fc.assert(
        fc.asyncProperty(
          fc.array(param, { minLength: 2, maxLength: 2 }),
          query,
          fc.oneof(jsonBody, nearValid(name)),
          fc.boolean(),
          fc.boolean(),
          async (params, search, body, signedIn, rawText) => {
            cases += 1;
            const payload = rawText && typeof body === 'string' ? body : JSON.stringify(body);
            const response = await t.app.inject({
              method: endpoint.method,
              url: `/api${fillPath(endpoint.path, params)}${search}`,
              // Every request from its own client: the per-client limits would otherwise turn
              // most of the run into 429s and hide what the handlers do with the input.
              remoteAddress: uniqueClientAddress(),
              headers: {
                ...(signedIn ? { cookie } : {}),
                ...(endpoint.method === 'GET' || endpoint.method === 'DELETE'
                  ? {}
                  : { 'content-type': 'application/json' }),
              },
              ...(endpoint.method === 'GET' ? {} : { payload }),
            });
            const notConfigured =
              response.statusCode === 503 && NOT_CONFIGURED.has(response.json<{ code: string }>().code);
            if (!notConfigured) {
              expect(
                response.statusCode,
                `${endpoint.method} ${endpoint.path}: ${response.body}`,
              ).toBeLessThan(500);
            }
            const writesNow = await rowWrites();
            const after = writesNow === writes ? saved : await stateFingerprint(t.database.db);
            writes = writesNow;
            if (response.statusCode >= 400) {
              expect(response.json()).toMatchObject({
                statusCode: response.statusCode,
                code: expect.any(String),
                message: expect.any(String),
              });
              expect(
                after,
                `${endpoint.method} ${endpoint.path} changed state on ${response.statusCode}`,
              ).toBe(saved);
            }
            saved = after;
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }
    expect(cases).toBeGreaterThanOrEqual(10_000);
  }, 600_000);

  it('refuses arbitrary webhook bodies and signatures with 400, and bodies over 100 KB with 413', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          text,
          jsonBody.map((v) => JSON.stringify(v)),
        ),
        text,
        async (body, signature) => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            payload: body,
          });
          expect([400, 503]).toContain(response.statusCode);
        },
      ),
      { numRuns: 200 },
    );
    for (const name of ['signup', 'updateDictionary', 'answer'] as const) {
      const endpoint = contract[name];
      const response = await t.app.inject({
        method: endpoint.method,
        url: `/api${fillPath(endpoint.path, [ownDictionaryId])}`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ padding: 'x'.repeat(101 * 1024) }),
      });
      expect(response.statusCode, name).toBe(413);
    }
  });
});
