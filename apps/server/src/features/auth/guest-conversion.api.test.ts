import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS, GUEST_LIFETIME_MS } from '@wordhoard/shared';
import { users } from '../../db/schema';
import { TestClock } from '../../../test/clock';
import { JwksServer } from '../../../test/jwks-server';
import { sessionCookie, testDriver, type TestApp } from '../../../test/harness';
import { PASSWORD, startAuthTestBed, type AuthTestBed } from '../../../test/auth-bed';
import { SmtpSink } from '../../../test/smtp-sink';
import { stateFingerprint } from '../../../test/state';
import { apiClient } from '../../../test/api-client';

const DAY_AND_AN_HOUR = GUEST_LIFETIME_MS + 60 * 60 * 1000;

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

/** The typed client; `t` exists once beforeAll has run. */
const call: ReturnType<typeof apiClient>['call'] = (name, input) => apiClient(t.app).call(name, input);

/** A Google ID token still valid at the test clock's time (earlier tests move it a day on). */
const googleToken = (claims: Parameters<JwksServer['token']>[0]) =>
  jwks.token({ ...claims, expiresIn: Math.round((clock.now().getTime() - Date.now()) / 1000) + 3600 });

const sweep = () => t.app.services.users.deleteExpiredGuests(clock.now());

/** A guest with a dictionary of two words and a test in progress. */
async function guestWithWords() {
  const entered = await call('guest', { body: { interfaceLanguage: 'en' } });
  expect(entered.statusCode).toBe(201);
  const cookie = sessionCookie(entered);
  const userId: string = entered.json().user.id;
  const imported = await call('importDictionary', {
    body: {
      name: 'Guest words',
      fromLanguage: 'en',
      toLanguage: 'uk',
      words: [
        { term: 'cat', definitions: ['кіт', 'кішка'] },
        { term: 'dog', definitions: ['пес'] },
      ],
    },
    cookie,
  });
  expect(imported.statusCode, imported.body).toBe(201);
  const dictionaryId: string = imported.json().dictionary.id;
  const tester = await call('createTester', {
    body: {
      dictionaryId,
      swap: false,
      range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
    },
    cookie,
  });
  expect(tester.statusCode).toBe(201);
  return { cookie, userId, dictionaryId };
}

async function expectDataKept(cookie: string, dictionaryId: string) {
  const dictionary = await call('getDictionary', {
    params: { id: dictionaryId },
    query: { sort: 'term', direction: 1 },
    cookie,
  });
  expect(dictionary.statusCode, dictionary.body).toBe(200);
  expect(dictionary.json().words.map((word: { term: string }) => word.term)).toEqual(['cat', 'dog']);
  const testing = await call('getTesting', { cookie });
  expect(testing.json().test).toMatchObject({ term: 'cat', total: 2 });
}

