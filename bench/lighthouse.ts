/**
 * Lighthouse in `npm run bench`: the production build served by the real server (on a
 * throwaway PGlite), audited by the npm `lighthouse` CLI in Debian's Chromium — mobile form
 * factor with simulated throttling (Lighthouse's defaults). Each page is audited several times
 * and the median run (by performance score) is reported, since one run on a busy machine is
 * noisy. Target: performance ≥ 95 for `/` and `/auth/login` (docs/performance.md, "Front end").
 *
 * Run on its own after a build: `BENCH_ONLY=lighthouse npx tsx bench/run.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../e2e/chromium';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3903);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * `simulate` (Lighthouse's default, what the target is measured with) or `devtools`: real
 * throttled loading, which shows what the simulation does not model (a request started early).
 */
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING ?? 'simulate';
/** Lighthouse sometimes fails to record a trace (NO_NAVSTART) and says to run it again. */
const ATTEMPTS = 3;
const PAGES = ['/', '/auth/login'];
export const LIGHTHOUSE_TARGET = 95;

/** The same flags as the browser tests use: headless, no sandbox, nothing fetched in the background. */
export const CHROME_FLAGS = CHROMIUM_ARGS;

export interface LighthouseRow {
  page: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The scores of every run, the reported one being their median. */
  runs: number[];
  /**
   * The median run's machine benchmark: the simulation multiplies the observed main-thread time,
   * so the same build scores lower on a slower or busier machine; figures compare only beside it.
   */
  benchmarkIndex: number;
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  /** Lighthouse's CPU benchmark of the machine (higher is faster; under 1000 a slow device). */
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
}

/** The production build on PGlite in `dataDir`, once it answers its health check. */
export async function startServer(dataDir: string, port = PORT): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** One Lighthouse run of `url`, tried again when Lighthouse itself fails to record it. */
async function audit(url: string, outputPath: string): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, outputPath);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`lighthouse run ${attempt} of ${url} failed (${String(error)}); running it again`);
    }
  }
}

/** One Lighthouse run of `url`, through the package's own CLI (a fresh Chromium each time). */
async function auditOnce(url: string, outputPath: string): Promise<LighthouseReport> {
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const args = [
    cli,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outputPath}`,
    '--quiet',
    `--throttling-method=${THROTTLING}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`lighthouse exited with ${code} for ${url}`);
  const report = JSON.parse(await readFile(outputPath, 'utf8')) as LighthouseReport;
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  return report;
}

function toRow(page: string, report: LighthouseReport, runs: number[]): LighthouseRow {
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    fcpMs: Math.round(value('first-contentful-paint')),
    runs,
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? Number.NaN),
  };
}

/** Audits every page RUNS times against the built server; prints and returns the median runs. */
export async function runLighthouse(): Promise<LighthouseRow[]> {
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error('No build: run `npm run build` first');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-lighthouse-'));
  const server = await startServer(dataDir);
  const rows: LighthouseRow[] = [];
  try {
    for (const page of PAGES) {
      const reports: LighthouseReport[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        reports.push(
          await audit(`http://127.0.0.1:${PORT}${page}`, path.join(dataDir, `report-${run}.json`)),
        );
      }
      const byScore = [...reports].sort(
        (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
      );
      const median = byScore[Math.floor(byScore.length / 2)];
      if (!median) throw new Error(`no Lighthouse run for ${page}`);
      const scores = reports.map((report) => Math.round((report.categories.performance.score ?? 0) * 100));
      rows.push(toRow(page, median, scores));
    }
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nLighthouse (mobile, simulated throttling), median of ${RUNS} run(s) per page; target performance ≥ ${LIGHTHOUSE_TARGET}`,
  );
  console.table(
    rows.map((row) => ({
      page: row.page,
      performance: row.performance,
      'LCP ms': row.lcpMs,
      'TBT ms': row.tbtMs,
      CLS: row.cls,
      'FCP ms': row.fcpMs,
      runs: row.runs.join(' '),
      'CPU benchmark': row.benchmarkIndex,
      target: row.performance >= LIGHTHOUSE_TARGET ? 'met' : 'MISSED',
    })),
  );
  return rows;
}

/** The `lighthouse` entry of bench/results.json. */
export function lighthouseResult(rows: LighthouseRow[]) {
  return {
    date: new Date().toISOString(),
    formFactor: 'mobile',
    throttling: 'simulated',
    runs: RUNS,
    pages: rows,
  };
}
