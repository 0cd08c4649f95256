import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  accountExportSchema,
  dictionaryExportSchema,
  parseDelimited,
  reviewLogEntrySchema,
  wordSchema,
} from '@wordhoard/shared';
import { readAnkiPackage } from '../dictionaries/anki/anki-package';
import { FSRS_CSV_HEADER } from '../testing/review-log';
import { apiClient } from '../../../test/api-client';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { jsonArraySplitter } from '../../../test/json-stream';

/**
 * Every export of an account with a million reviews, downloaded over a real connection while
 * the server's memory is watched (docs/decisions/0076-bounded-exports-and-late-reviews.md): each
 * is written while it is sent, so memory grows by a few pages, not by the document. Before,
 * the account export of 244,500 reviews ran the server out of heap.
 *
 * The reviews are seeded with INSERT … SELECT over generate_series. PostgreSQL takes the full
 * million; PGlite (WASM in this process, several times slower to read) takes 200,000. On both,
 * besides the 100 MB bound, what stays in memory must not grow as the download goes on: the
 * memory per row is flat, so the million would fit PGlite the same way.
 */
const REVIEWS = Number(process.env.EXPORT_TEST_REVIEWS ?? (testDriver === 'postgres' ? 1_000_000 : 200_000));
const SEED_BATCH = 100_000;
/** The largest role's word limit for one dictionary. */
const WORDS = 5000;
const MB = 1024 * 1024;
/** The most an export may grow the server's memory by (JS heap and buffers, and RSS). */
const MAX_GROWTH_BYTES = 100 * MB;
/** How much more may stay after a late collection than after an early one (see `expectBounded`). */
const FLAT_TOLERANCE_BYTES = 16 * MB;
/** Rows read between two collections of garbage (see `download`): ten pages of the log. */
const COLLECT_EVERY_ROWS = 20_000;

