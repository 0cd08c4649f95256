import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_LIFETIME_MS, VERIFICATION_CODE_TTL_MS } from '@wordhoard/shared';
import { emailCodes, users } from '../../db/schema';
import { TestClock } from '../../../test/clock';
import { PASSWORD, startAuthTestBed, type AuthTestBed } from '../../../test/auth-bed';
import { sessionCookie, testDriver, type TestApp } from '../../../test/harness';
import { SmtpSink } from '../../../test/smtp-sink';
import { apiClient } from '../../../test/api-client';

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

const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function signup(email = uniqueEmail('user'), headers: Record<string, string> = {}) {
  const response = await post('/api/auth/signup', { email, password: PASSWORD }, headers);
  expect(response.statusCode, response.body).toBe(201);
  return { email, cookie: sessionCookie(response), response };
}

/** A fully signed-up `user`: signup, code from the mail, verify, accept the policies. */
async function activeUser() {
  const { email, cookie } = await signup();
  const code = await sink.codeFor(email);
  expect((await post('/api/auth/verify', { code }, { cookie })).statusCode).toBe(200);
  expect(
    (await t.app.inject({ method: 'PATCH', url: '/api/users/accept-policy', headers: { cookie } }))
      .statusCode,
  ).toBe(204);
  return { email, cookie };
}

const me = (cookie: string) => apiClient(t.app).as(cookie).call('me');

