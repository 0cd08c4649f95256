/**
 * `npm run bench`: the production server on PostgreSQL and on PGlite, seeded with realistic
 * data, measured with autocannon (50 connections, a warm-up, then a measured round) on a no-op
 * baseline and the hot routes. Machines are noisy, so each figure is also given as a share of
 * two ceilings of the same run: the no-op baseline (the HTTP stack alone) and the one-query
 * ceiling (bench/ceiling-server.ts: a bare route doing one prepared query, the least a
 * database-backed route can cost). Writes bench/results.json. Targets: docs/performance.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/database';
import { cpuPerRequest, cpuSnapshot, type CpuPerRequest } from './cpu';
import { printKeystrokeResult, runKeystrokeBench } from './keystroke';
import { lighthouseResult, runLighthouse } from './lighthouse';
import { BENCH_PASSWORD, BENCH_SEARCH, seed, type Seeded } from './seed';

const CONNECTIONS = 50;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const root = path.resolve(import.meta.dirname, '..');
/**
 * `BENCH_ONLY=postgres|pglite` runs one database, `BENCH_ONLY=lighthouse` only the Lighthouse audits
 * (bench/lighthouse.ts), `BENCH_ONLY=keystroke` only the test screen's keystrokes (bench/keystroke.ts); `BENCH_FILTER=text` only matching routes (for profiling, no Lighthouse).
 */
const ONLY = process.env.BENCH_ONLY;
/** The V8 flags of `npm run serve` (package.json), so the bench measures the production setup. */
const SERVE_FLAGS: string[] =
  (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts.serve?.match(/--[\w-]+=\d+/g) ?? [];
const FILTER = process.env.BENCH_FILTER;
/** `BENCH_PROFILE=dir` starts the app server and the floor server with `--cpu-prof` writing into dir. */
const PROFILE_DIR = process.env.BENCH_PROFILE;

interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: (seeded: Seeded) => string;
  body?: (seeded: Seeded) => string;
  authenticated: boolean;
  /**
   * As many learners as connections, each connection one learner (a person answers one word
   * at a time), instead of one user.
   */
  asManyUsers?: boolean;
  /** The body of one learner's request (`asManyUsers`): from the learner's first word's id and email. */
  learnerBody?: (learner: { wordId: string; email: string }) => string;
  /** A hot route bench/floor-server.ts serves too: measured there as well (the route's floor). */
  floor?: true;
}

const SCENARIOS: Scenario[] = [
  // Full HTTP stack, no database: checkToken without a cookie never queries.
  { name: 'baseline (no-op)', path: () => '/api/cookie/checkToken', authenticated: false },
  { name: 'GET /users/me', path: () => '/api/users/me', authenticated: true, floor: true },
  { name: 'GET /dictionaries', path: () => '/api/dictionaries', authenticated: true, floor: true },
  {
    name: 'GET dictionary 50 words p1',
    path: (s) => `/api/dictionaries/${s.smallDictionaryId}?page=1`,
    authenticated: true,
    floor: true,
  },
  {
    name: 'GET dictionary 5000 words p1',
    path: (s) => `/api/dictionaries/${s.largeDictionaryId}?page=1`,
    authenticated: true,
    floor: true,
  },
  {
    name: 'search in 5000 words',
    path: (s) => `/api/dictionaries/${s.largeDictionaryId}?page=1&search=${encodeURIComponent(BENCH_SEARCH)}`,
    authenticated: true,
    floor: true,
  },
  { name: 'GET /testing', path: () => '/api/testing', authenticated: true, asManyUsers: true, floor: true },
  {
    name: 'POST /testing (answer)',
    method: 'POST',
    asManyUsers: true,
    path: () => '/api/testing',
    // A wrong answer to the learner's first word, a new attempt each time as a person typing
    // (a repeated attempt is answered from the word without a write).
    learnerBody: ({ wordId }) =>
      JSON.stringify({ answer: 'not it', position: 1, wordId, attemptId: randomUUID() }),
    authenticated: true,
    floor: true,
  },
  {
    // Each connection one person logging in: 50 logins of one account from one address at once
    // are refused past the 10th (attempts count before the password is checked, so a burst of
    // guesses gets no more checks than the limit), which made every earlier run report non-2xx.
    name: 'POST /auth/login',
    method: 'POST',
    asManyUsers: true,
    path: () => '/api/auth/login',
    learnerBody: ({ email }) => JSON.stringify({ email, password: BENCH_PASSWORD }),
    authenticated: false,
  },
];

