import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { BlackHole, timed } from '../../../test/black-hole';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { JwksServer } from '../../../test/jwks-server';
import { freePort } from '../../../test/redis-server';

/**
 * Google's signing keys out of reach: a sign-in ends with 503 GOOGLE_UNAVAILABLE, our outage,
 * never a hang and never a 401 that blames the user's token (decision 0073). The tokens are
 * signed by a real JWKS server's key; the app is pointed elsewhere.
 */

const signers = new JwksServer();
beforeAll(async () => {
  await signers.start();
});
afterAll(async () => {
  await signers.stop();
});

async function signIn(t: TestApp) {
  const credential = await signers.token({
    sub: 'google-outage',
    email: 'o@gmail.com',
    email_verified: true,
  });
  return timed('Google sign-in', () => apiClient(t.app).call('google', { body: { credential } }));
}

function expectGoogleUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json<{ code: string }>().code).toBe('GOOGLE_UNAVAILABLE');
}

describe(`a key server that accepts connections and never answers (${testDriver})`, () => {
  const hole = new BlackHole();
  let t: TestApp;
  beforeAll(async () => {
    await hole.start();
    t = await createTestApp({
      env: { GOOGLE_CLIENT_ID: signers.clientId, GOOGLE_JWKS_URL: `${hole.url}/oauth2/v3/certs` },
      // Short for the test: nothing behind the black hole could answer in time anyway.
      timeouts: { googleJwksMs: 300 },
    });
  });
  afterAll(async () => {
    await t.close();
    await hole.stop();
  });

  it('answers 503 GOOGLE_UNAVAILABLE once the key fetch timed out', async () => {
    const { result } = await signIn(t);
    expectGoogleUnavailable(result);
    expect(hole.requests).toBe(1);
  });
});

describe(`a key server that refuses connections (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: signers.clientId,
        GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 GOOGLE_UNAVAILABLE, not 401 INVALID_GOOGLE_TOKEN', async () => {
    const { result } = await signIn(t);
    expectGoogleUnavailable(result);
  });
});
