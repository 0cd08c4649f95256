/**
 * `npm run bench:scale`: a million learners' worth of data, in proportion (issue 23). Fills a
 * throwaway PostgreSQL database with 100,000 users, 20 million words (two dictionaries of 100
 * words each) with a schedule card each, and 50 million review-log rows, all by INSERT … SELECT
 * over generate_series (no round trip per row); then runs the hot-route bench of bench/run.ts on
 * it (the bench's own seed added beside), and once more on an empty database, and compares them.
 *
 * `BENCH_SCALE=0.01` seeds a hundredth (a smoke run); `BENCH_SCALE_KEEP=1` keeps the database.
 * Writes bench/results-scale.json. Figures and the plan drawn from them: docs/performance.md and
 * docs/deploy.md.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { openPostgres } from '../apps/server/src/db/database';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const USERS = Math.max(1, Math.round(100_000 * SCALE));
const DICTIONARIES_PER_USER = 2;
const WORDS_PER_DICTIONARY = 100;
/** 2.5 reviews per word on average: two for every word, a third for half of them. */
const REVIEWS_PER_WORD = 2.5;
const USERS_PER_BATCH = 5_000;
const root = path.resolve(import.meta.dirname, '..');
const baseUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * One batch of users with everything they own, in one statement. Terms are md5-made (varied
 * letters, as a real vocabulary's); the search text is what the `words_search_text` trigger
 * would store for them (lower-case ASCII folds to itself), written directly so that the seed
 * does not run the fold 20 million times. The answer forms of lower-case hex are the texts
 * themselves (`definitionForms`), written directly for the same reason.
 */
const SEED_BATCH = `
with new_users as (
  insert into users (email, role, sorting_configs, email_verified_at, policy_accepted_at, time_zone)
  select 'scale-' || g || '@example.test', 'user', $3::jsonb, now(), now(),
         (array['UTC', 'Europe/Kyiv', 'America/New_York', 'Asia/Tokyo'])[1 + g % 4]
  from generate_series($1::int, $2::int) g
  returning id
), new_dictionaries as (
  insert into dictionaries (user_id, name, from_language, to_language, words_count)
  select u.id, 'Dictionary ' || k, 'en', 'de', ${WORDS_PER_DICTIONARY}
  from new_users u cross join generate_series(1, ${DICTIONARIES_PER_USER}) k
  returning id, user_id
), new_words as (
  insert into words (dictionary_id, term, term_key, definitions, search_text, answer_forms, term_forms,
                     created_at, updated_at)
  select d.id, t.term, t.term, array[t.first, t.second], t.term || E'\\n' || t.first || E'\\n' || t.second,
         array[t.first, t.second], array[t.term],
         now() - make_interval(days => g), now() - make_interval(days => g)
  from new_dictionaries d
  cross join generate_series(1, ${WORDS_PER_DICTIONARY}) g
  cross join lateral (
    select substr(md5(d.id::text || g), 1, 9) as term,
           substr(md5(d.id::text || g || 'a'), 1, 8) as first,
           substr(md5(d.id::text || g || 'b'), 1, 10) as second
  ) t
  returning id, dictionary_id
), new_cards as (
  insert into word_cards (word_id, dictionary_id, reversed, due, stability, difficulty, scheduled_days,
                          learning_steps, reps, lapses, state, last_review)
  select w.id, w.dictionary_id, false, now() + make_interval(hours => (hashtext(w.id::text) & 1023) - 256),
         3.5, 5.0, 4, 0, 3, 0, 2, now() - interval '3 days'
  from new_words w
  returning word_id
)
insert into review_log (user_id, word_id, reversed, definition, typed, result, rating, state, duration_ms, reviewed_at)
select d.user_id, w.id, false, null, null,
       (array['correct', 'correct', 'almost', 'wrong'])[1 + (hashtext(w.id::text || r) & 3)],
       1 + (hashtext(w.id::text || r) & 3), 2, 2000 + (hashtext(w.id::text) & 4095),
       now() - make_interval(days => 3 * r + (hashtext(w.id::text) & 63))
from new_words w
join new_dictionaries d on d.id = w.dictionary_id
cross join generate_series(1, 3) r
where r <= 2 or (hashtext(w.id::text) & 1) = 0
`;

interface TableSize {
  table: string;
  rows: number;
  tableMb: number;
  indexesMb: number;
}

/** The big tables, whose secondary indexes are built once after the load instead of row by row. */
const BULK_TABLES = ['words', 'word_cards', 'review_log'];

async function seedScale(url: string): Promise<{ seconds: number; sizes: TableSize[] }> {
  const started = Date.now();
  await withClient(url, async (client) => {
    await client.query('set synchronous_commit = off');
    await client.query("set maintenance_work_mem = '1GB'");
    // The bulk load of a database dump: the rows are consistent by construction, so foreign-key
    // checks and the search-text trigger (which would store what the seed writes) stay off while
    // they go in, and the indexes (the trigram one above all) are built in one pass at the end.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = 'public' and tablename = any($1)
         and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
      [BULK_TABLES],
    );
    for (const index of indexes) await client.query(`drop index "${index.name}"`);
    await client.query('set session_replication_role = replica');
    for (let from = 1; from <= USERS; from += USERS_PER_BATCH) {
      const to = Math.min(USERS, from + USERS_PER_BATCH - 1);
      await client.query(SEED_BATCH, [from, to, JSON.stringify(DEFAULT_SORTING_CONFIGS)]);
      console.log(`  users ${to} of ${USERS} (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    await client.query('set session_replication_role = origin');
    for (const index of indexes) {
      await client.query(index.definition);
      console.log(`  index ${index.name} (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    await client.query('vacuum analyze');
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const sizes = await withClient(url, async (client) => {
    const { rows } = await client.query<{
      table: string;
      rows: string;
      table_mb: string;
      indexes_mb: string;
    }>(`
      select c.relname as table, c.reltuples::bigint as rows,
             round(pg_table_size(c.oid) / 1048576.0) as table_mb,
             round(pg_indexes_size(c.oid) / 1048576.0) as indexes_mb
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and c.relname in ('users', 'dictionaries', 'words', 'word_cards', 'review_log')
      order by pg_total_relation_size(c.oid) desc`);
    return rows.map((row) => ({
      table: row.table,
      rows: Number(row.rows),
      tableMb: Number(row.table_mb),
      indexesMb: Number(row.indexes_mb),
    }));
  });
  return { seconds, sizes };
}

interface BenchRow {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** bench/run.ts on PostgreSQL only, on `database` (else a throwaway empty one); its table. */
async function hotRoutes(database: string | undefined): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-scale-'));
  const file = path.join(dir, 'results.json');
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/run.ts')], {
      env: {
        ...process.env,
        BENCH_ONLY: 'postgres',
        BENCH_RESULTS_FILE: file,
        ...(database ? { BENCH_POSTGRES_DATABASE: database } : {}),
      },
      stdio: 'inherit',
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bench/run.ts exited with ${code}`);
    const results = JSON.parse(readFileSync(file, 'utf8')) as { results: { rows: BenchRow[] }[] };
    return results.results[0]?.rows ?? [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const name = `wordhoard_scale_${Date.now().toString(36)}`;
  const admin = (sql: string) => withClient(baseUrl.toString(), (client) => client.query(sql));
  await admin(`create database ${name}`);
  const url = new URL(baseUrl.toString());
  url.pathname = `/${name}`;
  try {
    // The schema, by the app's own migrations.
    await (await openPostgres(url.toString())).close();
    const expectedWords = USERS * DICTIONARIES_PER_USER * WORDS_PER_DICTIONARY;
    console.log(
      `--- seeding ${USERS} users, ${expectedWords} words, ~${Math.round(expectedWords * REVIEWS_PER_WORD)} reviews into ${name}`,
    );
    const seeded = await seedScale(url.toString());
    console.log(`seeded in ${seeded.seconds} s`);
    console.table(seeded.sizes);

    console.log('--- hot routes on the large database');
    const large = await hotRoutes(name);
    console.log('--- hot routes on an empty database, the same run');
    const small = await hotRoutes(undefined);
    const comparison = large.map((row) => {
      const before = small.find((other) => other.scenario === row.scenario);
      const ratio = before ? before.requestsPerSecond / row.requestsPerSecond : Number.NaN;
      return {
        scenario: row.scenario,
        smallReqPerSec: before?.requestsPerSecond ?? Number.NaN,
        largeReqPerSec: row.requestsPerSecond,
        smallP99Ms: before?.p99Ms ?? Number.NaN,
        largeP99Ms: row.p99Ms,
        slowdown: Number(ratio.toFixed(2)),
        target: ratio <= 1.2 ? 'met (≤ 1.2×)' : 'MISSED (> 1.2×)',
      };
    });
    console.log('\nEvery hot route on the large database against the empty one (same run)');
    console.table(comparison);
    writeFileSync(
      path.join(root, 'bench/results-scale.json'),
      `${JSON.stringify({ date: new Date().toISOString(), scale: SCALE, users: USERS, seedSeconds: seeded.seconds, sizes: seeded.sizes, comparison }, null, 2)}\n`,
    );
    console.log('written to bench/results-scale.json');
  } finally {
    if (process.env.BENCH_SCALE_KEEP) console.log(`kept the database ${name}`);
    else await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