interface Row {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratioToBaseline: number;
  /** Requests per second as a share of the one-query ceiling's, same run. */
  ratioToOneQuery: number;
  /**
   * The route's floor (bench/floor-server.ts: its services behind a bare route) as a share of
   * the one-query ceiling: the most the route could reach with an HTTP layer that cost nothing.
   */
  floorRatioToOneQuery?: number;
  /** CPU µs per request of the floor's server process and of PostgreSQL. */
  floorServerUs?: number;
  floorPostgresUs?: number;
  /**
   * The most this route can reach on this machine whatever its Node code does (PostgreSQL only):
   * its share of the ceiling if the server and the load generator cost per request what they
   * cost for the ceiling, only the route's own PostgreSQL CPU left (docs/performance.md, "sixth
   * session"). Throughput is busy CPU over CPU per request, so a target above it is out of reach.
   */
  boundRatioToOneQuery?: number;
  non2xx: number;
  peakRssMb: number;
  /** CPU µs per request: the server, PostgreSQL, autocannon (bench/cpu.ts); machine busy share. */
  serverUs: number;
  postgresUs: number;
  benchUs: number;
  busy: number;
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The production server's entry (`npm run serve`). */
const APP_ENTRY = [path.join(root, 'apps/server/dist/main.js')];

/**
 * Starts `entry` (the app, or bench/floor-server.ts) the way production runs: `npm run serve`'s
 * V8 flags, NODE_ENV=production, `--cpu-prof` into BENCH_PROFILE when set; resolves once healthy.
 */
async function startServer(env: NodeJS.ProcessEnv, port: number, entry = APP_ENTRY): Promise<ChildProcess> {
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...SERVE_FLAGS, ...profile, ...entry], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(port, child);
  return child;
}

/** Stops a server this bench started and waits for it to exit (PGlite's directory is then free). */
async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Waits until `port` answers /api/health; kills `child` and throws if it never does. */
async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

function learnerPerConnection(seeded: Seeded, scenario: Scenario) {
  let next = 0;
  return (request: autocannon.Request, context: object): autocannon.Request => {
    const connection = context as { learner?: number };
    connection.learner ??= next++ % seeded.testerCookies.length;
    const cookie = scenario.authenticated ? { cookie: seeded.testerCookies[connection.learner] ?? '' } : {};
    const body = scenario.learnerBody?.({
      wordId: seeded.testerWordIds[connection.learner] ?? '',
      email: seeded.testerEmails[connection.learner] ?? '',
    });
    return {
      ...request,
      headers: { ...request.headers, 'content-type': 'application/json', ...cookie },
      ...(body === undefined ? {} : { body }),
    };
  };
}

async function measure(port: number, scenario: Scenario, seeded: Seeded, seconds: number) {
  return autocannon({
    url: `http://127.0.0.1:${port}${scenario.path(seeded)}`,
    method: scenario.method ?? 'GET',
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      'content-type': 'application/json',
      ...(scenario.authenticated ? { cookie: seeded.cookie } : {}),
    },
    ...(scenario.body ? { body: scenario.body(seeded) } : {}),
    ...(scenario.asManyUsers ? { requests: [{ setupRequest: learnerPerConnection(seeded, scenario) }] } : {}),
  });
}

/** A measured round with the CPU each party spent on it (`serverPid`: the process serving it). */
async function measureWithCpu(
  port: number,
  scenario: Scenario,
  seeded: Seeded,
  seconds: number,
  serverPid: number,
) {
  const before = cpuSnapshot(serverPid);
  const result = await measure(port, scenario, seeded, seconds);
  const cpu = cpuPerRequest(before, cpuSnapshot(serverPid), result.requests.total);
  return { result, cpu };
}

function cpuColumns(cpu: CpuPerRequest) {
  return { serverUs: cpu.serverUs, postgresUs: cpu.postgresUs, benchUs: cpu.benchUs, busy: cpu.machineBusy };
}

const SCALE_REQUESTS = 400;
const SCALE_SCENARIOS = SCENARIOS.filter((s) => /dictionary (50|5000) words|search in 5000/.test(s.name));

