import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME, type EndpointName, type Role } from '@wordhoard/shared';
import { sessions, users } from '../../db/schema';
import { SessionRepository } from './session.repository';
import { SessionService, hashToken } from './session.service';
import { TestClock } from '../../../test/clock';
import { createTestApp, testDriver, testConfig, type TestApp } from '../../../test/harness';
import { createUser } from '../../../test/fixtures';
import { SESSION_IN_QUERY, registerAccessControl } from './session.access';
import { registerErrorHandler } from '../../http/error-handler';
import { ServerMessages } from '../../http/messages';
import { route } from '../../http/route';
import { contractSerializerCompiler } from '../../http/serializer';

const HOUR = 60 * 60 * 1000;
const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

/** What an answer or a skip names (docs/decisions/0018): well-formed, in nobody's test. */
const SOME_WORD = {
  position: 1,
  wordId: '00000000-0000-4000-8000-000000000001',
  attemptId: '00000000-0000-4000-8000-000000000002',
};

/** A request to every route whose own query checks the session (docs/decisions/0014). */
const HOT_ROUTES: Record<string, { method: 'GET' | 'POST'; url: string; payload?: object }> = {
  me: { method: 'GET', url: '/api/users/me' },
  listDictionaries: { method: 'GET', url: '/api/dictionaries' },
  getDictionary: { method: 'GET', url: '/api/dictionaries/00000000-0000-4000-8000-000000000000' },
  getTesting: { method: 'GET', url: '/api/testing' },
  answer: { method: 'POST', url: '/api/testing', payload: { answer: 'cat', ...SOME_WORD } },
  skip: { method: 'POST', url: '/api/testing/skip', payload: SOME_WORD },
};

const send = (name: string, cookieHeader?: string) => {
  const { method, url, payload } = HOT_ROUTES[name]!;
  return t.app.inject({
    method,
    url,
    headers: cookieHeader ? { cookie: cookieHeader } : {},
    ...(payload ? { payload } : {}),
  });
};

const userWithRole = (role: Role) => createUser(t.app, role);

describe(`routes that check the session in their own query (${testDriver})`, () => {
  it('covers exactly the routes listed here', () => {
    expect([...SESSION_IN_QUERY].sort()).toEqual(Object.keys(HOT_ROUTES).sort());
  });

  it.each(Object.keys(HOT_ROUTES))(
    '%s: refuses a missing, unknown, ended or expired session with 401',
    async (name) => {
      expect((await send(name)).statusCode).toBe(401);
      expect((await send(name, `${SESSION_COOKIE_NAME}=not-a-token`)).statusCode).toBe(401);

      const ended = await userWithRole('user');
      await t.app.inject({ method: 'DELETE', url: '/api/cookie/token', headers: { cookie: ended.cookie } });
      const afterLogout = await send(name, ended.cookie);
      expect(afterLogout.statusCode).toBe(401);
      expect(afterLogout.json().code).toBe('UNAUTHORIZED');

      const past = new SessionService(
        new SessionRepository(t.database.db),
        () => new Date(clock.now().getTime() - 31 * 24 * HOUR),
      );
      const user = await userWithRole('user');
      const { token } = await past.create(user.id);
      expect((await send(name, `${SESSION_COOKIE_NAME}=${token}`)).statusCode).toBe(401);
    },
  );

  it.each(Object.keys(HOT_ROUTES))(
    '%s: refuses a guest whose 24 hours are over, before any sweep',
    async (name) => {
      const guest = await userWithRole('guest');
      await t.database.db
        .update(users)
        .set({ guestExpiresAt: new Date(clock.now().getTime() - 1000) })
        .where(eq(users.id, guest.id));
      expect((await send(name, guest.cookie)).statusCode).toBe(401);
    },
  );

  it.each(Object.keys(HOT_ROUTES).filter((name) => name !== 'me'))(
    '%s: answers 403 to a user who has not finished signing up',
    async (name) => {
      const pending = await userWithRole('notVerifiedUser');
      const response = await send(name, pending.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ROLE_NOT_ALLOWED');
    },
  );

  it('serves a live session with the caller’s own data only', async () => {
    const owner = await userWithRole('user');
    const stranger = await userWithRole('user');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dictionaries',
      headers: { cookie: owner.cookie },
      payload: { name: 'Mine', fromLanguage: 'en', toLanguage: 'de' },
    });
    const { id } = created.json();
    expect((await send('me', owner.cookie)).json().id).toBe(owner.id);
    expect((await send('me', stranger.cookie)).json().id).toBe(stranger.id);
    const listed = await send('listDictionaries', stranger.cookie);
    expect(listed.json()).toMatchObject({ data: [], total: 0 });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/dictionaries/${id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    // A page past the end still knows whose session it was.
    const pastEnd = await t.app.inject({
      method: 'GET',
      url: '/api/dictionaries?page=3',
      headers: { cookie: owner.cookie },
    });
    expect(pastEnd.json()).toMatchObject({ data: [], total: 1, page: 3 });
    const deadPastEnd = await t.app.inject({
      method: 'GET',
      url: '/api/dictionaries?page=3',
      headers: { cookie: `${SESSION_COOKIE_NAME}=not-a-token` },
    });
    expect(deadPastEnd.statusCode).toBe(401);
    expect((await send('answer', owner.cookie)).json().code).toBe('NO_ACTIVE_TEST');
  });

  it('slides the expiry of a session used after an hour, as every other route does', async () => {
    const user = await userWithRole('user');
    const tokenHash = hashToken(user.cookie.split('=')[1]!);
    const expiryOf = async () =>
      (
        await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash))
      )[0]!.expiresAt.getTime();
    const before = await expiryOf();
    expect((await send('getTesting', user.cookie)).statusCode).toBe(200);
    expect(await expiryOf()).toBe(before);
    clock.advance(2 * HOUR);
    expect((await send('getTesting', user.cookie)).statusCode).toBe(200);
    expect(await expiryOf()).toBe(before + 2 * HOUR);
  });
});

describe(`a route that checks the session in its own query but never admits it (${testDriver})`, () => {
  it('answers 401 instead of its result', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(contractSerializerCompiler);
    await app.register(fastifyCookie);
    registerErrorHandler(app, await ServerMessages.load());
    registerAccessControl(app, testConfig(), t.app.services.sessions);
    const user = await userWithRole('user');
    const forgetful: EndpointName = 'me';
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: user.cookie } })
    ).json();
    await app.register(
      async (api) => {
        // A faulty handler: a well-formed answer, but the session was never handed to `admit`.
        route(api, forgetful, () => profile);
      },
      { prefix: '/api' },
    );
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(401);
    await app.close();
  });
});