// A forced collection before each download, so that growth is measured from what is live.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let t: TestApp;
let origin: string;
let user: { id: string; cookie: string };
let dictionaryId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  user = await createUser(t.app, 'developer');
  dictionaryId = (
    await apiClient(t.app)
      .as(user.cookie)
      .call('createDictionary', { body: { name: 'Wörter', fromLanguage: 'de', toLanguage: 'en' } })
  ).data().id;
  const { db } = t.database;
  // The words share one creation time (one statement's now()): pages are ordered by id then.
  await db.execute(sql`
    insert into words (dictionary_id, term, term_key, definitions, examples)
    select ${dictionaryId}::uuid, 'Wort ' || i, 'wort ' || i, array['word ' || i, 'term ' || i],
           array['Ein Satz mit "Wort ' || i || '", sagt er.']
    from generate_series(1, ${WORDS}) as i`);
  await db.execute(sql`update dictionaries set words_count = ${WORDS} where id = ${dictionaryId}::uuid`);
  // Two reviews at each time, with microseconds: the pages' cursor must keep both exactly. In
  // statements of 100,000, each well within the pool's query timeout.
  for (let from = 1; from <= REVIEWS; from += SEED_BATCH) {
    const to = Math.min(from + SEED_BATCH - 1, REVIEWS);
    await db.execute(sql`
      insert into review_log (user_id, word_id, reversed, definition, typed, result, rating, state,
                              duration_ms, reviewed_at, recalled, missed)
      select ${user.id}::uuid, w.ids[1 + i % ${WORDS}], i % 3 = 0,
             case when i % 4 = 0 then null else 'word' end, 'word ' || i,
             case when i % 4 = 0 then 'wrong' else 'correct' end,
             case when i % 2 = 0 then 1 + i % 4 end, i % 4, 800 + i % 5000,
             timestamptz '2025-01-01T00:00:00Z' + (i / 2) * interval '1 second'
               + (i / 2 % 997) * interval '1 microsecond',
             case when i % 2 = 0 then array['word'] end, case when i % 2 = 0 then array[]::text[] end
      from generate_series(${from}::integer, ${to}::integer) as i,
           (select array_agg(id order by id) as ids from words where dictionary_id = ${dictionaryId}::uuid) as w`);
  }
  // PGlite runs in this process, and its page cache (shared_buffers, 128 MB) fills as the log is
  // first read in time order, as any read of it would; PostgreSQL's cache lives in its own
  // processes. Read the log once in that order, so that what is measured is the export's own.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`
      select count(typed) from (
        select typed from review_log where user_id = ${user.id}::uuid order by reviewed_at, id
      ) as log`);
  });
});
afterAll(async () => {
  await t.close();
});

interface Download {
  status: number;
  headers: IncomingMessage['headers'];
  /** The peak growth of the JS heap with buffers, and of the resident set, while it ran. */
  heapGrowth: number;
  rssGrowth: number;
  /** The growth of the heap right after each collection of garbage: what the export keeps. */
  live: number[];
}

/**
 * The JS heap in use with the buffers outside it, and the resident set without the young
 * generation's reserve: under any steady allocation V8 grows the nursery to its maximum (64 MB
 * in this process; the server runs with --max-semi-space-size=8) and keeps it, whatever the
 * request, so it is the runtime's, not the export's.
 */
const memory = () => {
  const usage = process.memoryUsage();
  const nursery = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
  return { heap: usage.heapUsed + usage.external, rss: usage.rss - nursery };
};

/**
 * GETs `path` over HTTP as the user, handing the body to `onChunk` as it arrives (as text, or as
 * bytes for a binary answer), and measures this process's memory (the server runs here) at
 * every chunk: the peak above what was live before. Garbage is collected every
 * `COLLECT_EVERY_ROWS` rows read (`rows()` counts them): this process may let garbage grow to
 * gigabytes before V8 bothers, where the server runs in a 256 MB heap (npm run serve) and
 * collects long before; what is measured is what the export keeps, plus the garbage of a few
 * pages, not whatever V8 happened to leave lying around.
 */
async function download(
  path: string,
  onChunk: (chunk: string | Buffer) => void,
  options: { binary?: boolean; rows?: () => number } = {},
): Promise<Download> {
  collectGarbage();
  const before = memory();
  let peak = before;
  const sample = () => {
    const now = memory();
    peak = { heap: Math.max(peak.heap, now.heap), rss: Math.max(peak.rss, now.rss) };
  };
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(`${origin}${API_PREFIX}${path}`, { headers: { cookie: user.cookie } }, resolve).on('error', reject);
  });
  if (!options.binary) response.setEncoding('utf8');
  let collectedAt = 0;
  const live: number[] = [];
  for await (const chunk of response as AsyncIterable<string | Buffer>) {
    onChunk(chunk);
    sample();
    const rows = options.rows?.() ?? 0;
    if (rows - collectedAt >= COLLECT_EVERY_ROWS) {
      collectedAt = rows;
      collectGarbage();
      live.push(memory().heap - before.heap);
    }
  }
  sample();
  if (!response.complete) throw new Error(`${path}: the answer was cut short`);
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    heapGrowth: peak.heap - before.heap,
    rssGrowth: peak.rss - before.rss,
    live,
  };
}

function expectBounded(name: string, result: Download): void {
  // Printed for the record (docs/decisions/0076): what each export cost.
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  console.info(
    `${name} (${testDriver}, ${REVIEWS} reviews): heap +${mb(result.heapGrowth)}, RSS +${mb(result.rssGrowth)}, ` +
      `kept after collections ${result.live.map(mb).join(' ') || '-'}`,
  );
  expect(result.status).toBe(200);
  expect(result.heapGrowth).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
  expect(result.rssGrowth).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
  // Flat: what stays after a collection late in the download is what stayed early on, not more
  // with every row (a log held whole would grow by ~250 bytes a review).
  const { live } = result;
  if (live.length >= 4) {
    const quarter = Math.ceil(live.length / 4);
    const early = Math.max(...live.slice(0, quarter));
    const late = Math.max(...live.slice(-quarter));
    expect(late - early).toBeLessThanOrEqual(FLAT_TOLERANCE_BYTES);
  }
}

/** The lines of a text answer, one at a time. */
function lineReader(onLine: (line: string) => void) {
  let rest = '';
  return {
    push(chunk: string) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    },
    end() {
      if (rest !== '') onLine(rest);
    },
  };
}

describe(`exports of an account with ${REVIEWS} reviews (${testDriver})`, () => {
  it('downloads the account export (JSON) whole and valid, in bounded memory', async () => {
    let reviews = 0;
    let words = 0;
    let outOfOrder = 0;
    let lastTime = '';
    const splitter = jsonArraySplitter([['reviewLog'], ['dictionaries', '*', 'words']], (target, text) => {
      const value = JSON.parse(text) as { reviewedAt: string };
      if (target === 0) {
        // Oldest first; every thousandth checked against the contract in full.
        if (value.reviewedAt < lastTime) outOfOrder += 1;
        lastTime = value.reviewedAt;
        if (reviews % 1000 === 0) reviewLogEntrySchema.parse(value);
        reviews += 1;
      } else {
        if (words % 1000 === 0) wordSchema.parse(value);
        words += 1;
      }
    });
    const result = await download('/users/me/export', (chunk) => splitter.push(chunk as string), {
      rows: () => reviews + words,
    });
    const rest = accountExportSchema.parse(splitter.end());
    expect(rest.user.id).toBe(user.id);
    expect(rest.dictionaries.map((dictionary) => dictionary.name)).toEqual(['Wörter']);
    expect(reviews).toBe(REVIEWS);
    expect(outOfOrder).toBe(0);
    expect(words).toBe(WORDS);
    expect(result.headers['content-type']).toMatch(/^application\/json/);
    expectBounded('account export', result);
  });

  it('downloads the review log (FSRS CSV) whole and valid, in bounded memory', async () => {
    let lines = 0;
    let header = '';
    let malformed = 0;
    let outOfOrder = 0;
    let lastTime = 0;
    const cards = new Set<number>();
    const reader = lineReader((line) => {
      if (lines === 0) header = line;
      else {
        const match = /^(\d+),(\d+),([1-4]),([0-3]),(\d+)$/.exec(line);
        if (!match) malformed += 1;
        const time = Number(match?.[2]);
        if (!(time >= lastTime)) outOfOrder += 1;
        lastTime = time;
        cards.add(Number(match?.[1]));
      }
      lines += 1;
    });
    const result = await download('/users/me/reviews', (chunk) => reader.push(chunk as string), {
      rows: () => lines,
    });
    reader.end();
    expect(header).toBe(FSRS_CSV_HEADER);
    // The graded half of the log, one line each, oldest first; cards numbered 1, 2, … by first review.
    expect(lines - 1).toBe(REVIEWS / 2);
    expect(malformed).toBe(0);
    expect(outOfOrder).toBe(0);
    expect(Math.max(...cards)).toBe(cards.size);
    expectBounded('review log CSV', result);
  });

  it('downloads the dictionary as JSON, CSV and an Anki package, in bounded memory', async () => {
    let words = 0;
    const splitter = jsonArraySplitter([['dictionary', 'words']], (_target, text) => {
      const word = JSON.parse(text) as unknown;
      if (words % 500 === 0) wordSchema.parse(word);
      words += 1;
    });
    const json = await download(`/dictionaries/${dictionaryId}/export?format=json`, (chunk) =>
      splitter.push(chunk as string),
    );
    expect(dictionaryExportSchema.parse(splitter.end()).dictionary.wordsCount).toBe(WORDS);
    expect(words).toBe(WORDS);
    expectBounded('dictionary JSON', json);

    let text = '';
    const csv = await download(`/dictionaries/${dictionaryId}/export?format=csv`, (chunk) => {
      text += chunk as string;
    });
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseDelimited(text, ',');
    expect(rows).toHaveLength(WORDS);
    expect(new Set(rows.map((row) => row.cells[0])).size).toBe(WORDS);
    expect(rows[0]?.cells).toEqual([
      expect.stringMatching(/^Wort \d+$/),
      expect.stringMatching(/^word \d+$/),
      expect.stringMatching(/^term \d+$/),
      expect.stringMatching(/^> Ein Satz mit "Wort \d+", sagt er\.$/),
    ]);
    expectBounded('dictionary CSV', csv);

    const parts: Buffer[] = [];
    const apkg = await download(
      `/dictionaries/${dictionaryId}/export?format=apkg`,
      (chunk) => parts.push(chunk as Buffer),
      { binary: true },
    );
    const read = await readAnkiPackage(Buffer.concat(parts));
    expect(read.notes).toHaveLength(WORDS);
    expect(read.deck).toBe('Wörter');
    expectBounded('dictionary Anki package', apkg);
  });

  it('still answers after every export', async () => {
    expect((await apiClient(t.app).call('health')).statusCode).toBe(200);
  });
});