interface ScaleRow {
  scenario: string;
  p50Ms: number;
  p95Ms: number;
  ratioToSmallPage: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * The scale check (a 5,000-word dictionary must cost no more than 1.5× a 50-word one): the
 * 5,000-word page and search against the 50-word page, measured one request at a time so that
 * the figure is the server's own time (plus loopback), not queueing behind 49 other connections.
 */
async function measureScale(port: number, seeded: Seeded): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const scenario of SCALE_SCENARIOS) {
    const url = `http://127.0.0.1:${port}${scenario.path(seeded)}`;
    const times: number[] = [];
    for (let i = 0; i < SCALE_REQUESTS + 50; i += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie: seeded.cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${scenario.name}: HTTP ${response.status}`);
      if (i >= 50) times.push(performance.now() - started); // the first 50 warm up
    }
    times.sort((a, b) => a - b);
    rows.push({
      scenario: scenario.name,
      p50Ms: Number(percentile(times, 50).toFixed(2)),
      p95Ms: Number(percentile(times, 95).toFixed(2)),
      ratioToSmallPage: 0,
    });
  }
  const small = rows[0]?.p95Ms ?? Number.NaN;
  for (const row of rows) row.ratioToSmallPage = Number((row.p95Ms / small).toFixed(2));
  return rows;
}

/** Row.boundRatioToOneQuery: the ceiling's CPU per request over the same with the route's PostgreSQL CPU. */
function boundWithCeilingNode(ceiling: CpuPerRequest, routePostgresUs: number): number {
  const ceilingUs = ceiling.serverUs + ceiling.postgresUs + ceiling.benchUs;
  return Number((ceilingUs / (ceiling.serverUs + routePostgresUs + ceiling.benchUs)).toFixed(2));
}

const CEILING: Scenario = { name: 'ceiling (one query)', path: () => '/api/ceiling', authenticated: false };

/**
 * Requests per second of the one-query ceiling (bench/ceiling-server.ts) on the same database,
 * measured like the routes. It runs before the app server: PGlite's data directory takes one
 * process at a time.
 */
async function measureCeiling(env: NodeJS.ProcessEnv, port: number, seeded: Seeded) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/ceiling-server.ts')], {
    env: { ...process.env, ...env, PORT: String(port), CEILING_USER_ID: seeded.ownerId },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(port, child);
    await measure(port, CEILING, seeded, WARMUP_SECONDS);
    return await measureWithCpu(port, CEILING, seeded, DURATION_SECONDS, child.pid ?? 0);
  } finally {
    await stopServer(child);
  }
}

/**
 * The chosen hot routes on bench/floor-server.ts (the routes' services behind bare routes), on
 * the same database, measured like the routes; before the app server, like the ceiling.
 */
async function measureFloor(env: NodeJS.ProcessEnv, port: number, seeded: Seeded, scenarios: Scenario[]) {
  const floors = new Map<string, { requestsPerSecond: number; cpu: CpuPerRequest }>();
  if (scenarios.length === 0) return floors;
  const child = await startServer(env, port, ['--import', 'tsx', path.join(root, 'bench/floor-server.ts')]);
  try {
    for (const scenario of scenarios) {
      await measure(port, scenario, seeded, WARMUP_SECONDS);
      const { result, cpu } = await measureWithCpu(port, scenario, seeded, DURATION_SECONDS, child.pid ?? 0);
      if (result.non2xx + result.errors > 0) throw new Error(`floor of ${scenario.name}: non-2xx answers`);
      floors.set(scenario.name, { requestsPerSecond: Math.round(result.requests.average), cpu });
    }
    return floors;
  } finally {
    await stopServer(child);
  }
}

async function runOn(label: string, open: () => Promise<Database>, env: NodeJS.ProcessEnv, port: number) {
  const database = await open();
  const seeded = await seed(database);
  // Statistics, as a server's autovacuum would gather them within a minute of the seed (and as
  // the embedded database's start-up maintenance does): this machine's PostgreSQL runs with
  // autovacuum off, and without statistics the planner guesses every dictionary's size.
  await database.db.execute(sql`analyze`);
  await database.close();
  const { result: ceiling, cpu: ceilingCpu } = await measureCeiling(env, port, seeded);
  const chosen = SCENARIOS.filter((s) => !FILTER || s.name.includes(FILTER));
  const floors = await measureFloor(
    env,
    port,
    seeded,
    chosen.filter((s) => s.floor),
  );
  const server = await startServer(env, port);
  const rows: Row[] = [];
  const scale: ScaleRow[] = [];
  let peakRss = 0;
  let scenarioPeakRss = 0;
  const sampler = setInterval(() => {
    const rss = rssMb(server.pid ?? 0);
    peakRss = Math.max(peakRss, rss);
    scenarioPeakRss = Math.max(scenarioPeakRss, rss);
  }, 100);
  try {
    for (const scenario of chosen) {
      scenarioPeakRss = 0;
      await measure(port, scenario, seeded, WARMUP_SECONDS);
      const { result, cpu } = await measureWithCpu(port, scenario, seeded, DURATION_SECONDS, server.pid ?? 0);
      rows.push({
        scenario: scenario.name,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        ratioToBaseline: 0,
        ratioToOneQuery: 0,
        non2xx: result.non2xx + result.errors,
        peakRssMb: Math.round(scenarioPeakRss),
        ...cpuColumns(cpu),
      });
    }
    if (!FILTER) scale.push(...(await measureScale(port, seeded)));
  } finally {
    clearInterval(sampler);
    await stopServer(server);
  }
  const baseline = rows.find((row) => row.scenario === SCENARIOS[0]?.name)?.requestsPerSecond ?? Number.NaN;
  const oneQuery = Math.round(ceiling.requests.average);
  for (const row of rows) {
    row.ratioToBaseline = Number((row.requestsPerSecond / baseline).toFixed(3));
    row.ratioToOneQuery = Number((row.requestsPerSecond / oneQuery).toFixed(3));
    const floor = floors.get(row.scenario);
    if (floor) {
      row.floorRatioToOneQuery = Number((floor.requestsPerSecond / oneQuery).toFixed(3));
      row.floorServerUs = floor.cpu.serverUs;
      row.floorPostgresUs = floor.cpu.postgresUs;
      if (row.postgresUs > 0) row.boundRatioToOneQuery = boundWithCeilingNode(ceilingCpu, row.postgresUs);
    }
  }
  const ceilingRow = {
    scenario: CEILING.name,
    requestsPerSecond: oneQuery,
    p50Ms: ceiling.latency.p50,
    p99Ms: ceiling.latency.p99,
    ratioToBaseline: Number((oneQuery / baseline).toFixed(3)),
    ratioToOneQuery: 1,
    non2xx: ceiling.non2xx + ceiling.errors,
    peakRssMb: 0,
    ...cpuColumns(ceilingCpu),
  };
  rows.splice(1, 0, ceilingRow);
  console.log(
    `\n${label}: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route, peak RSS ${peakRss.toFixed(0)} MB`,
  );
  console.table(rows);
  if (scale.length > 0) {
    console.log(`${label}: dictionary scale, one request at a time (${SCALE_REQUESTS} each)`);
    console.table(scale);
  }
  return { label, peakRssMb: Math.round(peakRss), rows, scale };
}

/**
 * PostgreSQL in a throwaway database on `BENCH_DATABASE_URL`'s server, or in the database
 * `BENCH_POSTGRES_DATABASE` there as it is (bench/scale.ts: the large one), left in place.
 */
async function runOnPostgres() {
  const baseUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const existing = process.env.BENCH_POSTGRES_DATABASE;
  const name = existing ?? `wordhoard_bench_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl.toString() });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (!existing) await admin(`create database ${name}`);
  const pgUrl = new URL(baseUrl.toString());
  pgUrl.pathname = `/${name}`;
  try {
    return await runOn(
      'PostgreSQL',
      () => openPostgres(pgUrl.toString()),
      { DATABASE_URL: pgUrl.toString() },
      3901,
    );
  } finally {
    if (!existing) await admin(`drop database if exists ${name} with (force)`);
  }
}