describe(`sign-up and verification (${testDriver})`, () => {
  it('creates a notVerifiedUser, signs them in and mails a code in their language', async () => {
    const email = uniqueEmail('de');
    const { response, cookie } = await signup(email, { 'accept-language': 'de-DE,de;q=0.9' });
    const { user } = response.json();
    expect(user).toMatchObject({
      email,
      role: 'notVerifiedUser',
      interfaceLanguage: 'de',
      guestExpiresAt: null,
    });
    expect(user.limits).toEqual({ dictionaries: 2, wordsPerDictionary: 300, testsPerDay: 5 });
    expect(user.plan).toMatchObject({ id: 'free', pricePerMonth: 0, expiresAt: null });

    const mail = await sink.waitFor(email);
    expect(mail.subject).toBe('Dein Wordhoard-Bestätigungscode');
    expect(mail.contentTypes).toEqual(['text/plain', 'text/html']);
    const code = await sink.codeFor(email);
    expect(mail.text).toContain(code);
    expect(mail.html).toMatch(new RegExp(`font-size:36px[^>]*>${code}<`));
    expect((await me(cookie)).json().role).toBe('notVerifiedUser');
  });

  it('stores the password as argon2id with m=19456, t=2, p=1', async () => {
    const { email } = await signup();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a taken email with 409 EMAIL_TAKEN', async () => {
    const { email } = await signup();
    const again = await post('/api/auth/signup', { email: email.toUpperCase(), password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');
  });

  it('verifies with the mailed code, then the policies make a user', async () => {
    const { email, cookie } = await signup();
    const code = await sink.codeFor(email);
    const wrong = await post(
      '/api/auth/verify',
      { code: code === '000000' ? '111111' : '000000' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INCORRECT_CODE', message: 'Incorrect verification code' });

    const right = await post('/api/auth/verify', { code }, { cookie });
    expect(right.json()).toEqual({ verified: true });
    expect((await me(cookie)).json().role).toBe('notAcceptedPolicyUser');

    const accept = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/accept-policy',
      headers: { cookie },
    });
    expect(accept.statusCode).toBe(204);
    expect((await me(cookie)).json().role).toBe('user');
  });

  it('rejects letters in a code with a validation message, before any lookup', async () => {
    const { cookie } = await signup();
    const response = await post('/api/auth/verify', { code: '12ab56' }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'body.code', message: 'Only digits are allowed' }]);
  });

  it('burns a code after 5 wrong tries', async () => {
    const { email, cookie } = await signup();
    const code = await sink.codeFor(email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      expect((await post('/api/auth/verify', { code: wrong }, { cookie })).statusCode).toBe(400);
    const late = await post('/api/auth/verify', { code }, { cookie });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INCORRECT_CODE');
  });

  it('lets a code expire after 15 minutes', async () => {
    const { email, cookie } = await signup();
    const code = await sink.codeFor(email);
    clock.advance(VERIFICATION_CODE_TTL_MS + 1000);
    const response = await post('/api/auth/verify', { code }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CODE_EXPIRED');
  });

  it('stores codes only hashed', async () => {
    const { email } = await signup();
    const code = await sink.codeFor(email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const rows = await t.database.db.select().from(emailCodes).where(eq(emailCodes.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it('resends at most once a minute, and the new code replaces the old one', async () => {
    const { email, cookie } = await signup();
    const first = await sink.codeFor(email);
    const tooSoon = await post('/api/auth/verify/resend', undefined, { cookie });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);

    clock.advance(61_000);
    const mailsBefore = sink.mailsTo(email).length;
    expect((await post('/api/auth/verify/resend', undefined, { cookie })).statusCode).toBe(204);
    const second = await sink.codeFor(email, mailsBefore);
    if (first !== second)
      expect((await post('/api/auth/verify', { code: first }, { cookie })).statusCode).toBe(400);
    expect((await post('/api/auth/verify', { code: second }, { cookie })).statusCode).toBe(200);
  });

  it('mails one address at most 5 codes an hour', async () => {
    const { email, cookie } = await signup();
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61_000);
      expect((await post('/api/auth/verify/resend', undefined, { cookie })).statusCode).toBe(204);
    }
    clock.advance(61_000);
    const sixth = await post('/api/auth/verify/resend', undefined, { cookie });
    expect(sixth.statusCode).toBe(429);
    expect(sink.mailsTo(email)).toHaveLength(5);
  });

  it('allows 50 signups per IP an hour', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 50; i += 1) {
      const response = await post(
        '/api/auth/signup',
        { email: uniqueEmail('bulk'), password: PASSWORD },
        {},
        ip,
      );
      expect(response.statusCode).toBe(201);
    }
    const over = await post('/api/auth/signup', { email: uniqueEmail('bulk'), password: PASSWORD }, {}, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect(
      (await post('/api/auth/signup', { email: uniqueEmail('bulk'), password: PASSWORD }, {}, '203.0.113.51'))
        .statusCode,
    ).toBe(201);
  });
});

describe(`login and sessions (${testDriver})`, () => {
  it('signs in with a new token each time', async () => {
    const { email, cookie } = await activeUser();
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('user');
    const fresh = sessionCookie(login);
    expect(fresh).not.toBe(cookie);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const { email } = await activeUser();
    const wrongPassword = await post('/api/auth/login', { email, password: 'Wrong1234' }, {}, '198.51.100.1');
    const unknown = await post(
      '/api/auth/login',
      { email: uniqueEmail('nobody'), password: 'Wrong1234' },
      {},
      '198.51.100.1',
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('locks an (email, IP) out after 10 failed logins for 15 minutes', async () => {
    const { email } = await activeUser();
    const ip = '198.51.100.10';
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/login', { email, password: 'Wrong1234' }, {}, ip)).statusCode).toBe(401);
    }
    const locked = await post('/api/auth/login', { email, password: PASSWORD }, {}, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another IP still gets in; after the window the first one too.
    expect(
      (await post('/api/auth/login', { email, password: PASSWORD }, {}, '198.51.100.11')).statusCode,
    ).toBe(200);
    clock.advance(15 * MINUTE + 1000);
    expect((await post('/api/auth/login', { email, password: PASSWORD }, {}, ip)).statusCode).toBe(200);
  });

  it('logout ends the session server-side', async () => {
    const { cookie } = await activeUser();
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/cookie/token', headers: { cookie } })).statusCode,
    ).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/cookie/checkToken', headers: { cookie } })).json(),
    ).toEqual({
      isValid: false,
    });
  });

  it('refuses a state-changing auth request from a foreign Origin', async () => {
    const response = await post(
      '/api/auth/signup',
      { email: uniqueEmail('csrf'), password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe(`restoring a password (${testDriver})`, () => {
  it('answers the same for unknown addresses, and mails only real ones', async () => {
    const unknown = uniqueEmail('ghost');
    const response = await post('/api/auth/restore/code', { email: unknown });
    expect(response.statusCode).toBe(204);
    const { email } = await activeUser();
    clock.advance(61_000);
    const known = await post('/api/auth/restore/code', { email });
    expect(known.statusCode).toBe(204);
    expect(known.body).toBe(response.body);
    expect((await sink.waitFor(email, 1)).subject).toBe('Your Wordhoard password reset code');
    expect(sink.mailsTo(unknown)).toHaveLength(0);
  });

  it('signs in with the code, and a new password ends every other session', async () => {
    const { email, cookie: oldSession } = await activeUser();
    clock.advance(61_000);
    await post('/api/auth/restore/code', { email });
    const code = await sink.codeFor(email, 1);
    const restored = await post('/api/auth/restore', { email, code });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().user.email).toBe(email);
    const restoredSession = sessionCookie(restored);

    // The code is single use.
    expect((await post('/api/auth/restore', { email, code })).statusCode).toBe(400);

    const change = await post('/api/auth/password', { password: 'Brand-new-9' }, { cookie: restoredSession });
    expect(change.statusCode).toBe(204);
    const rotated = sessionCookie(change);
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await me(restoredSession)).statusCode).toBe(401);
    expect((await me(rotated)).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'Brand-new-9' })).statusCode).toBe(200);
  });

  it('rejects a weak new password with the rule’s message', async () => {
    const { cookie } = await activeUser();
    const response = await post('/api/auth/password', { password: 'alllowercase1' }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'body.password', message: 'Invalid password' }]);
  });
});

describe(`guests (${testDriver})`, () => {
  it('enters as a guest for 24 hours, then is refused and swept away', async () => {
    const response = await post('/api/auth/guest', { interfaceLanguage: 'pl' });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({ role: 'guest', email: null, interfaceLanguage: 'pl' });
    expect(user.limits).toEqual({ dictionaries: 1, wordsPerDictionary: 100, testsPerDay: 3 });
    expect(new Date(user.guestExpiresAt).getTime() - clock.now().getTime()).toBe(GUEST_LIFETIME_MS);
    const cookie = sessionCookie(response);
    expect((await me(cookie)).statusCode).toBe(200);

    clock.advance(GUEST_LIFETIME_MS + 1000);
    expect((await me(cookie)).statusCode).toBe(401);
    const removed = await t.app.services.users.deleteExpiredGuests(clock.now());
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.users.findById(user.id)).toBeUndefined();
  });

  it('sweeping twice at once is safe', async () => {
    await post('/api/auth/guest', {});
    clock.advance(GUEST_LIFETIME_MS + 1000);
    const [a, b] = await Promise.all([
      t.app.services.users.deleteExpiredGuests(clock.now()),
      t.app.services.users.deleteExpiredGuests(clock.now()),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
  });
});

describe(`the user (${testDriver})`, () => {
  it('changes the interface language and merges sorting choices', async () => {
    const { cookie } = await activeUser();
    const before = (await me(cookie)).json();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { cookie },
      payload: { interfaceLanguage: 'uk', sortingConfigs: { dictionariesSort: 'name' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().interfaceLanguage).toBe('uk');
    expect(response.json().sortingConfigs).toEqual({ ...before.sortingConfigs, dictionariesSort: 'name' });
    expect((await me(cookie)).json().sortingConfigs.dictionariesSort).toBe('name');
  });

  it('rejects an unknown language and changes nothing', async () => {
    const { cookie } = await activeUser();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { cookie },
      payload: { interfaceLanguage: 'xx' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect((await me(cookie)).json().interfaceLanguage).toBe('en');
  });

  it('answers /users/me without a session with 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses to accept policies before the email is verified', async () => {
    const { cookie } = await signup();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/accept-policy',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
    expect((await me(cookie)).json().role).toBe('notVerifiedUser');
  });

  it('deletes the account with everything and every session', async () => {
    const { email, cookie } = await activeUser();
    const second = sessionCookie(await post('/api/auth/login', { email, password: PASSWORD }));
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { cookie },
      payload: { currentPassword: PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/wordhoard_session=;/);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect(await t.app.services.users.findByEmail(email)).toBeUndefined();
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });
});
