import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { SESSION_COOKIE_NAME } from '@wordhoard/shared';
import { buildApp, type AppDependencies } from '../src/app';
import { loadConfig, type Config, type OutsideTimeouts } from '../src/config/config';
import { openPglite, openPostgres, type Database } from '../src/db/database';
// The run's provided values (template databases) are declared there; web suites use this harness too.
import type {} from './global-setup';

export const testDriver = (process.env.TEST_DB_DRIVER ?? 'pglite') as 'pglite' | 'postgres';

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  if (testDriver === 'postgres') {
    const template = inject('postgresTemplate');
    const name = `wordhoard_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await adminQuery(`create database ${name} template ${template}`);
    const database = await openPostgres(databaseUrl(process.env.TEST_DATABASE_URL ?? '', name), {
      migrate: false,
    });
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([dump]), migrate: false });
}

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database, driven with `app.inject`. `timeouts` shortens the
 * waits on outside services (no variable sets them), for the suites of a service that hangs.
 */
export async function createTestApp(
  options: { env?: NodeJS.ProcessEnv; timeouts?: Partial<OutsideTimeouts> } & Partial<
    Omit<AppDependencies, 'config' | 'database'>
  > = {},
): Promise<TestApp> {
  const { env, timeouts, ...dependencies } = options;
  const loaded = testConfig(env);
  // The test's own mail sink is local and always answers: on a machine busy with other work it
  // may take longer than the product's 10 s to greet, which is no outage (the outage suites
  // set their own wait).
  const config: Config = { ...loaded, timeouts: { ...loaded.timeouts, smtpMs: 60_000, ...timeouts } };
  const database = await openTestDatabase();
  const app = await buildApp({ serveWeb: false, logger: false, ...dependencies, config, database });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The session cookie of a response, ready for a `cookie` request header. */
export function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const cookie = cookieFrom(
    response.headers['set-cookie'] as string | string[] | undefined,
    SESSION_COOKIE_NAME,
  );
  if (!cookie) throw new Error('response set no session cookie');
  return cookie;
}

/** The `name=value` of a Set-Cookie header, for sending it back. */
export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of headers) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

let clientSequence = 0;

/**
 * A new client address for each call (198.18.0.0/15, the benchmarking range), for suites that
 * send many requests of one kind but are not about the per-client limits, which have their own
 * tests: each request then arrives from its own client, as in real use.
 */
export function uniqueClientAddress(): string {
  clientSequence += 1;
  return `198.${18 + (clientSequence >> 16)}.${(clientSequence >> 8) & 255}.${clientSequence & 255}`;
}
