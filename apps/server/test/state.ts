import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';

/**
 * A fingerprint of everything a user saved (accounts, dictionaries, words, tests, attempts,
 * memory cards, test days, the review log, fitted parameters,
 * subscriptions, push subscriptions, sessions). Security counters (rate limits, failed code tries) are left out:
 * they change on refusals by design.
 */
/** The tables `stateFingerprint` reads. */
const FINGERPRINTED_TABLES = [
  'users',
  'dictionaries',
  'words',
  'test_sessions',
  'test_items',
  'daily_attempts',
  'word_cards',
  'test_days',
  'review_log',
  'learner_parameters',
  'subscriptions',
  'push_subscriptions',
  'sessions',
];

/**
 * Counts every row written (inserted, updated, deleted) in the fingerprinted tables of this test
 * database, in the writing transaction (a rolled-back write counts nothing). A count that did not
 * move means the fingerprint cannot have changed, so a test making thousands of requests reads
 * the whole state only after those that wrote something. Installs its triggers once per database.
 */
export async function watchWrites(db: Db): Promise<() => Promise<number>> {
  const statements = [
    'create table if not exists test_row_writes (n bigint not null)',
    'insert into test_row_writes select 0 where not exists (select 1 from test_row_writes)',
    `create or replace function test_count_row_write() returns trigger language plpgsql as $$
      begin update test_row_writes set n = n + 1; return null; end $$`,
    ...FINGERPRINTED_TABLES.map(
      (table) => `create or replace trigger test_count_row_write after insert or update or delete
        on ${table} for each row execute function test_count_row_write()`,
    ),
  ];
  // One statement per query: the extended protocol takes no lists.
  for (const statement of statements) await db.execute(sql.raw(statement));
  return async () => {
    const result = await db.execute<{ n: string }>(sql`select n from test_row_writes`);
    return Number(result.rows[0]?.n);
  };
}

export async function stateFingerprint(db: Db): Promise<string> {
  const result = await db.execute<{ fingerprint: string }>(sql`
    select concat_ws('|',
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' || coalesce(md5(string_agg(role || coalesce(email, '') || interface_language || sorting_configs::text || desired_retention || time_zone || coalesce(time_zone_since::text, '') || daily_goal, ',' order by id)), '') from users),
      (select count(*) || ':' || coalesce(md5(string_agg(name || from_language || to_language || words_count || coalesce(exam_date::text, '') || updated_at::text, ',' order by id)), '') from dictionaries),
      (select count(*) || ':' || coalesce(md5(string_agg(term || array_to_string(definitions, ';') || array_to_string(examples, ';') || version || coalesce(suspended_at::text, '') || updated_at::text, ',' order by id)), '') from words),
      (select count(*) || ':' || coalesce(md5(string_agg(position || ':' || total, ',' order by id)), '') from test_sessions),
      (select count(*) || ':' || coalesce(md5(string_agg(test_id || ':' || position || item::text, ',' order by test_id, position)), '') from test_items),
      (select count(*) || ':' || coalesce(sum(count), 0) from daily_attempts),
      (select count(*) || ':' || coalesce(md5(string_agg(word_id || reversed::text || due::text || reps, ',' order by word_id, reversed)), '') from word_cards),
      (select count(*) || ':' || coalesce(sum(tests), 0) from test_days),
      (select count(*) || ':' || coalesce(max(id), 0) from review_log),
      (select count(*) || ':' || coalesce(md5(string_agg(user_id || coalesce(fit_claimed_at::text, '') || coalesce(fitted_at::text, ''), ',' order by user_id)), '') from learner_parameters),
      (select count(*) from subscriptions),
      (select count(*) || ':' || coalesce(md5(string_agg(user_id || endpoint || p256dh || auth, ',' order by endpoint)), '') from push_subscriptions),
      (select count(*) from sessions)
    ) as fingerprint`);
  return result.rows[0]?.fingerprint ?? '';
}
