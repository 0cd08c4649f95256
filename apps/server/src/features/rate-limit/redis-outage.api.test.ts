import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiClient } from '../../../test/api-client';
import { BlackHole, timed } from '../../../test/black-hole';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { RedisServer } from '../../../test/redis-server';

/**
 * The rate limits' store (Redis, with REDIS_URL) gone or hung: the calls it guards refuse with
 * 503 and Retry-After at once or within the configured Redis timeout, never a 500 and never a
 * hang; everything else keeps answering; and when Redis is back, so is signing in
 * (docs/decisions/0073-outside-timeouts.md). Real redis-server processes, a real black hole.
 */

/**
 * Where nothing answers, this short timeout is what ends the wait; nothing real can be cut
 * short by it there, so a busy machine does not make it flaky.
 */
const BLACK_HOLE_TIMEOUT_MS = 300;
/**
 * Against the real Redis a long one: a killed Redis refuses connections, which ends the wait
 * at once, and a busy machine (the embedded database blocks the event loop) must not time out
 * the commands of a Redis that runs.
 */
const LIVE_TIMEOUT_MS = 10_000;
const PASSWORD = 'Secret123';

let sequence = 0;
const newEmail = () => `redis-outage.${++sequence}.${Date.now()}@example.com`;

function expectRefusedForNow(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json<{ code: string }>().code).toBe('SERVICE_UNAVAILABLE');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe(`with Redis killed and started again (${testDriver})`, () => {
  const redis = new RedisServer();
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    await redis.start();
    t = await createTestApp({ env: { REDIS_URL: redis.url }, timeouts: { redisMs: LIVE_TIMEOUT_MS } });
    email = newEmail();
    const signup = await apiClient(t.app).call('signup', { body: { email, password: PASSWORD } });
    expect(signup.statusCode, signup.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await redis.kill();
  });

  const api = () => apiClient(t.app, { remoteAddress: '203.0.113.7' });
  const login = () => api().call('login', { body: { email, password: PASSWORD } });

  it('signs in while Redis runs', async () => {
    expect((await login()).statusCode).toBe(200);
  });

  it('refuses login, sign-up and guest with 503 and Retry-After, and still serves reads', async () => {
    const reader = await createUser(t.app);
    await redis.kill();

    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      ['login', login],
      ['signup', () => api().call('signup', { body: { email: newEmail(), password: PASSWORD } })],
      ['guest', () => api().call('guest', { body: {} })],
    ];
    for (const [label, call] of calls) {
      const { result } = await timed(label, call);
      expectRefusedForNow(result);
    }

    // Nothing else needs the limiter: the session, the account and its words still answer.
    expect((await api().call('health')).statusCode).toBe(200);
    expect((await api().as(reader.cookie).call('me')).statusCode).toBe(200);
    expect((await api().as(reader.cookie).call('listDictionaries')).statusCode).toBe(200);
  });

  it('signs in again once Redis is back, without a restart', async () => {
    await redis.start();
    // The client reconnects on its own schedule; until then the login is refused as above.
    await vi.waitFor(
      async () => {
        const response = await login();
        expect(response.statusCode, response.body).toBe(200);
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});

describe(`with a Redis that accepts connections and never answers (${testDriver})`, () => {
  const hole = new BlackHole();
  let t: TestApp;
  beforeAll(async () => {
    await hole.start();
    t = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${hole.port}` },
      timeouts: { redisMs: BLACK_HOLE_TIMEOUT_MS },
    });
  });
  afterAll(async () => {
    await t.close();
    await hole.stop();
  });

  it('answers login with 503 and Retry-After instead of waiting for it', async () => {
    const { result } = await timed('login', () =>
      apiClient(t.app).call('login', { body: { email: newEmail(), password: PASSWORD } }),
    );
    expectRefusedForNow(result);
    // The store was asked, here: the answer is the Redis timeout's, not a refused connection's.
    expect(hole.requests).toBeGreaterThan(0);
  });

  it('still serves the routes that need no limiter', async () => {
    const reader = await createUser(t.app);
    expect((await apiClient(t.app).as(reader.cookie).call('me')).statusCode).toBe(200);
  });
});
