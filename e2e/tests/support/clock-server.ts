import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test as base } from '@playwright/test';

/**
 * A server of its own for a browser test that needs days to pass: the built server on a fresh
 * embedded database, its clock preloaded to start at `fakeNow` (e2e/scripts/fake-clock.mjs)
 * rather than moving time under the other tests' feet. A seed script may fill the data
 * directory first, on the same clock.
 */
export interface ClockServer {
  url: string;
  /** Moves the server's clock on by `stepMs`. */
  advance: () => Promise<void>;
  /** What the seed script printed (JSON), if there was one. */
  seeded: unknown;
  stop: () => Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const FAKE_CLOCK = path.resolve(here, '../../scripts/fake-clock.mjs');
// SERVER_MAIN points at another build of the server, as for scripts/serve.mjs.
const SERVER = process.env.SERVER_MAIN
  ? path.resolve(process.env.SERVER_MAIN)
  : path.resolve(here, '../../../apps/server/dist/main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Until the server answers, it exits, or four minutes pass (a limit for a hang, inside the
 * fixture's five: under `npm run test:stress` a start took over the 30 s this once allowed).
 */
async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`test server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('test server did not start');
}

export async function startClockServer(options: {
  fakeNow: string;
  stepMs: number;
  /** A script in e2e/scripts run with tsx on the data directory before the server starts. */
  seed?: string;
  /** More of the server's environment, e.g. an SMTP_URL. */
  env?: NodeJS.ProcessEnv;
}): Promise<ClockServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-e2e-clock-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    E2E_FAKE_NOW: options.fakeNow,
    E2E_CLOCK_STEP_MS: String(options.stepMs),
    ...options.env,
  };
  let seeded: unknown;
  if (options.seed) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', FAKE_CLOCK, '--import', 'tsx', path.resolve(here, '../../scripts', options.seed), dataDir],
      { env, cwd: path.resolve(here, '../../..'), maxBuffer: 1 << 20 },
    );
    seeded = JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
  }
  const child = spawn(process.execPath, ['--import', FAKE_CLOCK, SERVER], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    seeded,
    stop,
    advance: async () => {
      child.kill('SIGUSR2');
      // The signal is handled between requests; one round trip makes sure it was.
      await fetch(`${url}/api/health`);
    },
  };
}

/**
 * Playwright's `test` with a clock server per worker (`clockServer`) that the pages use as their
 * base URL.
 */
export function testWithClockServer(options: Parameters<typeof startClockServer>[0]) {
  return base.extend<object, { clockServer: ClockServer }>({
    clockServer: [
      // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies first
      async ({}, use) => {
        const server = await startClockServer(options);
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      },
      // Its own limit, not the test's 30 s: seeding months of reviews and starting the server
      // took ~28 s on a quiet 2-core machine and more on a busy one. A limit for a hang only.
      { scope: 'worker', timeout: 300_000 },
    ],
    baseURL: async ({ clockServer }, use) => {
      await use(clockServer.url);
    },
  });
}
