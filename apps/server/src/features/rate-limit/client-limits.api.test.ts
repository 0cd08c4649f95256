import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { TranslateStub } from '../../../test/translate-stub';
import { hashPassword } from '../auth/password';
import { RATE_LIMITS } from './rate-limiter';

/**
 * Per-client limits key on the client's own address: the socket's peer without TRUST_PROXY,
 * the address the trusted proxies saw with it. A client behind the balancer cannot spend
 * another client's budget, and without TRUST_PROXY nobody can pick an address of their own.
 */

const PASSWORD = 'Secret123';
const BALANCER = '10.0.0.2';
let stub: TranslateStub;
let direct: TestApp;
let proxied: TestApp;
let oneHop: TestApp;

beforeAll(async () => {
  stub = new TranslateStub();
  stub.dictionary['en:de:house'] = { translatedText: 'Haus' };
  const env = { TRANSLATE_URL: await stub.start() };
  direct = await createTestApp({ env });
  proxied = await createTestApp({ env: { ...env, TRUST_PROXY: '10.0.0.0/8' } });
  oneHop = await createTestApp({ env: { ...env, TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
  await oneHop.close();
  await stub.stop();
});

/** A signed-up user whose password is PASSWORD (set directly; sign-up has its own tests). */
async function userWithPassword(t: TestApp) {
  const { id, email, cookie } = await createUser(t.app);
  await t.app.services.users.updateAccount(id, { passwordHash: await hashPassword(PASSWORD) });
  return { email, cookie };
}

const login = (t: TestApp, email: string, password: string, client: string) =>
  apiClient(t.app).call('login', {
    body: { email, password },
    remoteAddress: BALANCER,
    headers: { 'x-forwarded-for': client },
  });

describe(`TRUST_PROXY (${testDriver})`, () => {
  it.each([
    ['a CIDR range', () => proxied],
    ['a hop count', () => oneHop],
  ])(
    'behind proxies trusted by %s, one client’s failed logins do not lock out another',
    async (_, app) => {
      const t = app();
      const { email } = await userWithPassword(t);
      for (let i = 0; i < 10; i += 1) {
        expect((await login(t, email, 'Wrong1234', '203.0.113.7')).statusCode).toBe(401);
      }
      expect((await login(t, email, 'Wrong1234', '203.0.113.7')).statusCode).toBe(429);
      // Same balancer, another client: still its own budget, and the right password works.
      expect((await login(t, email, PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    },
    30_000,
  );

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a forged address buys no new budget', async () => {
    const { email } = await userWithPassword(direct);
    for (let i = 0; i < 10; i += 1) {
      const forged = `203.0.113.${100 + i}`;
      expect((await login(direct, email, 'Wrong1234', forged)).statusCode).toBe(401);
    }
    expect((await login(direct, email, 'Wrong1234', '203.0.113.200')).statusCode).toBe(429);
  });

  it('does not trust a forwarded address from a peer outside the trusted ranges', async () => {
    const { email } = await userWithPassword(proxied);
    const outsider = (forged: string) =>
      apiClient(proxied.app).call('login', {
        body: { email, password: 'Wrong1234' },
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': forged },
      });
    for (let i = 0; i < 10; i += 1) expect((await outsider(`203.0.113.${50 + i}`)).statusCode).toBe(401);
    expect((await outsider('203.0.113.99')).statusCode).toBe(429);
  });
});

describe(`per-client limits on costly endpoints (${testDriver})`, () => {
  it(`limits translation lookups to ${RATE_LIMITS.translate.limit} a minute per client, with Retry-After`, async () => {
    const { cookie } = await createUser(direct.app);
    const lookup = (remoteAddress: string) =>
      apiClient(direct.app, { cookie, remoteAddress }).call('translate', {
        params: { word: 'house' },
        query: { fromLanguage: 'en', toLanguage: 'de' },
      });
    const burst = await Promise.all(
      Array.from({ length: RATE_LIMITS.translate.limit + 5 }, () => lookup('192.0.2.77')),
    );
    expect(burst.filter((response) => response.statusCode === 200)).toHaveLength(RATE_LIMITS.translate.limit);
    const refused = burst.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(5);
    for (const response of refused) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json().code).toBe('TOO_MANY_REQUESTS');
    }
    expect((await lookup('192.0.2.78')).statusCode).toBe(200);
  });

  it(`limits imports to ${RATE_LIMITS.import.limit} an hour per client`, async () => {
    const { cookie } = await createUser(direct.app, 'developer');
    const api = apiClient(direct.app, { cookie });
    const { id } = (
      await api.call('createDictionary', { body: { name: 'Imports', fromLanguage: 'en', toLanguage: 'de' } })
    ).data();
    const importOne = (i: number, remoteAddress: string) =>
      api.call('importWords', {
        params: { id },
        body: { words: [{ term: `word ${i}`, definitions: ['Wort'] }] },
        remoteAddress,
      });
    for (let i = 0; i < RATE_LIMITS.import.limit; i += 1) {
      expect((await importOne(i, '192.0.2.90')).statusCode, `import ${i}`).toBe(200);
    }
    const over = await importOne(999, '192.0.2.90');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing of the refused import was saved.
    const words = (await api.call('getDictionary', { params: { id }, query: { limit: 100 } })).data();
    expect(words.wordsCount).toBe(RATE_LIMITS.import.limit);
  });

  it('answers an over-long word to translate with 400 VALIDATION_ERROR, also when percent-encoded', async () => {
    const { cookie } = await createUser(direct.app);
    // Over-long words are what the contract forbids: they go around the typed client.
    const lookup = (word: string) =>
      direct.app.inject({
        method: 'GET',
        url: `/api/translate/${encodeURIComponent(word)}?fromLanguage=uk&toLanguage=de`,
        headers: { cookie },
        remoteAddress: '192.0.2.120',
      });
    for (const word of ['ж'.repeat(64), 'x'.repeat(500), 'ї'.repeat(2000)]) {
      const response = await lookup(word);
      expect(response.statusCode, `${word.length} × ${word[0]}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    // The longest word allowed, 63 Cyrillic letters (378 characters encoded), reaches the provider.
    const longest = 'ж'.repeat(63);
    stub.dictionary[`uk:de:${longest}`] = { translatedText: 'sch' };
    const allowed = await lookup(longest);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toEqual({ translations: ['sch'] });
  });
});