/** A partial run (`BENCH_ONLY=keystroke`) keeps the other figures of bench/results.json. */
function mergeResults(file: string, part: Record<string, unknown>): void {
  let results: Record<string, unknown> = {};
  try {
    results = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    results = {};
  }
  writeFileSync(file, `${JSON.stringify({ ...results, ...part }, null, 2)}\n`);
}

async function main() {
  const file = process.env.BENCH_RESULTS_FILE ?? path.join(root, 'bench/results.json');
  if (ONLY === 'lighthouse') {
    mergeResults(file, { lighthouse: lighthouseResult(await runLighthouse()) });
    console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
    return;
  }
  if (ONLY === 'keystroke') {
    const keystroke = await runKeystrokeBench();
    printKeystrokeResult(keystroke);
    mergeResults(file, { keystroke });
    console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
    return;
  }
  const results = [];
  if (ONLY !== 'pglite') results.push(await runOnPostgres());
  if (ONLY !== 'postgres') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-bench-'));
    try {
      results.push(await runOn('PGlite', () => openPglite({ dataDir }), { DATA_DIR: dataDir }, 3902));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const everything = !ONLY && !FILTER;
  const lighthouse = everything ? lighthouseResult(await runLighthouse()) : undefined;
  const keystroke = everything ? await runKeystrokeBench() : undefined;
  if (keystroke) printKeystrokeResult(keystroke);
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, results, lighthouse, keystroke }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

await main();
