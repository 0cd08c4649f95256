import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { TestClock } from '../../../test/clock';
import { sessionCookie, testDriver, type TestApp } from '../../../test/harness';
import { PASSWORD, startAuthTestBed, type AuthTestBed } from '../../../test/auth-bed';
import { JwksServer } from '../../../test/jwks-server';
import { SmtpSink } from '../../../test/smtp-sink';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';
import { PASSWORD_RESET_WINDOW_MS } from '../session/session.service';
import { hashPassword } from './password';
import { apiClient } from '../../../test/api-client';

/**
 * A password change and an account deletion need the owner's confirmation, not just their
 * session (docs/decisions/0016-confirming-sensitive-changes.md).
 */
const NEW_PASSWORD = 'Brand-new-9';
const MINUTE = 60_000;

let bed: AuthTestBed;
let t: TestApp;
let sink: SmtpSink;
let jwks: JwksServer;
const clock = new TestClock();
let counter = 0;
const uniqueEmail = (label: string) => `${label}.${++counter}.${Date.now()}@example.com`;

beforeAll(async () => {
  bed = await startAuthTestBed({ clock, google: true });
  ({ t, sink } = bed);
  jwks = bed.jwks!;
});
afterAll(() => bed.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => apiClient(t.app).as(cookie).call('me');
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const changePassword = (cookie: string, body: object) => post('/api/auth/password', body, cookie);
const deleteAccount = (cookie: string, body?: object) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/auth/account',
    headers: { cookie },
    ...(body ? { payload: body } : {}),
  });

/** A finished account with a password, signed in twice (two devices) through POST /auth/login. */
async function passwordUser() {
  const email = uniqueEmail('pw');
  const user = await t.app.services.users.insert({
    email,
    passwordHash: await hashPassword(PASSWORD),
    role: 'user',
    sortingConfigs: DEFAULT_SORTING_CONFIGS,
  });
  const first = await login(email, PASSWORD);
  expect(first.statusCode, first.body).toBe(200);
  const second = await login(email, PASSWORD);
  return { id: user.id, email, cookie: sessionCookie(first), otherDevice: sessionCookie(second) };
}

/** An account made by signing in with Google: no password. */
async function googleUser(sub = `google-${++counter}`) {
  const credential = await jwks.token({ sub, at: clock.now() });
  const response = await post('/api/auth/google', { credential });
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().user.id as string, sub, cookie: sessionCookie(response) };
}

async function restoreSession(email: string) {
  expect((await post('/api/auth/restore/code', { email })).statusCode).toBe(204);
  const code = await sink.codeFor(email);
  const restored = await post('/api/auth/restore', { email, code });
  expect(restored.statusCode, restored.body).toBe(200);
  return sessionCookie(restored);
}

const exists = async (id: string) => (await t.app.services.users.findById(id)) !== undefined;

