import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock';
import { PASSWORD, startAuthTestBed, type AuthTestBed } from '../../../test/auth-bed';
import { cookieFrom, sessionCookie, testDriver, type TestApp } from '../../../test/harness';
import { SmtpSink } from '../../../test/smtp-sink';
import { apiClient } from '../../../test/api-client';

/**
 * The sign-in flows as an attacker drives them: bursts of parallel guesses, codes raced by
 * wrong ones, someone else's network spending a user's mail budget. Every request here is
 * real and concurrent (Promise.all of inject), on PGlite and on PostgreSQL.
 */

const MINUTE = 60_000;

let bed: AuthTestBed;
let t: TestApp;
let sink: SmtpSink;
const clock = new TestClock();
let counter = 0;
const uniqueEmail = (label: string) => `${label}.${++counter}@example.com`;

beforeAll(async () => {
  bed = await startAuthTestBed({ clock });
  ({ t, sink } = bed);
});
afterAll(() => bed.close());

const post = (
  url: string,
  payload: object | undefined,
  ip = '127.0.0.1',
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers, remoteAddress: ip });
const me = (cookie: string) => apiClient(t.app).as(cookie).call('me');

/** A signed-up, verified user who accepted the policies; `ip` is where they signed up from. */
async function activeUser(ip = '127.0.0.1') {
  const email = uniqueEmail('user');
  const signup = await post('/api/auth/signup', { email, password: PASSWORD }, ip);
  expect(signup.statusCode, signup.body).toBe(201);
  const cookie = sessionCookie(signup);
  const code = await sink.codeFor(email);
  expect((await post('/api/auth/verify', { code }, ip, { cookie })).statusCode).toBe(200);
  const accept = await t.app.inject({
    method: 'PATCH',
    url: '/api/users/accept-policy',
    headers: { cookie },
  });
  expect(accept.statusCode).toBe(204);
  return { email, cookie };
}

/** The mailed restore code of `email` (after the mails it already had). */
async function restoreCode(email: string, ip = '127.0.0.1') {
  const before = sink.mailsTo(email).length;
  const asked = await post('/api/auth/restore/code', { email }, ip);
  expect(asked.statusCode, asked.body).toBe(204);
  return sink.codeFor(email, before);
}

const countBy = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe(`a burst of guesses (${testDriver})`, () => {
  it('checks at most 10 of 200 parallel wrong passwords; the rest are 429 with Retry-After in minutes', async () => {
    const { email } = await activeUser();
    const ip = '198.51.100.20';
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post('/api/auth/login', { email, password: `Wrong${i}xyZ` }, ip)),
    );
    const counts = countBy(burst);
    // A 401 is an answer after a password check; everything else must be a 429 that cost nothing.
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(200);
    for (const refused of burst.filter((response) => response.statusCode === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(refused.json().message).toMatch(/try again in 1[45] minutes/);
    }
    // The right password is refused too until the window is over: the lock is on guessing.
    expect((await post('/api/auth/login', { email, password: PASSWORD }, ip)).statusCode).toBe(429);
  });

  it('says the wait in minutes in the caller’s language', async () => {
    const { email } = await activeUser();
    const ip = '198.51.100.21';
    for (let i = 0; i < 10; i += 1) await post('/api/auth/login', { email, password: 'Wrong1234' }, ip);
    const locked = await post('/api/auth/login', { email, password: 'Wrong1234' }, ip, {
      'accept-language': 'uk',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Забагато спроб. Спробуйте ще раз через 15 хв');
  });

  it('gives the budget back on a right password', async () => {
    const { email } = await activeUser();
    const ip = '198.51.100.22';
    for (let i = 0; i < 9; i += 1) {
      expect((await post('/api/auth/login', { email, password: 'Wrong1234' }, ip)).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', { email, password: PASSWORD }, ip)).statusCode).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 12 }, () => post('/api/auth/login', { email, password: 'Wrong1234' }, ip)),
    );
    expect(countBy(again)).toEqual({ 401: 10, 429: 2 });
  });

  it('checks at most 10 of 200 parallel wrong restore codes', async () => {
    const { email } = await activeUser();
    clock.advance(2 * MINUTE);
    await restoreCode(email);
    const ip = '198.51.100.23';
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post('/api/auth/restore', { email, code: String(100000 + i) }, ip),
      ),
    );
    const counts = countBy(burst);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(10);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(200);
    expect(burst.every((response) => response.statusCode !== 200)).toBe(true);
    for (const refused of burst.filter((response) => response.statusCode === 429)) {
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    }
  });
});

