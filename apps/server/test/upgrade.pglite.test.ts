import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/features/auth/password';
import { sessionCookie, testConfig, uniqueClientAddress } from './harness';
import { PGLITE_EXTENSIONS, migrationsFolder, openPglite } from '../src/db/database';

/**
 * An upgrade as an operator makes it (docs/operations.md, "Upgrading"): a data directory written
 * by an older Wordhoard is opened by this one, which applies every newer migration by itself at
 * start; the learner signs in and finds their words. The older version is the first schema
 * (migration 0000 only), so every migration since runs over real rows.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The migrations folder as the first release shipped it: the journal's first entry only. */
async function firstSchemaMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-old-migrations-'));
  dirs.push(dir);
  await cp(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  expect(journal.entries.length).toBeGreaterThan(10);
  journal.entries = journal.entries.slice(0, 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

describe('upgrading the embedded database from the first schema to this version', () => {
  it('applies every newer migration at start and keeps the account, its dictionary and words', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-upgrade-'));
    dirs.push(dataDir);
    const password = 'Upgrade1234';
    const email = 'old@example.com';

    // The older version's data directory, written with its schema.
    const old = await PGlite.create({ dataDir: path.join(dataDir, 'pg'), extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle(old), { migrationsFolder: await firstSchemaMigrations() });
    const {
      rows: [user],
    } = await old.query<{ id: string }>(
      `insert into users (email, password_hash, role, sorting_configs, email_verified_at, policy_accepted_at)
       values ($1, $2, 'user', $3, now(), now()) returning id`,
      [email, await hashPassword(password), JSON.stringify(DEFAULT_SORTING_CONFIGS)],
    );
    const {
      rows: [dictionary],
    } = await old.query<{ id: string }>(
      `insert into dictionaries (user_id, name, from_language, to_language, words_count)
       values ($1, 'Tiere', 'en', 'de', 3) returning id`,
      [user?.id],
    );
    for (const [term, definitions] of [
      ['cat', ['Katze', 'Kater']],
      ['dog', ['Hund']],
      ['bird', ['Vogel']],
    ] as const)
      await old.query(
        `insert into words (dictionary_id, term, term_key, definitions) values ($1, $2, $2, $3)`,
        [dictionary?.id, term, definitions],
      );
    await old.close();

    // This version opens it as the server does at start.
    const database = await openPglite({ dataDir });
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir }),
      database,
      serveWeb: false,
      logger: false,
    });
    try {
      // drizzle's own record of the migrations it applied
      const applied = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(
        await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      ) as {
        entries: unknown[];
      };
      expect(Number(applied.rows[0]?.n)).toBe(journal.entries.length);

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: uniqueClientAddress(),
      });
      expect(login.statusCode, login.body).toBe(200);
      const page = await app.inject({
        method: 'GET',
        url: `/api/dictionaries/${dictionary?.id}?page=1&limit=40`,
        headers: { cookie: sessionCookie(login) },
        remoteAddress: uniqueClientAddress(),
      });
      expect(page.statusCode, page.body).toBe(200);
      const { words } = page.json<{ words: { term: string; definitions: string[] }[] }>();
      expect(words.map((word) => [word.term, word.definitions]).sort()).toEqual([
        ['bird', ['Vogel']],
        ['cat', ['Katze', 'Kater']],
        ['dog', ['Hund']],
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