describe(`changing the password (${testDriver})`, () => {
  it('tells the web app which confirmation the account has', async () => {
    const { cookie } = await passwordUser();
    expect((await me(cookie)).json()).toMatchObject({ hasPassword: true, googleLinked: false });
    const google = await googleUser();
    expect((await me(google.cookie)).json()).toMatchObject({ hasPassword: false, googleLinked: true });
  });

  it('with the right current password: sets it, ends the other sessions, rotates this one', async () => {
    const { email, cookie, otherDevice } = await passwordUser();
    const response = await changePassword(cookie, { password: NEW_PASSWORD, currentPassword: PASSWORD });
    expect(response.statusCode, response.body).toBe(204);
    const rotated = sessionCookie(response);
    expect((await me(rotated)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('with a wrong current password: 403 WRONG_CURRENT_PASSWORD, and nothing changes', async () => {
    const { email, cookie, otherDevice } = await passwordUser();
    const response = await changePassword(cookie, {
      password: NEW_PASSWORD,
      currentPassword: 'Wrong-guess1',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The current password is wrong',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('a normally signed-in session cannot skip the current password', async () => {
    const { email, cookie } = await passwordUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie, 'accept-language': 'de' },
      payload: { password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_REQUIRED',
      message: 'Gib zur Bestätigung dein aktuelles Passwort ein',
    });
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords per account: a parallel burst gets at most the limit checked', async () => {
    const { email, cookie } = await passwordUser();
    const { limit, windowMs } = RATE_LIMITS.confirmIdentity;
    const burst = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) =>
        changePassword(cookie, { password: NEW_PASSWORD, currentPassword: `Wrong-guess${i}` }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(limit);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
    for (const response of burst.filter((r) => r.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Even the right password waits now: guessing cannot go on.
    const right = await changePassword(cookie, { password: NEW_PASSWORD, currentPassword: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);

    clock.advance(windowMs + 1000);
    const later = await changePassword(cookie, { password: NEW_PASSWORD, currentPassword: PASSWORD });
    expect(later.statusCode, later.body).toBe(204);
  });

  it('after a restore code, the new session sets a password without the old one — once', async () => {
    const { email, otherDevice } = await passwordUser();
    const restored = await restoreSession(email);
    const response = await changePassword(restored, { password: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(204);
    const rotated = sessionCookie(response);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    // The leave is spent: a second change in the same session needs the (new) current password.
    const again = await changePassword(rotated, { password: 'Third-pass7' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('the restore leave runs out after its window', async () => {
    const { email } = await passwordUser();
    const restored = await restoreSession(email);
    clock.advance(PASSWORD_RESET_WINDOW_MS + 1000);
    const response = await changePassword(restored, { password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('a Google account without a password confirms with a fresh Google sign-in of the same account', async () => {
    const { id, sub, cookie } = await googleUser();

    const without = await changePassword(cookie, { password: NEW_PASSWORD });
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe('GOOGLE_CONFIRMATION_REQUIRED');
    // A password guess is no confirmation for an account that has none.
    const guessed = await changePassword(cookie, { password: NEW_PASSWORD, currentPassword: PASSWORD });
    expect(guessed.json().code).toBe('GOOGLE_CONFIRMATION_REQUIRED');

    const refused = [
      await jwks.token({ sub: 'someone-else', at: clock.now() }),
      await jwks.token({ sub, at: new Date(clock.now().getTime() - 10 * MINUTE) }),
      await jwks.token({ sub, at: clock.now() }, { signWithOtherKey: true }),
    ];
    for (const googleCredential of refused) {
      const response = await changePassword(cookie, { password: NEW_PASSWORD, googleCredential });
      // 403, never 401: the session is fine, the confirmation is not.
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('GOOGLE_CONFIRMATION_FAILED');
    }
    expect((await me(cookie)).json().hasPassword).toBe(false);

    const googleCredential = await jwks.token({ sub, at: clock.now() });
    const response = await changePassword(cookie, { password: NEW_PASSWORD, googleCredential });
    expect(response.statusCode, response.body).toBe(204);
    expect((await me(sessionCookie(response))).json()).toMatchObject({ id, hasPassword: true });
  });

  it('a guest has no password to change', async () => {
    const guest = await post('/api/auth/guest', {});
    const response = await changePassword(sessionCookie(guest), { password: NEW_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ROLE_NOT_ALLOWED');
  });
});

describe(`deleting the account (${testDriver})`, () => {
  it('without the password deletes nothing; a wrong one neither; the right one deletes', async () => {
    const { id, email, cookie, otherDevice } = await passwordUser();

    const bare = await deleteAccount(cookie);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('CURRENT_PASSWORD_REQUIRED');

    // A guest's confirmation is no confirmation for an account with a password.
    const flagged = await deleteAccount(cookie, { confirmDeletion: true });
    expect(flagged.json().code).toBe('CURRENT_PASSWORD_REQUIRED');

    const wrong = await deleteAccount(cookie, { currentPassword: 'Wrong-guess1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('WRONG_CURRENT_PASSWORD');
    expect(await exists(id)).toBe(true);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(200);

    const right = await deleteAccount(cookie, { currentPassword: PASSWORD });
    expect(right.statusCode, right.body).toBe(204);
    expect(await exists(id)).toBe(false);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
  });

  it('a Google account confirms with a fresh sign-in of the same Google account', async () => {
    const { id, sub, cookie } = await googleUser();
    expect((await deleteAccount(cookie)).json().code).toBe('GOOGLE_CONFIRMATION_REQUIRED');

    const stale = await jwks.token({ sub, at: new Date(clock.now().getTime() - 6 * MINUTE) });
    const old = await deleteAccount(cookie, { googleCredential: stale });
    expect(old.statusCode).toBe(403);
    expect(old.json().code).toBe('GOOGLE_CONFIRMATION_FAILED');
    const other = await deleteAccount(cookie, {
      googleCredential: await jwks.token({ sub: 'another-google-account', at: clock.now() }),
    });
    expect(other.json().code).toBe('GOOGLE_CONFIRMATION_FAILED');
    expect(await exists(id)).toBe(true);

    const fresh = await deleteAccount(cookie, {
      googleCredential: await jwks.token({ sub, at: clock.now() }),
    });
    expect(fresh.statusCode, fresh.body).toBe(204);
    expect(await exists(id)).toBe(false);
  });

  it('an account with a password and Google may confirm with either', async () => {
    const { id, email, cookie } = await passwordUser();
    const sub = `linked-${counter}`;
    const linked = await post('/api/auth/google', {
      credential: await jwks.token({ sub, email, email_verified: true, at: clock.now() }),
    });
    expect(linked.json().user).toMatchObject({ id, hasPassword: true, googleLinked: true });

    const response = await deleteAccount(cookie, {
      googleCredential: await jwks.token({ sub, at: clock.now() }),
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await exists(id)).toBe(false);
  });

  it('a guest, who has no credentials, must say so explicitly', async () => {
    const guest = await post('/api/auth/guest', {});
    const cookie = sessionCookie(guest);
    const id = guest.json().user.id as string;

    const bare = await deleteAccount(cookie);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('DELETION_CONFIRMATION_REQUIRED');
    expect(await exists(id)).toBe(true);

    const confirmed = await deleteAccount(cookie, { confirmDeletion: true });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await exists(id)).toBe(false);
  });
});
