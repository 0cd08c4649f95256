import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE_NAME } from '@wordhoard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from './pg-cluster';
import type { ServerProcess } from './server-process';
import type { SmtpSink } from './smtp-sink';

/**
 * Two server processes on one PostgreSQL with Redis: a whole journey whose consecutive
 * requests alternate between them, and rate limits that count across both.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let cluster: PgCluster;
let sink: SmtpSink;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startPgCluster({ label: 'scale', instances: 2, env: { REDIS_URL } });
  ({ sink, servers } = cluster);
});

afterAll(() => cluster.close());

let turn = 0;
/** The next request goes to the other instance. */
async function call(method: string, path: string, body?: unknown, cookie?: string) {
  const server = servers[turn++ % 2]!;
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}

describe('two instances on one PostgreSQL and Redis', () => {
  it('carry one journey from sign-up to a test report across alternating requests', async () => {
    const email = `scale.${Date.now()}@example.com`;
    const signup = await call('POST', '/auth/signup', { email, password: 'Secret123' });
    expect(signup.status).toBe(201);
    const sessionCookies = (headers: Headers) =>
      headers.getSetCookie().filter((header) => header.startsWith(`${SESSION_COOKIE_NAME}=`));
    const cookie = sessionCookies(signup.headers)[0]?.split(';')[0] ?? '';
    const code = await sink.codeFor(email);
    expect((await call('POST', '/auth/verify', { code }, cookie)).status).toBe(200);
    expect((await call('PATCH', '/users/accept-policy', undefined, cookie)).status).toBe(204);
    const refreshed = await call('POST', '/cookie/refresh', undefined, cookie);
    expect(refreshed.status).toBe(204);
    // A token minted minutes ago is kept (docs/decisions/0015): no new session cookie to take
    // over (the device cookie of decision 0075 is renewed on every refresh).
    expect(sessionCookies(refreshed.headers)).toEqual([]);

    const dictionary = await call(
      'POST',
      '/dictionaries',
      { name: 'Scale', fromLanguage: 'en', toLanguage: 'de' },
      cookie,
    );
    expect(dictionary.status).toBe(201);
    const id = String(dictionary.body.id);
    const words = await call(
      'PATCH',
      `/dictionaries/${id}`,
      {
        words: {
          create: [
            { term: 'cat', definitions: ['Katze', 'Kater'] },
            { term: 'dog', definitions: ['Hund'] },
          ],
        },
      },
      cookie,
    );
    expect(words.status).toBe(200);
    const tester = await call(
      'POST',
      '/tester',
      { dictionaryId: id, swap: false, range: { type: 'quantity', from: 'all', count: 20, order: 'asc' } },
      cookie,
    );
    expect(tester.body).toEqual({ testsLeft: 4 });
    for (const answer of ['Katze', 'Kater', 'Hund']) {
      // Each answer names the word it is for, as the web client does (decision 0018).
      const { test } = (await call('GET', '/testing', undefined, cookie)).body as {
        test: { position: number; wordId: string };
      };
      const target = { position: test.position, wordId: test.wordId, attemptId: randomUUID() };
      expect((await call('POST', '/testing', { answer, ...target }, cookie)).body.result).toBe('correct');
    }
    const report = await call('GET', '/testing', undefined, cookie);
    expect(report.body.report).toMatchObject({ total: 2, correct: 2, wrong: 0, skipped: 0 });
    expect(turn).toBeGreaterThan(10);
  });

  it('count failed logins across both instances', async () => {
    const email = `limit.${Date.now()}@example.com`;
    for (let i = 0; i < 10; i += 1) {
      expect((await call('POST', '/auth/login', { email, password: 'Wrong1234' })).status).toBe(401);
    }
    const blocked = [
      await call('POST', '/auth/login', { email, password: 'Wrong1234' }),
      await call('POST', '/auth/login', { email, password: 'Wrong1234' }),
    ];
    expect(blocked.map((response) => response.status)).toEqual([429, 429]);
  });
});
