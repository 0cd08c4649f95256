import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@wordhoard/shared';
import { buildApp } from '../src/app';
import { openPostgres, type Database } from '../src/db/database';
import { createUser } from './fixtures';
import { testConfig } from './harness';
import { TcpProxy } from './tcp-proxy';

/**
 * PostgreSQL goes away under a running server: requests answer 503 with a clear message
 * instead of hanging or crashing, /api/health says so, and when the database is back the
 * server recovers on its own with every acknowledged write intact.
 */
const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const name = `wordhoard_faults_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const proxy = new TcpProxy(base.hostname, Number(base.port || 5432));
let database: Database;
let app: FastifyInstance;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${name} template ${inject('postgresTemplate')}`);
  await proxy.start();
  const url = new URL(base.toString());
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.pathname = `/${name}`;
  database = await openPostgres(url.toString(), { migrate: false });
  app = await buildApp({
    config: testConfig({ DATABASE_URL: url.toString() }),
    database,
    logger: false,
    serveWeb: false,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await proxy.cut();
  await admin(`drop database if exists ${name} with (force)`);
});

describe('database faults on PostgreSQL', () => {
  it('answers 503 while the database is unreachable and recovers by itself', async () => {
    const user = await createUser(app, 'user');
    const headers = { cookie: user.cookie };
    const createDictionary = (name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/dictionaries',
        headers,
        payload: { name, fromLanguage: 'en', toLanguage: 'de' },
      });
    expect((await createDictionary('Before the fault')).statusCode).toBe(201);

    // Each request below is answered (503) once the pool gives up connecting; a server that
    // waited for the database forever would hang here and fail on the test's limit instead.
    await proxy.cut();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', version: APP_VERSION });
    const list = await app.inject({
      method: 'GET',
      url: '/api/dictionaries',
      headers: { ...headers, 'accept-language': 'de' },
    });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(list.json().message).toMatch(/vorübergehend/);
    expect((await createDictionary('During the fault')).statusCode).toBe(503);

    await proxy.restore();
    let recovered = 0;
    // Until the pool reconnects (a minute's limit, for a hang: a busy machine may take seconds).
    for (const deadline = Date.now() + 60_000; recovered !== 200 && Date.now() < deadline;) {
      recovered = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/dictionaries', headers });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.map((d: { name: string }) => d.name)).toEqual(['Before the fault']);
  });
});
