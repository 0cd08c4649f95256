import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** How `npm start` looks to the person who ran it: the server process, its output and exit. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** tsx's loader by path: the server runs in a temporary directory, where `--import tsx` would not resolve. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const children = new Set<ChildProcess>();
let dir: string;
let blocker: Server | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-startup-'));
});
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)));
  blocker = undefined;
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  output: () => string;
  /** Resolves when the output matches, rejects when the process exits first. */
  waitFor: (pattern: RegExp) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

/** The server from src/main.ts in `cwd`, with the environment of a plain shell plus `env`. */
function run(env: NodeJS.ProcessEnv, cwd = dir): Run {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(APP_ORIGIN|DATABASE_URL|SMTP_URL|LOG_FORMAT|PORT)$/.test(name),
    ),
  );
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(serverDir, 'src/main.ts')], {
    cwd,
    env: { ...clean, NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text);
        if (match) {
          listeners.delete(check);
          resolve(match);
        }
      };
      listeners.add(check);
      check();
      void exited.then(() => {
        check();
        reject(new Error(`exited before ${String(pattern)}:\n${text}`));
      });
    });
  return { output: () => text, waitFor, exited };
}

describe('starting the server', () => {
  it('prints a banner with the address, the database and where codes go, then readable logs', async () => {
    const dataDir = path.join(dir, 'data');
    const server = run({ DATA_DIR: dataDir, LOG_FORMAT: 'pretty' });
    const [, port] = await server.waitFor(
      /Wordhoard \d+\.\d+\.\d+\S* is running: open http:\/\/localhost:(\d+)\n/,
    );
    await server.waitFor(/database: PGlite \(embedded\) in (.+)\n/);
    expect(server.output()).toContain(`database: PGlite (embedded) in ${dataDir}\n`);
    expect(server.output()).toContain('mail: not configured — verification codes are printed in this log');
    // Pretty logs, not JSON lines.
    expect(server.output()).not.toMatch(/^\{"level"/m);

    const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'banner@example.com', password: 'Secret123' }),
    });
    expect(signup.status).toBe(201);
    // The code stands on a line of its own.
    await server.waitFor(/mail not sent \(no SMTP_URL\)[\s\S]*\n\s+\d{6}\n/);
  });

  it('logs JSON lines when told to', async () => {
    const server = run({ DATA_DIR: path.join(dir, 'data'), LOG_FORMAT: 'json' });
    await server.waitFor(/Wordhoard \S+ is running/);
    await server.waitFor(/^\{"level":\d+.*"msg":"Server listening at/m);
  });

  it('reads .env from the working directory; the real environment wins', async () => {
    await writeFile(
      path.join(dir, '.env'),
      [
        'DATA_DIR=./from-dotenv',
        'SMTP_URL=smtp://mailer:hunter2@mail.example.test:2525',
        'APP_ORIGIN=http://dotenv.test',
      ].join('\n'),
    );
    const server = run({ APP_ORIGIN: 'http://real.test' });
    await server.waitFor(/mail: .*\n/);
    expect(server.output()).toContain('open http://real.test\n');
    expect(server.output()).toContain(`in ${path.join(dir, 'from-dotenv')}\n`);
    expect(server.output()).toContain('mail: SMTP at mail.example.test:2525\n');
    expect(server.output()).not.toContain('hunter2');
  });

  it('never prints the password of a malformed or unreachable DATABASE_URL', async () => {
    const secret = 'hunter2-s3cret';
    for (const url of [
      `postgres://wordhoard:${secret}/x@db.invalid:5432/wordhoard`,
      `postgres://wordhoard:${secret}@127.0.0.1:1/wordhoard`,
    ]) {
      const server = run({ DATABASE_URL: url });
      expect(await server.exited).toBe(1);
      expect(server.output()).not.toContain(secret);
      expect(server.output().trim().split('\n')[0]).toMatch(
        /^(Invalid configuration:|Could not connect to PostgreSQL \(DATABASE_URL\): connect ECONNREFUSED)/,
      );
    }
  });

  it('reports a taken port before it opens the database, and exits non-zero', async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    const dataDir = path.join(dir, 'fresh-data');

    const server = run({ PORT: String(port), DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `Port ${port} is in use. Set PORT to another port, e.g. PORT=${port + 1} npm start`,
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});
