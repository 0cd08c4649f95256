import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS, SESSION_COOKIE_NAME } from '@wordhoard/shared';
import { sessions, users } from '../../db/schema';
import { cookieFrom, createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { SessionRepository } from './session.repository';
import { ROTATION_FRESH_MS, ROTATION_GRACE_MS, SessionService, hashToken } from './session.service';

let t: TestApp;
let service: SessionService;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  service = new SessionService(new SessionRepository(t.database.db));
  const [user] = await t.database.db
    .insert(users)
    .values({ email: 'a@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS })
    .returning({ id: users.id });
  userId = user!.id;
});
afterAll(async () => {
  await t.close();
});

const withCookie = (token: string) => ({ cookie: `${SESSION_COOKIE_NAME}=${token}` });

/** Mints tokens old enough for a refresh to rotate them (a fresh one is kept, decision 0015). */
const staleService = (app: TestApp = t) =>
  new SessionService(
    new SessionRepository(app.database.db),
    () => new Date(Date.now() - ROTATION_FRESH_MS - 1000),
  );

describe(`sessions (${testDriver})`, () => {
  it('stores only the SHA-256 of a 256-bit token', async () => {
    const { token } = await service.create(userId);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((row) => row.tokenHash)).toContain(hashToken(token));
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);
  });

  it('reports a valid cookie in checkToken, and never answers 401 there', async () => {
    const { token } = await service.create(userId);
    const valid = await t.app.inject({
      method: 'GET',
      url: '/api/cookie/checkToken',
      headers: withCookie(token),
    });
    expect(valid.json()).toEqual({ isValid: true });
    const none = await t.app.inject({ method: 'GET', url: '/api/cookie/checkToken' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ isValid: false });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/cookie/checkToken',
      headers: withCookie('forged'),
    });
    expect(forged.json()).toEqual({ isValid: false });
  });

  it('rotates a token older than the freshness window on refresh: the old one lasts only the grace', async () => {
    const { token } = await staleService().create(userId);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cookie/refresh',
      headers: withCookie(token),
    });
    expect(response.statusCode).toBe(204);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const fresh = cookieFrom(response.headers['set-cookie'], SESSION_COOKIE_NAME)!.split('=')[1]!;
    expect(fresh).not.toBe(token);
    expect((await service.resolve(token))?.userId).toBe(userId);
    const afterGrace = new SessionService(
      new SessionRepository(t.database.db),
      () => new Date(Date.now() + ROTATION_GRACE_MS + 1000),
    );
    expect(await afterGrace.resolve(token)).toBeUndefined();
    expect((await afterGrace.resolve(fresh))?.userId).toBe(userId);
  });

  it('answers refresh without a session with 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/cookie/refresh' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('ends the session server-side on DELETE /cookie/token and clears the cookie', async () => {
    const { token } = await service.create(userId);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/cookie/token',
      headers: withCookie(token),
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE_NAME}=;`));
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('treats an expired session as no session', async () => {
    const past = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const oldService = new SessionService(new SessionRepository(t.database.db), () => past);
    const { token } = await oldService.create(userId);
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('slides the expiry forward when a session is used after an hour', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    let now = start;
    const clocked = new SessionService(new SessionRepository(t.database.db), () => now);
    const { token, expiresAt } = await clocked.create(userId);
    now = new Date(start.getTime() + 2 * 60 * 60 * 1000);
    await clocked.resolve(token);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.expiresAt.getTime()).toBe(expiresAt.getTime() + 2 * 60 * 60 * 1000);
  });

  it('uses the __Host- prefixed, Secure cookie on https', async () => {
    const secure = await createTestApp({ env: { APP_ORIGIN: 'https://wordhoard.example' } });
    try {
      const [user] = await secure.database.db
        .insert(users)
        .values({ email: 'b@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS })
        .returning({ id: users.id });
      const { token } = await staleService(secure).create(user!.id);
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/cookie/refresh',
        headers: { cookie: `__Host-${SESSION_COOKIE_NAME}=${token}` },
      });
      expect(response.statusCode).toBe(204);
      expect(String(response.headers['set-cookie'])).toMatch(
        new RegExp(`^__Host-${SESSION_COOKIE_NAME}=.*Secure`, 'i'),
      );
      const health = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});
