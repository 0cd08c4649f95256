import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from './database';
import { DataDirLockedError } from './lock';

describe('PGlite on disk', () => {
  it('migrates a new data directory and refuses a second opener', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-db-'));
    try {
      const first = await openPglite({ dataDir: dir });
      await expect(openPglite({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      expect(await first.ping()).toBe(true);
      await first.close();
      // Reopening applies no migration twice and keeps the data.
      const second = await openPglite({ dataDir: dir });
      const result = await second.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
      expect(result.rows[0]?.n).toBe(0);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite maintenance (it has no autovacuum)', () => {
  it('gives the planner statistics, so a big dictionary’s page reads only its page', async () => {
    const database = await openPglite();
    try {
      const [user] = (
        await database.db.execute<{ id: string }>(
          sql`insert into users (email, role, sorting_configs) values ('big@example.com', 'user', '{}') returning id`,
        )
      ).rows;
      const [dictionary] = (
        await database.db.execute<{ id: string }>(
          sql`insert into dictionaries (user_id, name, from_language, to_language, words_count)
              values (${user!.id}, 'Big', 'en', 'de', 5000) returning id`,
        )
      ).rows;
      await database.db.execute(
        sql`insert into words (dictionary_id, term, term_key, definitions, created_at)
            select ${dictionary!.id}, 'w' || g, 'w' || g, array['d' || g], now() - g * interval '1 second'
            from generate_series(1, 5000) g`,
      );
      const plan = async () =>
        (
          await database.db.execute<{ 'QUERY PLAN': string }>(
            sql`explain select id from words where dictionary_id = ${dictionary!.id}
                order by created_at desc, id desc limit 40`,
          )
        ).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      // Never analyzed: the planner guesses a few rows, reads them all and sorts them.
      expect(await plan()).not.toMatch(/Index Scan Backward using words_dictionary_created_idx/);
      await database.maintain!();
      expect(await plan()).toMatch(/Index Scan Backward using words_dictionary_created_idx/);
      const stats = await database.db.execute<{ reltuples: number }>(
        sql`select reltuples from pg_class where relname = 'words'`,
      );
      expect(stats.rows[0]!.reltuples).toBe(5000);
    } finally {
      await database.close();
    }
  });
});
