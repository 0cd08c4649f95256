import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock';
import { openTestDatabase, testDriver } from '../../../test/harness';
import type { Database } from '../../db/database';
import { AppError } from '../../domain/errors';
import { DatabaseRateLimitStore } from './rate-limit.repository';
import { RateLimiter, RedisRateLimitStore, type RateLimitStore } from './rate-limiter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Database;
let redis: Redis;
const clock = new TestClock();

beforeAll(async () => {
  database = await openTestDatabase();
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});
afterAll(async () => {
  await database.close();
  redis.disconnect();
});

const stores: [string, () => RateLimitStore][] = [
  [`database (${testDriver})`, () => new DatabaseRateLimitStore(database.db, clock.now)],
  ['redis', () => new RedisRateLimitStore(redis, `wordhoard-test:${Date.now()}:${Math.random()}:`)],
];

describe.each(stores)('rate-limit store: %s', (_name, makeStore) => {
  it('allows `limit` hits per window, then refuses with the seconds left', async () => {
    const store = makeStore();
    for (let i = 0; i < 3; i += 1) expect((await store.hit('k', 3, 60_000)).allowed).toBe(true);
    const refused = await store.hit('k', 3, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await store.peek('k', 3)).allowed).toBe(false);
    expect((await store.hit('other', 3, 60_000)).allowed).toBe(true);
  });

  it('counts concurrent hits exactly (shared by every instance)', async () => {
    const store = makeStore();
    const decisions = await Promise.all(Array.from({ length: 20 }, () => store.hit('burst', 5, 60_000)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });

  it('takes a budget of many units exactly, also when requests race, and takes back what was unused', async () => {
    const limiter = new RateLimiter(makeStore());
    const rule = { name: 'budget', limit: 100, windowMs: 60_000 };
    // Twenty requests of 30 units each at once: 100 units between them, never more.
    const taken = await Promise.all(
      Array.from({ length: 20 }, () => limiter.take(rule, 'me', 30).catch((error: unknown) => error)),
    );
    const granted = taken.filter((units): units is number => typeof units === 'number');
    expect(granted.reduce((sum, units) => sum + units, 0)).toBe(100);
    const refused = taken.filter((units) => units instanceof AppError);
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) expect(error.headers['retry-after']).toMatch(/^\d+$/);
    // Units given back can be taken again, and no more than those.
    await limiter.giveBack(rule, 'me', 25);
    expect(await limiter.take(rule, 'me', 40)).toBe(25);
    await expect(limiter.take(rule, 'me', 1)).rejects.toMatchObject({ statusCode: 429 });
    // Giving back never makes a budget larger than its limit.
    await limiter.giveBack(rule, 'me', 1000);
    expect(await limiter.take(rule, 'me', 1000)).toBe(100);
  });

  it('forgets a key on reset', async () => {
    const store = makeStore();
    await store.hit('r', 1, 60_000);
    expect((await store.peek('r', 1)).allowed).toBe(false);
    await store.reset('r');
    expect((await store.peek('r', 1)).allowed).toBe(true);
  });
});

describe('redis store failures', () => {
  it('refuses with 503 and Retry-After when a count fails, never lets the hit through', async () => {
    const prefix = `wordhoard-test:${Date.now()}:${Math.random()}:`;
    const store = new RedisRateLimitStore(redis, prefix);
    // INCR of a value that is no number fails inside the transaction; EXEC itself succeeds.
    await redis.set(`${prefix}broken`, 'not a number');
    const error = await store.hit('broken', 3, 60_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(503);
    expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect(Number((error as AppError).headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('database store windows', () => {
  it('starts a new window when the old one is over', async () => {
    const store = new DatabaseRateLimitStore(database.db, clock.now);
    expect((await store.hit('w', 1, 60_000)).allowed).toBe(true);
    expect((await store.hit('w', 1, 60_000)).allowed).toBe(false);
    clock.advance(60_001);
    expect((await store.hit('w', 1, 60_000)).allowed).toBe(true);
  });
});

describe('database store budgets', () => {
  it('starts a new budget when the window is over, and gives nothing back into a new window', async () => {
    const limiter = new RateLimiter(new DatabaseRateLimitStore(database.db, clock.now));
    const rule = { name: 'budget-window', limit: 10, windowMs: 60_000 };
    expect(await limiter.take(rule, 'me', 10)).toBe(10);
    await expect(limiter.take(rule, 'me', 1)).rejects.toMatchObject({ statusCode: 429 });
    clock.advance(60_001);
    await limiter.giveBack(rule, 'me', 10);
    expect(await limiter.take(rule, 'me', 25)).toBe(10);
  });
});

describe('RateLimiter', () => {
  it('throws 429 TOO_MANY_REQUESTS with Retry-After', async () => {
    const limiter = new RateLimiter(new DatabaseRateLimitStore(database.db, clock.now));
    const rule = { name: 'test', limit: 1, windowMs: 30_000 };
    await limiter.consume(rule, 'me');
    const error = await limiter.consume(rule, 'me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(429);
    expect((error as AppError).headers['retry-after']).toBe('30');
  });
});
