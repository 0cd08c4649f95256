import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS, migrationsFolder } from './database';

/** The migrations folder as it was before `tag`: the journal cut there. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-migrations-'));
  await cp(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0003/0004: a test’s words move into one row each', () => {
  it('keeps every word, answer and position of a test that was running', async () => {
    const before = await migrationsBefore('0003_test_items');
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      const words = [
        {
          wordId: 'a',
          term: 'cat',
          definitions: ['Katze'],
          done: ['Katze'],
          result: 'correct',
          answers: ['Katze'],
          mistakes: 0,
        },
        {
          wordId: 'b',
          term: 'dog',
          definitions: ['Hund', 'Köter'],
          done: [],
          result: null,
          answers: ['Hnud'],
          mistakes: 1,
        },
        {
          wordId: 'c',
          term: 'Łódź',
          definitions: ['boat'],
          done: [],
          result: null,
          answers: [],
          mistakes: 0,
        },
      ];
      const [user] = (
        await db.execute<{ id: string }>(
          sql`insert into users (email, role, sorting_configs) values ('t@example.com', 'user', '{}') returning id`,
        )
      ).rows;
      await db.execute(
        sql`insert into test_sessions (user_id, swap, range, items, position)
            values (${user!.id}, false, '{"type":"quantity","from":"all","count":3,"order":"asc"}', ${JSON.stringify(words)}::jsonb, 1)`,
      );

      await migrate(db, { migrationsFolder: migrationsFolder() });
      const test = (
        await db.execute<{ position: number; total: number }>(sql`select position, total from test_sessions`)
      ).rows;
      expect(test).toEqual([{ position: 1, total: 3 }]);
      const items = await db.execute<{ position: number; item: unknown }>(
        sql`select position, item from test_items order by position`,
      );
      expect(items.rows).toEqual(words.map((item, position) => ({ position, item })));
      const columns = await db.execute<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_name = 'test_sessions' and column_name = 'items'`,
      );
      expect(columns.rows).toEqual([]);
    } finally {
      await client.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