describe(`one-time codes (${testDriver})`, () => {
  it('signs in exactly once when the right restore code races wrong ones', async () => {
    const { email } = await activeUser();
    clock.advance(2 * MINUTE);
    const code = await restoreCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    // Four wrong tries cannot burn the code (that takes five), so the right one must win once.
    // Each try comes from its own address, so no per-client limit hides the race.
    const tries = Array.from({ length: 50 }, (_, i) => (i % 12 === 3 ? wrong : code));
    const results = await Promise.all(
      tries.map((guess, i) => post('/api/auth/restore', { email, code: guess }, `203.0.113.${i + 1}`)),
    );
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(results.filter((response) => response.statusCode !== 200).every((r) => r.statusCode === 400)).toBe(
      true,
    );
    // …and never again.
    const later = await post('/api/auth/restore', { email, code }, '203.0.113.99');
    expect(later.statusCode).toBe(400);
  });

  it('verifies an address exactly once when the right code races wrong ones', async () => {
    const email = uniqueEmail('verify');
    const signup = await post('/api/auth/signup', { email, password: PASSWORD });
    const cookie = sessionCookie(signup);
    const code = await sink.codeFor(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/auth/verify', { code: i % 6 === 1 ? wrong : code }, '127.0.0.1', { cookie }),
      ),
    );
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect((await me(cookie)).json().role).toBe('notAcceptedPolicyUser');
  });

  it('ends every other session when a restore code signs in', async () => {
    const { email, cookie: before } = await activeUser();
    const otherDevice = sessionCookie(await post('/api/auth/login', { email, password: PASSWORD }));
    clock.advance(2 * MINUTE);
    const code = await restoreCode(email);
    const restored = await post('/api/auth/restore', { email, code });
    expect(restored.statusCode).toBe(200);
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(sessionCookie(restored))).statusCode).toBe(200);
  });
});

describe(`the code-mail budget (${testDriver})`, () => {
  it('cannot be spent from another network: the owner still gets their code', async () => {
    const { email } = await activeUser('192.0.2.10');
    clock.advance(2 * MINUTE);
    const attacker = '198.51.100.66';
    const flood = await Promise.all(
      Array.from({ length: 30 }, () => post('/api/auth/restore/code', { email }, attacker)),
    );
    expect(flood.filter((response) => response.statusCode === 204)).toHaveLength(1);
    expect(flood.filter((response) => response.statusCode === 429)).toHaveLength(29);

    const before = sink.mailsTo(email).length;
    const owner = await post('/api/auth/restore/code', { email }, '192.0.2.10');
    expect(owner.statusCode).toBe(204);
    expect((await sink.waitFor(email, before)).subject).toBe('Your Wordhoard password reset code');
  });

  it('has a larger cap per address across networks', async () => {
    const { email } = await activeUser('192.0.2.11');
    clock.advance(2 * MINUTE);
    const from = (i: number) => `198.18.0.${i}`;
    for (let i = 1; i <= 20; i += 1) {
      expect((await post('/api/auth/restore/code', { email }, from(i))).statusCode, `network ${i}`).toBe(204);
    }
    // 20 an hour for one address from every client it never signed in on (the sign-up's code
    // came out of the budget of the account's own devices, decision 0075).
    const over = await post('/api/auth/restore/code', { email }, from(21));
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tells a user who asks for a restore code right after signing up how long to wait', async () => {
    const email = uniqueEmail('eager');
    const signup = await post('/api/auth/signup', { email, password: PASSWORD });
    expect(signup.statusCode).toBe(201);
    // The browser sends back the device cookie the sign-up set, as browsers do.
    const device = cookieFrom(signup.headers['set-cookie'], 'wordhoard_device');
    expect(device).toBeDefined();
    const asked = await post('/api/auth/restore/code', { email }, '127.0.0.1', {
      'accept-language': 'de',
      cookie: device ?? '',
    });
    expect(asked.statusCode).toBe(429);
    const seconds = Number(asked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(asked.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: `Zu viele Versuche. Bitte versuche es in ${seconds} Sekunden erneut`,
    });
  });
});
