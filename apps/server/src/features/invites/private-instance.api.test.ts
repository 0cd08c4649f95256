import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS, loadMessages, type ErrorCode, type Language } from '@wordhoard/shared';
import { invites, users } from '../../db/schema';
import { runtimeConfigMeta } from '../../app';
import { hashPassword } from '../auth/password';
import { apiClient } from '../../../test/api-client';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import {
  createTestApp,
  sessionCookie,
  testDriver,
  uniqueClientAddress,
  type TestApp,
} from '../../../test/harness';
import { JwksServer } from '../../../test/jwks-server';
import { stateFingerprint } from '../../../test/state';

/**
 * SIGNUP_MODE and GUEST_ACCESS (docs/decisions/0081-private-instance.md) on the real app, on
 * PGlite and PostgreSQL: every door to a new account refuses with a localized 403 and writes
 * nothing; invite codes are taken once each, also by sign-ups racing over real HTTP.
 */
const PASSWORD = 'Secret123';
const DAY_MS = 24 * 60 * 60 * 1000;
let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${++sequence}.${Date.now()}@example.com`;

const jwks = new JwksServer();
const clock = new TestClock();
let closed: TestApp;
let invite: TestApp;

beforeAll(async () => {
  const jwksUrl = await jwks.start();
  const google = { GOOGLE_CLIENT_ID: jwks.clientId, GOOGLE_JWKS_URL: jwksUrl };
  [closed, invite] = await Promise.all([
    createTestApp({ env: { ...google, SIGNUP_MODE: 'closed', GUEST_ACCESS: 'off' }, clock: clock.now }),
    createTestApp({ env: { ...google, SIGNUP_MODE: 'invite' }, clock: clock.now }),
  ]);
});
afterAll(async () => {
  await Promise.all([closed.close(), invite.close()]);
  await jwks.stop();
});

/** A Google ID token valid at the test clock's time. */
const googleToken = (claims: Parameters<JwksServer['token']>[0]) =>
  jwks.token({ ...claims, at: clock.now() });

/** The refusal's code, and its message in `language` exactly as the catalog says it. */
async function expectRefused(
  response: { statusCode: number; json(): { code: string; message: string } },
  code: ErrorCode,
  language: Language = 'en',
) {
  expect(response.statusCode).toBe(403);
  const catalog = await loadMessages(language);
  expect(response.json()).toMatchObject({ code, message: catalog.apiErrors[code] });
}

const call = (t: TestApp, language: Language = 'en'): ReturnType<typeof apiClient>['call'] => {
  const client = apiClient(t.app, {
    headers: { 'accept-language': language },
    remoteAddress: uniqueClientAddress(),
  });
  return (name, input) => client.call(name, input);
};

const accountsWith = async (t: TestApp, emails: string[]) =>
  (await t.database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails))).length;

const makeInvite = (options: { uses?: number; days?: number } = {}) =>
  invite.app.services.invites.create(options).then((made) => made.code);

describe(`SIGNUP_MODE=closed, GUEST_ACCESS=off (${testDriver})`, () => {
  it('refuses email sign-up in the caller’s language and writes nothing, for a taken address too', async () => {
    const existing = await createUser(closed.app);
    const before = await stateFingerprint(closed.database.db);
    const email = uniqueEmail('closed');
    await expectRefused(
      await call(closed, 'de')('signup', { body: { email, password: PASSWORD } }),
      'SIGNUP_CLOSED',
      'de',
    );
    // Not EMAIL_TAKEN: a closed server says nothing about which addresses have accounts.
    await expectRefused(
      await call(closed, 'uk')('signup', { body: { email: existing.email, password: PASSWORD } }),
      'SIGNUP_CLOSED',
      'uk',
    );
    // An invite code changes nothing when sign-up is closed.
    const withCode = await call(closed)('signup', {
      body: { email, password: PASSWORD, inviteCode: 'abcde-abcde-abcde-abcde' },
    });
    await expectRefused(withCode, 'SIGNUP_CLOSED');
    expect(await stateFingerprint(closed.database.db)).toBe(before);
  });

  it('refuses a first Google sign-in, but existing accounts still sign in by email and by Google', async () => {
    const before = await stateFingerprint(closed.database.db);
    const newcomer = await googleToken({ sub: 'closed-new', email: uniqueEmail('g'), email_verified: true });
    await expectRefused(
      await call(closed, 'fr')('google', { body: { credential: newcomer } }),
      'SIGNUP_CLOSED',
      'fr',
    );
    expect(await stateFingerprint(closed.database.db)).toBe(before);

    // An account with a password signs in as always.
    const email = uniqueEmail('member');
    await closed.app.services.users.insert({
      email,
      passwordHash: await hashPassword(PASSWORD),
      role: 'user',
      sortingConfigs: DEFAULT_SORTING_CONFIGS,
    });
    const login = await call(closed)('login', { body: { email, password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);

    // So does an account already linked to Google, and one Google finds by its verified address.
    const linked = await createUser(closed.app);
    await closed.app.services.users.updateAccount(linked.id, { googleSubject: 'closed-known' });
    const known = await call(closed)('google', {
      body: {
        credential: await googleToken({ sub: 'closed-known', email: linked.email, email_verified: true }),
      },
    });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json().user.id).toBe(linked.id);
    const byAddress = await createUser(closed.app);
    const matched = await call(closed)('google', {
      body: {
        credential: await googleToken({
          sub: 'closed-by-address',
          email: byAddress.email,
          email_verified: true,
        }),
      },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().user.id).toBe(byAddress.id);
  });

  it('refuses guest entry in the caller’s language and makes no guest', async () => {
    const before = await stateFingerprint(closed.database.db);
    await expectRefused(
      await call(closed, 'pl')('guest', { body: { interfaceLanguage: 'pl' } }),
      'GUESTS_CLOSED',
      'pl',
    );
    expect(await stateFingerprint(closed.database.db)).toBe(before);
  });

  it('writes the modes into the page for the web app', async () => {
    const meta = runtimeConfigMeta(closed.config);
    expect(meta).toContain('<meta name="wordhoard:signup-mode" content="closed">');
    expect(meta).toContain('<meta name="wordhoard:guest-access" content="off">');
  });
});

describe(`SIGNUP_MODE=invite (${testDriver})`, () => {
  it('asks for a code: none, a wrong one, a used one and an expired one are refused, nothing made', async () => {
    const used = await makeInvite();
    const first = await call(invite)('signup', {
      body: { email: uniqueEmail('first'), password: PASSWORD, inviteCode: used },
    });
    expect(first.statusCode, first.body).toBe(201);
    const expiring = await makeInvite({ days: 1 });
    clock.advance(DAY_MS + 1000);

    const before = await stateFingerprint(invite.database.db);
    const email = uniqueEmail('refused');
    await expectRefused(
      await call(invite, 'es')('signup', { body: { email, password: PASSWORD } }),
      'INVITE_REQUIRED',
      'es',
    );
    for (const inviteCode of ['zzzzz-zzzzz-zzzzz-zzzzz', used, expiring, '']) {
      const refused = await call(invite, 'it')('signup', { body: { email, password: PASSWORD, inviteCode } });
      await expectRefused(refused, inviteCode === '' ? 'INVITE_REQUIRED' : 'INVITE_INVALID', 'it');
    }
    expect(await stateFingerprint(invite.database.db)).toBe(before);
  });

  it('accepts the code however it is typed (case, spaces, dashes) and counts its uses', async () => {
    const code = await makeInvite({ uses: 2 });
    const typed = ` ${code.replaceAll('-', ' ').toUpperCase()} `;
    const emails = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    const answers = [];
    for (const email of emails) {
      answers.push(
        (await call(invite)('signup', { body: { email, password: PASSWORD, inviteCode: typed } })).statusCode,
      );
    }
    expect(answers).toEqual([201, 201, 403]);
    expect(await accountsWith(invite, emails)).toBe(2);
  });

  it('keeps the use of a sign-up refused for a taken address', async () => {
    const taken = await createUser(invite.app);
    const code = await makeInvite();
    const refused = await call(invite)('signup', {
      body: { email: taken.email, password: PASSWORD, inviteCode: code },
    });
    expect(refused.json().code).toBe('EMAIL_TAKEN');
    // The single use is still there.
    const later = await call(invite)('signup', {
      body: { email: uniqueEmail('later'), password: PASSWORD, inviteCode: code },
    });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('lets exactly one of parallel sign-ups over HTTP take a single-use code', async () => {
    const code = await makeInvite();
    const origin = await invite.app.listen({ port: 0, host: '127.0.0.1' });
    const emails = Array.from({ length: 8 }, (_, i) => uniqueEmail(`race${i}`));
    const answers = await Promise.all(
      emails.map((email) =>
        fetch(`${origin}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD, inviteCode: code }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { code?: string },
        })),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.body.code)).toEqual(Array(7).fill('INVITE_INVALID'));
    expect(await accountsWith(invite, emails)).toBe(1);
    const left = await invite.database.db.select({ usesLeft: invites.usesLeft }).from(invites);
    expect(left.every((row) => row.usesLeft >= 0)).toBe(true);
  });

  it('asks a first Google sign-in for a code, and lets it in with one', async () => {
    const email = uniqueEmail('google');
    const credential = await googleToken({ sub: 'invite-google', email, email_verified: true });
    await expectRefused(await call(invite)('google', { body: { credential } }), 'INVITE_REQUIRED');
    expect(await accountsWith(invite, [email])).toBe(0);
    const admitted = await call(invite)('google', { body: { credential, inviteCode: await makeInvite() } });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(await accountsWith(invite, [email])).toBe(1);
    // Signing in again needs no code: the account exists.
    const again = await call(invite)('google', {
      body: { credential: await googleToken({ sub: 'invite-google', email, email_verified: true }) },
    });
    expect(again.statusCode).toBe(200);
  });

  it('counts a guest keeping their words as a sign-up: a code is needed', async () => {
    const entered = await call(invite)('guest', { body: {} });
    expect(entered.statusCode).toBe(201);
    const cookie = sessionCookie(entered);
    const email = uniqueEmail('guest');
    await expectRefused(
      await call(invite)('guestSignup', { body: { email, password: PASSWORD }, cookie }),
      'INVITE_REQUIRED',
    );
    const [guest] = await invite.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, entered.json().user.id));
    expect(guest?.role).toBe('guest');
    const kept = await call(invite)('guestSignup', {
      body: { email, password: PASSWORD, inviteCode: await makeInvite() },
      cookie,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().user).toMatchObject({ email, role: 'notVerifiedUser' });
  });

  it('lets a developer make codes in the app; other roles may not; bad numbers are refused', async () => {
    const developer = await createUser(invite.app, 'developer');
    const made = await call(invite)('createInvite', { body: { uses: 3, days: 7 }, cookie: developer.cookie });
    expect(made.statusCode, made.body).toBe(201);
    const body = made.json();
    expect(body.code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}(-[0-9a-hjkmnp-tv-z]{5}){3}$/);
    expect(body.uses).toBe(3);
    expect(new Date(body.expiresAt ?? 0).getTime()).toBe(clock.now().getTime() + 7 * DAY_MS);
    const [stored] = await invite.database.db
      .select({ codeHash: invites.codeHash, createdBy: invites.createdBy })
      .from(invites)
      .where(eq(invites.createdBy, developer.id));
    // Only a hash is kept.
    expect(stored?.codeHash).not.toContain(body.code.replaceAll('-', ''));
    const signedUp = await call(invite)('signup', {
      body: { email: uniqueEmail('dev-invited'), password: PASSWORD, inviteCode: body.code },
    });
    expect(signedUp.statusCode).toBe(201);

    const user = await createUser(invite.app, 'user');
    const refused = await call(invite)('createInvite', { body: {}, cookie: user.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ROLE_NOT_ALLOWED');
    for (const bad of [{ uses: 0 }, { days: 366 }, { uses: 1.5 }]) {
      const invalid = await call(invite)('createInvite', { body: bad, cookie: developer.cookie });
      expect(invalid.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