describe(`a guest signs up with email and keeps their words (${testDriver})`, () => {
  it('keeps the same account through sign-up and verification, and is never swept', async () => {
    const { cookie, userId, dictionaryId } = await guestWithWords();
    const email = uniqueEmail('keeper');
    const signup = await call('guestSignup', { body: { email, password: PASSWORD }, cookie });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(signup.json().user).toMatchObject({ id: userId, email, role: 'notVerifiedUser' });

    const code = await sink.codeFor(email);
    const verified = await call('verify', { body: { code }, cookie });
    expect(verified.statusCode, verified.body).toBe(200);
    const me = (await call('me', { cookie })).json();
    // The guest accepted the policies on the guest page: no accept-policy step.
    expect(me).toMatchObject({ id: userId, email, role: 'user', guestExpiresAt: null });
    expect(me.limits.dictionaries).toBe(2);

    clock.advance(DAY_AND_AN_HOUR);
    await sweep();
    expect(await t.app.services.users.findById(userId)).toBeDefined();
    expect((await call('me', { cookie })).statusCode).toBe(200);
    await expectDataKept(cookie, dictionaryId);
    const login = await call('login', { body: { email, password: PASSWORD } });
    expect(login.json().user.id).toBe(userId);
  });

  it('is swept with its data when the address is never verified', async () => {
    const { cookie, userId } = await guestWithWords();
    const email = uniqueEmail('forgetful');
    expect((await call('guestSignup', { body: { email, password: PASSWORD }, cookie })).statusCode).toBe(200);
    clock.advance(DAY_AND_AN_HOUR);
    await sweep();
    expect(await t.app.services.users.findById(userId)).toBeUndefined();
    // The address is free again.
    const again = await call('signup', { body: { email, password: PASSWORD } });
    expect(again.statusCode).toBe(201);
  });

  it('refuses an address that belongs to another account, in the guest’s language, changing nothing', async () => {
    const taken = uniqueEmail('taken');
    await t.database.db
      .insert(users)
      .values({ email: taken, role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS });
    const { cookie, userId } = await guestWithWords();
    const before = await stateFingerprint(t.database.db);
    const response = await call('guestSignup', {
      body: { email: taken, password: PASSWORD },
      cookie,
      headers: { 'accept-language': 'uk' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Обліковий запис із цією електронною адресою вже існує',
    });
    expect(await stateFingerprint(t.database.db)).toBe(before);
    expect((await call('me', { cookie })).json()).toMatchObject({
      id: userId,
      role: 'guest',
    });
  });

  it('is only for guests', async () => {
    const entered = await call('guest', { body: {} });
    const cookie = sessionCookie(entered);
    const email = uniqueEmail('twice');
    expect((await call('guestSignup', { body: { email, password: PASSWORD }, cookie })).statusCode).toBe(200);
    const again = await call('guestSignup', {
      body: {
        email: uniqueEmail('other'),
        password: PASSWORD,
      },
      cookie,
    });
    expect(again.statusCode).toBe(403);
    expect((await call('guestSignup', { body: { email, password: PASSWORD } })).statusCode).toBe(401);
  });
});

describe(`a guest signs up with Google and keeps their words (${testDriver})`, () => {
  it('becomes a user on the same account at once, and is never swept', async () => {
    const { cookie, userId, dictionaryId } = await guestWithWords();
    const credential = await googleToken({
      sub: 'guest-google-1',
      email: 'Keeper@Gmail.com',
      email_verified: true,
    });
    const response = await call('guestGoogle', { body: { credential }, cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      id: userId,
      email: 'keeper@gmail.com',
      role: 'user',
      guestExpiresAt: null,
    });
    // Signing in with Google later finds the same account.
    const again = await call('google', {
      body: {
        credential: await googleToken({
          sub: 'guest-google-1',
          email: 'keeper@gmail.com',
          email_verified: true,
        }),
      },
    });
    expect(again.json().user.id).toBe(userId);

    clock.advance(DAY_AND_AN_HOUR);
    await sweep();
    await expectDataKept(cookie, dictionaryId);
  });

  it('refuses a Google account already linked elsewhere, or its address taken, changing nothing', async () => {
    const existing = await call('google', {
      body: {
        credential: await googleToken({
          sub: 'linked-elsewhere',
          email: 'owner@gmail.com',
          email_verified: true,
        }),
      },
    });
    expect(existing.statusCode).toBe(200);
    const { cookie, userId } = await guestWithWords();
    const before = await stateFingerprint(t.database.db);

    const linked = await call('guestGoogle', {
      body: {
        credential: await googleToken({
          sub: 'linked-elsewhere',
          email: 'x@gmail.com',
          email_verified: true,
        }),
      },
      cookie,
      headers: { 'accept-language': 'de' },
    });
    expect(linked.statusCode).toBe(409);
    expect(linked.json()).toMatchObject({ code: 'GOOGLE_ALREADY_LINKED' });
    expect(linked.json().message).toContain('Google-Konto');

    const sameEmail = await call('guestGoogle', {
      body: {
        credential: await googleToken({
          sub: 'fresh-subject',
          email: 'owner@gmail.com',
          email_verified: true,
        }),
      },
      cookie,
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().code).toBe('EMAIL_TAKEN');

    expect(await stateFingerprint(t.database.db)).toBe(before);
    expect((await call('me', { cookie })).json()).toMatchObject({
      id: userId,
      role: 'guest',
    });
  });
});
