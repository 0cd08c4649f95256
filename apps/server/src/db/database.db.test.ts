import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../test/harness';
import type { Database } from './database';

const TABLES = [
  'daily_attempts',
  'dictionaries',
  'email_codes',
  'rate_limits',
  'sessions',
  'stripe_events',
  'subscriptions',
  'test_sessions',
  'users',
  'words',
];

describe(`migrated schema (${testDriver})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('has every table of the product', async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(result.rows.map((row) => row.table_name)).toEqual(TABLES);
  });

  it('keeps terms unique per dictionary ignoring case, through the term key index', async () => {
    const result = await database.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'words_dictionary_term_key'`,
    );
    expect(result.rows[0]?.indexdef).toMatch(/UNIQUE INDEX .* \(dictionary_id, term_key\)/);
  });

  it('cascades a user deletion to everything the user owns', async () => {
    const [user] = await database.db
      .execute<{ id: string }>(
        sql`insert into users (role, sorting_configs) values ('user', '{}'::jsonb) returning id`,
      )
      .then((r) => r.rows);
    const [dictionary] = await database.db
      .execute<{ id: string }>(
        sql`insert into dictionaries (user_id, name, from_language, to_language) values (${user!.id}, 'D', 'en', 'de') returning id`,
      )
      .then((r) => r.rows);
    await database.db.execute(
      sql`insert into words (dictionary_id, term, term_key, definitions) values (${dictionary!.id}, 'Cat', 'cat', array['Katze'])`,
    );
    await database.db.execute(sql`delete from users where id = ${user!.id}`);
    const left = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from words`);
    expect(left.rows[0]?.n).toBe(0);
  });
});
