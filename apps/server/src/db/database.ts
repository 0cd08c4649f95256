import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { cacheStatements } from './pglite-statements';
import * as schema from './schema';

/**
 * One database type for both drivers. PGlite's raw results have the same `rows` shape as
 * node-postgres's, so raw `execute` calls are typed like node-postgres's.
 */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/**
 * What the metrics show of the connections: the pool's counts on PostgreSQL; on PGlite, which
 * has one connection, the statements and transactions running or queued on it.
 */
export type DatabaseStats =
  | { driver: 'postgres'; max: number; total: number; idle: number; waiting: number }
  | { driver: 'pglite'; pending: number };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Cheap reachability probe for /api/health. */
  ping(): Promise<boolean>;
  stats(): DatabaseStats;
  /**
   * PGlite only: the whole data directory as a tarball, gzipped unless told otherwise (backups
   * are; the test template is not: a test file's copy opens in ~0.4 s of CPU instead of ~0.65).
   */
  dump?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /**
   * PGlite only: what PostgreSQL's autovacuum daemon does on a server — PGlite has no such
   * process. Without it the planner never gets statistics (a 5,000-word dictionary's page read
   * all its words and sorted them: 10 ms instead of 0.1 ms), and the row versions every answer
   * leaves behind are never reclaimed.
   */
  maintain?(): Promise<void>;
  close(): Promise<void>;
}

/** Finds apps/server/drizzle whether we run from src (tests, tsx) or from the built dist. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (apps/server/drizzle) not found');
}

/** Key of the advisory lock that keeps concurrent instances from migrating at once. */
const MIGRATION_LOCK_KEY = 7_240_531;

/** Connections one instance keeps to PostgreSQL at most. */
const POOL_MAX = 10;

export async function openPostgres(url: string, options: { migrate?: boolean } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query that hangs must not hang the request forever (DESIGN §7, fault tolerance).
    query_timeout: 15_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (options.migrate !== false) {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  }
  return {
    db,
    driver: 'postgres',
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    stats: () => ({
      driver: 'postgres',
      max: POOL_MAX,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/**
 * Counts the calls running or waiting on PGlite's one connection (it queues them itself and
 * does not say how many wait): a transaction counts once, however many statements it runs.
 */
function countPending(client: PGlite): { count: number } {
  const pending = { count: 0 };
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      pending.count += 1;
      try {
        return await run(...args);
      } finally {
        pending.count -= 1;
      }
    };
  client.query = counted(client.query.bind(client)) as PGlite['query'];
  client.exec = counted(client.exec.bind(client));
  client.transaction = counted(client.transaction.bind(client));
  return pending;
}

/** The extensions the migrations create (PGlite bundles them; they must be loaded at start). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * PGlite: PostgreSQL compiled to WASM, in-process, one connection. A lock (./lock.ts) keeps a
 * second process off the same data directory (docs/decisions/0002, 0020).
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; migrate?: boolean } = {},
): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    const dataDir = path.resolve(options.dataDir);
    await mkdir(dataDir, { recursive: true });
    lock = await acquireDataDirLock(dataDir);
  }
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(options.dataDir ? { dataDir: path.resolve(options.dataDir, 'pg') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    if (options.migrate !== false) {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    }
    const opened = client;
    // After the migrations: statements are prepared against the schema they leave.
    cacheStatements(opened);
    const pending = countPending(opened);
    const db = drizzlePglite(opened, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      async ping() {
        try {
          await db.execute(sql`select 1`);
          return true;
        } catch {
          return false;
        }
      },
      stats: () => ({ driver: 'pglite', pending: pending.count }),
      dump: (compression = 'gzip') => opened.dumpDataDir(compression),
      async maintain() {
        await opened.exec('vacuum (analyze)');
      },
      async close() {
        try {
          await opened.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    // A failed migration leaves PGlite open: closed here, a CLI run ends instead of hanging.
    await client?.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}
