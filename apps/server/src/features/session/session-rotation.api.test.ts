import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME } from '@wordhoard/shared';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { apiClient } from '../../../test/api-client';
import { cookieFrom, createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ROTATION_FRESH_MS, ROTATION_GRACE_MS } from './session.service';

/**
 * Several tabs with one session (docs/decisions/0015-session-rotation-grace.md): each tab's
 * start-up runs checkToken then refresh with the cookie it has; whichever Set-Cookie lands
 * last is what the shared cookie jar keeps, so every token a tab may hold must work.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-03-01T10:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

const api = (cookie: string) => apiClient(t.app).as(cookie);
const me = (cookie: string) => api(cookie).call('me');
const refreshToken = (cookie: string) => api(cookie).call('refreshToken');
const isValid = async (cookie: string) => (await api(cookie).call('checkToken')).data().isValid;
const newCookie = (response: { headers: Record<string, unknown> }) =>
  cookieFrom(response.headers['set-cookie'] as string | string[] | undefined, SESSION_COOKIE_NAME);

/** Three tabs starting at once with one cookie: checkToken and refresh each, all in parallel. */
async function threeTabsStart(cookie: string) {
  const tabs = await Promise.all(
    [1, 2, 3].map(async () => {
      const check = await api(cookie).call('checkToken');
      const refresh = await refreshToken(cookie);
      return { check, refresh };
    }),
  );
  for (const { check, refresh } of tabs) {
    expect(check.json()).toEqual({ isValid: true });
    expect(refresh.statusCode, refresh.body).toBe(204);
  }
  return tabs.map(({ refresh }) => newCookie(refresh)).filter((c): c is string => c !== undefined);
}

describe(`session rotation with several tabs (${testDriver})`, () => {
  it('keeps every tab signed in when three refresh one stale token at once, and mints one token', async () => {
    const { id, cookie } = await createUser(t.app);
    clock.advance(ROTATION_FRESH_MS + 1000);

    const minted = await threeTabsStart(cookie);
    // Never two different tokens: the jar would keep one and the other tabs' would be dead.
    expect(new Set(minted).size).toBe(1);
    const [rotated] = minted;
    expect(rotated).not.toBe(cookie);

    // Whatever a tab now holds — the old cookie (its requests sent before the new one landed)
    // or the new one — works on the hot routes' query and on the ordinary lookup.
    for (const held of [cookie, rotated!]) {
      const response = await me(held);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().id).toBe(id);
      expect(await isValid(held)).toBe(true);
      // An ordinary route: the access hook's lookup (findValid).
      expect((await api(held).call('dueCounts')).statusCode).toBe(200);
    }

    // A refresh with the replaced token inside the grace rotates nothing more.
    const late = await refreshToken(cookie);
    expect(late.statusCode).toBe(204);
    expect(newCookie(late)).toBeUndefined();

    // After the grace only the new token opens the session.
    clock.advance(ROTATION_GRACE_MS + 1000);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await isValid(cookie)).toBe(false);
    expect((await refreshToken(cookie)).statusCode).toBe(401);
    expect((await me(rotated!)).statusCode).toBe(200);
    expect(await isValid(rotated!)).toBe(true);
  });

  it('does not rotate a fresh token: parallel start-ups keep the cookie they have', async () => {
    const { cookie } = await createUser(t.app);
    const minted = await threeTabsStart(cookie);
    expect(minted).toEqual([]);
    expect((await me(cookie)).statusCode).toBe(200);

    // Once stale, the next refresh rotates again, once.
    clock.advance(ROTATION_FRESH_MS + 1000);
    const again = await threeTabsStart(cookie);
    expect(again).toHaveLength(1);
    expect((await me(again[0]!)).statusCode).toBe(200);
  });

  it('ends the session for the previous token too on logout', async () => {
    const { cookie } = await createUser(t.app);
    clock.advance(ROTATION_FRESH_MS + 1000);
    const rotated = newCookie(await refreshToken(cookie))!;
    expect(rotated).toBeDefined();

    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/cookie/token',
      headers: { cookie: rotated },
    });
    expect(logout.statusCode).toBe(204);
    // Inside the grace, yet the old token is as dead as the new one.
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await isValid(cookie)).toBe(false);
    expect((await me(rotated)).statusCode).toBe(401);
  });

  it('logging out with the previous token within the grace ends the session', async () => {
    const { cookie } = await createUser(t.app);
    clock.advance(ROTATION_FRESH_MS + 1000);
    const rotated = newCookie(await refreshToken(cookie))!;

    await t.app.inject({ method: 'DELETE', url: '/api/cookie/token', headers: { cookie } });
    expect((await me(rotated)).statusCode).toBe(401);
  });

  it('deleting the account ends the previous token too', async () => {
    const { cookie } = await createUser(t.app, 'guest');
    clock.advance(ROTATION_FRESH_MS + 1000);
    const rotated = newCookie(await refreshToken(cookie))!;

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { cookie: rotated },
      payload: { confirmDeletion: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(rotated)).statusCode).toBe(401);
  });
});
