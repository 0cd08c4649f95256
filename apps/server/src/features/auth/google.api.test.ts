import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { users } from '../../db/schema';
import { JwksServer } from '../../../test/jwks-server';
import { createTestApp, sessionCookie, testDriver, type TestApp } from '../../../test/harness';

let t: TestApp;
let jwks: JwksServer;

beforeAll(async () => {
  jwks = new JwksServer();
  const url = await jwks.start();
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: jwks.clientId, GOOGLE_JWKS_URL: url } });
});
afterAll(async () => {
  await t.close();
  await jwks.stop();
});

const signInWith = (credential: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { credential, interfaceLanguage: 'it' } });

describe(`Google sign-in (${testDriver})`, () => {
  it('creates a notAcceptedPolicyUser keyed by the Google subject, and finds them again', async () => {
    const token = await jwks.token({ sub: 'google-1', email: 'Anna@Gmail.com', email_verified: true });
    const first = await signInWith(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user).toMatchObject({
      email: 'anna@gmail.com',
      role: 'notAcceptedPolicyUser',
      interfaceLanguage: 'it',
    });
    expect(sessionCookie(first)).toBeTruthy();

    const again = await signInWith(
      await jwks.token({ sub: 'google-1', email: 'anna@gmail.com', email_verified: true }),
    );
    expect(again.json().user.id).toBe(first.json().user.id);
  });

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }, {}],
    ['another issuer', { iss: 'https://evil.example' }, {}],
    ['an expired token', { expiresIn: -60 }, {}],
    ['an unknown key id', { kid: 'unknown-key' }, {}],
    ['a forged signature', {}, { signWithOtherKey: true }],
  ])('refuses %s with 401 and creates nobody', async (_label, claims, options) => {
    const before = (await t.database.db.select().from(users)).length;
    const token = await jwks.token(
      { sub: 'google-bad', email: 'bad@gmail.com', email_verified: true, ...claims },
      options,
    );
    const response = await signInWith(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_GOOGLE_TOKEN');
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it('refuses a string that is not a token', async () => {
    const response = await signInWith('not-a-jwt');
    expect(response.statusCode).toBe(401);
  });

  it('links an existing email account only when Google says the email is verified', async () => {
    const [existing] = await t.database.db
      .insert(users)
      .values({ email: 'linked@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS })
      .returning();

    const unverified = await signInWith(
      await jwks.token({ sub: 'google-2', email: 'linked@example.com', email_verified: false }),
    );
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().code).toBe('EMAIL_TAKEN');

    const verified = await signInWith(
      await jwks.token({ sub: 'google-2', email: 'linked@example.com', email_verified: true }),
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ id: existing!.id, role: 'user' });
  });

  it('reads the signing keys once and serves later sign-ins from the cache', async () => {
    const before = jwks.requests;
    for (let i = 0; i < 3; i += 1) {
      const response = await signInWith(
        await jwks.token({ sub: `google-cache-${i}`, email: `c${i}@gmail.com`, email_verified: true }),
      );
      expect(response.statusCode).toBe(200);
    }
    expect(jwks.requests - before).toBe(0);
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('answers 503 GOOGLE_UNAVAILABLE', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { credential: 'x.y.z' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('GOOGLE_UNAVAILABLE');
    } finally {
      await plain.close();
    }
  });
});
