import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../test/harness';
import type { Database } from './database';

const TABLES = [
  'blob_deletions',
  'daily_attempts',
  'dictionaries',
  'email_codes',
  'invites',
  'learner_parameters',
  'push_subscriptions',
  'rate_limits',
  'reminder_jobs',
  'review_log',
  'sessions',
  'stripe_events',
  'subscriptions',
  'test_days',
  'test_items',
  'test_sessions',
  'users',
  'word_cards',
  'word_media',
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

  /** Runs an `insert … returning id` and gives the row it made. */
  async function insertRow(query: SQL): Promise<{ id: string }> {
    const [row] = (await database.db.execute<{ id: string }>(query)).rows;
    if (!row) throw new Error('the insert returned no row');
    return row;
  }

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
    const user = await insertRow(
      sql`insert into users (role, sorting_configs) values ('user', '{}'::jsonb) returning id`,
    );
    const dictionary = await insertRow(
      sql`insert into dictionaries (user_id, name, from_language, to_language) values (${user.id}, 'D', 'en', 'de') returning id`,
    );
    const word = await insertRow(
      sql`insert into words (dictionary_id, term, term_key, definitions) values (${dictionary.id}, 'Cat', 'cat', array['Katze']) returning id`,
    );
    await database.db.execute(
      sql`insert into word_cards (word_id, dictionary_id, reversed, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state)
          values (${word.id}, ${dictionary.id}, false, now(), 2.3, 5, 3, 0, 1, 0, 2)`,
    );
    await database.db.execute(
      sql`insert into test_days (dictionary_id, day, tests) values (${dictionary.id}, '2026-01-01', 1)`,
    );
    await database.db.execute(
      sql`insert into review_log (user_id, word_id, reversed, typed, result, state, reviewed_at)
          values (${user.id}, ${word.id}, false, 'Katze', 'correct', 0, now())`,
    );
    await database.db.execute(sql`delete from users where id = ${user.id}`);
    const left = await database.db.execute<{ words: number; cards: number; days: number; reviews: number }>(
      sql`select (select count(*)::int from words) as words, (select count(*)::int from word_cards) as cards,
          (select count(*)::int from test_days) as days, (select count(*)::int from review_log) as reviews`,
    );
    expect(left.rows[0]).toEqual({ words: 0, cards: 0, days: 0, reviews: 0 });
  });

  it("keeps room on a page of test items for an answer's new version of its item (a HOT update)", async () => {
    const user = await insertRow(
      sql`insert into users (role, sorting_configs) values ('user', '{}'::jsonb) returning id`,
    );
    const test = await insertRow(
      sql`insert into test_sessions (user_id, swap, range, total) values (${user.id}, false, '{}'::jsonb, 40) returning id`,
    );
    // 40 items of ~250 bytes: more than one full page would hold without free space.
    await database.db.execute(
      sql`insert into test_items (test_id, position, item)
          select ${test.id}, n, jsonb_build_object('wordId', gen_random_uuid(), 'term', repeat('x', 180), 'answers', '[]'::jsonb)
          from generate_series(0, 39) as n`,
    );
    const page = async () =>
      (
        await database.db.execute<{ page: string }>(
          sql`select (ctid::text::point)[0]::text as page from test_items where test_id = ${test.id} and position = 0`,
        )
      ).rows[0]?.page;
    const first = await page();
    for (let answer = 1; answer <= 5; answer += 1) {
      await database.db.execute(
        sql`update test_items set item = jsonb_set(item, '{answers}', (item->'answers') || to_jsonb(${`typed ${answer}`}::text))
            where test_id = ${test.id} and position = 0`,
      );
      // The new version stays on its page: no new primary-key entry, pruned without a vacuum.
      expect(await page()).toBe(first);
    }
    await database.db.execute(sql`delete from users where id = ${user.id}`);
  });
});
