/**
 * `npm run bench:attacks`: what one hostile account's few kilobytes do to everyone else
 * (docs/decisions/0077, 0078; docs/performance.md). The production server is started with its
 * default settings on PGlite and on PostgreSQL; a guest sends each attack while another client
 * asks `GET /api/health` every 100 ms. Each row: the slowest health answer during the attack,
 * the server's peak RSS growth over its level before, how long the attack's requests took and
 * what they answered. `BENCH_ONLY=pglite|postgres` runs one database; `BENCH_ATTACK=text` only
 * the attacks whose name contains it. Writes bench/attacks.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import {
  collectionWith,
  generatedColumnCollection,
  overlappingMediaPackage,
  packageOf,
  unclosedTagsField,
} from '../apps/server/test/anki/hostile';

const root = path.resolve(import.meta.dirname, '..');
const ONLY = process.env.BENCH_ONLY;
const ONLY_ATTACK = process.env.BENCH_ATTACK;
/** The V8 flags of `npm run serve` (package.json): the server as `npm start` runs it. */
const SERVE_FLAGS: string[] =
  (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts.serve?.match(/--[\w-]+=\d+/g) ?? [];

interface Target {
  base: string;
  cookie: string;
  dictionaryId: string;
  wordIds: string[];
}

interface Attack {
  name: string;
  run(target: Target): Promise<number[]>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssBytes(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

async function request(
  target: Target,
  method: string,
  url: string,
  body?: Uint8Array<ArrayBuffer> | string,
  type?: string,
) {
  const response = await fetch(`${target.base}${url}`, {
    method,
    headers: { cookie: target.cookie, ...(type ? { 'content-type': type } : {}) },
    ...(body === undefined ? {} : { body }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Sends an Anki package as an upload; a server from before decision 0077 takes it as base64 JSON. */
async function sendPackage(target: Target, bytes: Uint8Array, preview: boolean): Promise<number> {
  const url = `/api/dictionaries/${target.dictionaryId}/import/anki${preview ? '/preview' : ''}`;
  const status = await request(target, 'POST', url, new Uint8Array(bytes), 'application/octet-stream');
  if (status !== 415) return status;
  return request(
    target,
    'POST',
    url,
    JSON.stringify({ file: Buffer.from(bytes).toString('base64') }),
    'application/json',
  );
}

const putPicture = (target: Target, wordId: string, bytes: Uint8Array, type: string) =>
  request(
    target,
    'PUT',
    `/api/dictionaries/${target.dictionaryId}/words/${wordId}/picture`,
    new Uint8Array(bytes),
    type,
  );

const flatAvif = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#3366cc' } })
    .avif({ effort: 0 })
    .toBuffer();

/** The guest's words in turn (four of them). */
const wordAt = (target: Target, index: number): string => target.wordIds[index % target.wordIds.length] ?? '';

async function attacks(): Promise<Attack[]> {
  const avifBomb = readFileSync(path.join(root, 'apps/server/test/media/flat-7071x7071.avif'));
  // The largest AVIF the budget takes (3300² ≈ 10.9 megapixels), and one of the "forty smaller".
  const largestAvif = await flatAvif(3300);
  const smallerAvif = await flatAvif(2000);
  const longField = packageOf(await collectionWith([unclosedTagsField(400_000)]));
  const generated = packageOf(await generatedColumnCollection());
  const bomb = await overlappingMediaPackage(200, 4 * 1024 * 1024);
  return [
    {
      name: 'pictures: 4 AVIFs declaring 7071×7071 (1 KB each) at once',
      run: (t) => Promise.all([0, 1, 2, 3].map((i) => putPicture(t, wordAt(t, i), avifBomb, 'image/avif'))),
    },
    {
      name: 'pictures: 4 of the largest AVIF taken (3300×3300) at once',
      run: (t) =>
        Promise.all([0, 1, 2, 3].map((i) => putPicture(t, wordAt(t, i), largestAvif, 'image/avif'))),
    },
    {
      name: 'pictures: 40 AVIFs of 2000×2000 at once',
      run: (t) =>
        Promise.all(
          Array.from({ length: 40 }, (_, i) => putPicture(t, wordAt(t, i), smallerAvif, 'image/avif')),
        ),
    },
    {
      name: 'anki: preview of a 400,000-character field',
      run: async (t) => [await sendPackage(t, longField, true)],
    },
    {
      name: 'anki: preview of 200 notes with a generated column',
      run: async (t) => [await sendPackage(t, generated, true)],
    },
    {
      name: 'anki: import of 200 media entries sharing one 4 MB block',
      run: async (t) => [await sendPackage(t, bomb, false)],
    },
  ];
}

interface Row {
  database: string;
  attack: string;
  statuses: Record<string, number>;
  attackMs: number;
  slowestHealthMs: number;
  healthAnswers: number;
  peakRssGrowthMb: number;
}

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function guestTarget(base: string): Promise<Target> {
  const guest = await fetch(`${base}/api/auth/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ interfaceLanguage: 'en' }),
  });
  const cookie = (guest.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const target: Target = { base, cookie, dictionaryId: '', wordIds: [] };
  const created = await fetch(`${base}/api/dictionaries/import`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Angriff',
      fromLanguage: 'de',
      toLanguage: 'en',
      words: ['eins', 'zwei', 'drei', 'vier'].map((term) => ({ term, definitions: [term] })),
    }),
  });
  target.dictionaryId = ((await created.json()) as { dictionary: { id: string } }).dictionary.id;
  const page = await fetch(`${base}/api/dictionaries/${target.dictionaryId}?page=1&limit=40`, {
    headers: { cookie },
  });
  target.wordIds = ((await page.json()) as { words: { id: string }[] }).words.map((word) => word.id);
  return target;
}

/** Runs `attack` while another client polls health every 100 ms and RSS is sampled every 20 ms. */
async function measure(database: string, child: ChildProcess, base: string, attack: Attack): Promise<Row> {
  // A fresh guest per attack: the per-account limits of one attack do not spill into the next.
  const target = await guestTarget(base);
  const pid = child.pid ?? 0;
  await sleep(500);
  const before = rssBytes(pid);
  let peak = before;
  let slowest = 0;
  let answers = 0;
  const state = { running: true };
  const sampler = (async () => {
    while (state.running) {
      peak = Math.max(peak, rssBytes(pid));
      await sleep(20);
    }
  })();
  const poller = (async () => {
    while (state.running) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`).catch(() => undefined);
      await response?.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      answers += 1;
      await sleep(100);
    }
  })();
  const started = performance.now();
  const statuses = await attack.run(target);
  const attackMs = performance.now() - started;
  // One more health round after the attack, so a loop still blocked is seen.
  await sleep(300);
  state.running = false;
  await Promise.all([sampler, poller]);
  const counted: Record<string, number> = {};
  for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
  return {
    database,
    attack: attack.name,
    statuses: counted,
    attackMs: Math.round(attackMs),
    slowestHealthMs: Math.round(slowest),
    healthAnswers: answers,
    peakRssGrowthMb: Math.round((peak - before) / 1024 / 1024),
  };
}

async function runOn(database: string, env: NodeJS.ProcessEnv, port: number, list: Attack[]): Promise<Row[]> {
  const child = await startServer(env, port);
  const rows: Row[] = [];
  try {
    for (const attack of list) {
      const row = await measure(database, child, `http://127.0.0.1:${port}`, attack);
      console.log(
        `${database.padEnd(8)} ${row.attack.padEnd(62)} health ≤ ${String(row.slowestHealthMs).padStart(6)} ms` +
          `  RSS +${String(row.peakRssGrowthMb).padStart(5)} MB  ${String(row.attackMs).padStart(6)} ms  ${JSON.stringify(row.statuses)}`,
      );
      rows.push(row);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  return rows;
}

const list = (await attacks()).filter((attack) => !ONLY_ATTACK || attack.name.includes(ONLY_ATTACK));
const rows: Row[] = [];
if (ONLY !== 'postgres') {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-attacks-'));
  try {
    rows.push(...(await runOn('pglite', { DATA_DIR: dataDir }, 3411, list)));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
if (ONLY !== 'pglite') {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `wordhoard_attacks_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  try {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    rows.push(...(await runOn('postgres', { DATABASE_URL: url.toString() }, 3412, list)));
  } finally {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}
writeFileSync(path.join(import.meta.dirname, 'attacks.json'), `${JSON.stringify(rows, null, 2)}\n`);
