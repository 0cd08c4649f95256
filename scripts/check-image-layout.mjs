#!/usr/bin/env node
// The Docker image's runtime stage, replayed without Docker (docs/decisions/0083): in a temporary
// directory, the `runtime-deps` stage's COPY and RUN lines, then the final stage's COPY lines
// (the `build` stage's /app is this repository, built first with `npm run build`); then the
// image's CMD under its ENV, with the embedded database:
//
//   - the HEALTHCHECK's own command passes and / serves the page;
//   - LOG_FORMAT=pretty starts (pino-pretty is a production dependency);
//   - a DATABASE_URL that is malformed, or points nowhere, fails in one line without its password;
//   - node_modules's size is printed (and must stay under MAX_NODE_MODULES_MB).
//
//   node scripts/check-image-layout.mjs          (npm run build first)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_NODE_MODULES_MB = 260;
const SECRET = 'hunter2-s3cret';

/** The Dockerfile's instructions per stage, continuation lines joined. */
function stages() {
  const lines = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const result = [];
  for (const line of lines) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) result.push({ name: from[1], instructions: [] });
    else result[result.length - 1].instructions.push(line);
  }
  return result;
}

function fail(message) {
  console.error(`check-image-layout: ${message}`);
  process.exit(1);
}

const all = stages();
const runtime = all[all.length - 1];
const stageDirs = new Map([['build', root]]);
const work = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-image-'));
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** `COPY [--from=stage] SRC... DEST` into `dir` (the stage's WORKDIR /app). */
function copy(instruction, dir) {
  const parts = instruction.split(/\s+/).slice(1);
  const from = parts[0].startsWith('--from=') ? parts.shift().slice('--from='.length) : undefined;
  const sourceRoot = from ? stageDirs.get(from) : root;
  if (!sourceRoot) fail(`COPY from an unknown stage: ${instruction}`);
  const destination = parts.pop();
  for (const source of parts) {
    const relative = from ? path.relative('/app', source) : source;
    const target = path.resolve(dir, destination);
    const into = destination.endsWith('/') || destination === '.' || destination === './';
    const to = into ? path.join(target, path.basename(relative)) : target;
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(path.join(sourceRoot, relative), to, { recursive: true, verbatimSymlinks: true });
  }
}

// The stages before the last other than the build (which is this repository, already built).
for (const stage of all.slice(0, -1)) {
  if (stage.name === 'build') continue;
  const dir = path.join(work, stage.name);
  mkdirSync(dir, { recursive: true });
  for (const instruction of stage.instructions) {
    if (/^COPY\s/i.test(instruction)) copy(instruction, dir);
    else if (/^RUN\s/i.test(instruction)) {
      const command = instruction.slice(4);
      console.log(`[${stage.name}] ${command}`);
      const result = spawnSync(`${command} --prefer-offline`, { cwd: dir, shell: true, stdio: 'inherit' });
      if (result.status !== 0) fail(`${stage.name}: "${command}" failed`);
    }
  }
  stageDirs.set(stage.name, dir);
}

const app = path.join(work, 'app');
mkdirSync(app);
const imageEnv = {};
let cmd;
let healthcheck;
for (const instruction of runtime.instructions) {
  if (/^COPY\s/i.test(instruction)) copy(instruction, app);
  else if (/^ENV\s/i.test(instruction)) {
    for (const [, name, value] of instruction.slice(4).matchAll(/(\w+)=(\S+)/g)) imageEnv[name] = value;
  } else if (/^CMD\s/i.test(instruction)) cmd = JSON.parse(instruction.slice(4));
  else if (/^HEALTHCHECK\s/i.test(instruction))
    healthcheck = JSON.parse(instruction.replace(/^.*?CMD\s+/, ''));
}
if (!cmd || !healthcheck) fail('the last stage has no CMD or no HEALTHCHECK');
for (const required of ['apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/server/drizzle']) {
  if (!existsSync(path.join(app, required)))
    fail(`${required} is not in the image (run npm run build first)`);
}
// Nothing of the development setup: no dev tool, no web dependency. (typescript stays: npm keeps
// it as an optional peer of stripe and others, "devOptional" in the lockfile.)
for (const absent of ['vitest', 'tsx', 'eslint', 'react', 'react-dom', 'vite']) {
  if (existsSync(path.join(app, 'node_modules', absent))) fail(`node_modules/${absent} is in the image`);
}
const megabytes = Number(
  execFileSync('du', ['-sm', path.join(app, 'node_modules')], { encoding: 'utf8' }).split('\t')[0],
);
console.log(`image node_modules: ${megabytes} MB (at most ${MAX_NODE_MODULES_MB})`);
if (megabytes > MAX_NODE_MODULES_MB) fail(`node_modules is ${megabytes} MB, over ${MAX_NODE_MODULES_MB} MB`);

/** The image's CMD with its ENV plus `env`, outside any repository node_modules, on plain node. */
function start(env) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|APP_ORIGIN|LOG_\w+|NODE_OPTIONS|PORT|HOST)$/.test(name),
    ),
  );
  const child = spawn(process.execPath, cmd.slice(1), {
    cwd: app,
    env: {
      ...clean,
      ...imageEnv,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, `data-${children.size}`),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const listeners = new Set();
  const onData = (chunk) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  // A guard against a hang (a start takes seconds; a busy CI machine, at most a minute or two),
  // with the server's output: a changed banner once left this script waiting forever.
  const waitFor = (pattern) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${pattern} within 5 minutes:\n${output}`)),
        300_000,
      );
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match);
        }
      };
      listeners.add(check);
      check();
      void exited.then((code) => reject(new Error(`exited (${code}) before ${pattern}:\n${output}`)));
    });
  return { child, exited, waitFor, output: () => output };
}

async function main() {
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const server = start({ PORT: port, LOG_FORMAT: 'pretty' });
  await server.waitFor(/Wordhoard \S+ is running/);
  const health = spawnSync(process.execPath, healthcheck.slice(1), { env: { ...process.env, PORT: port } });
  if (health.status !== 0) fail(`the HEALTHCHECK command failed:\n${server.output()}`);
  const page = await fetch(`http://127.0.0.1:${port}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root">')) fail(`GET / answered ${page.status}`);
  if (/^\{"level"/m.test(server.output())) fail(`LOG_FORMAT=pretty wrote JSON lines:\n${server.output()}`);
  server.child.kill('SIGTERM');
  if ((await server.exited) !== 0) fail(`the server did not stop cleanly:\n${server.output()}`);
  console.log('image layout: HEALTHCHECK passes, / serves the page, LOG_FORMAT=pretty works');

  for (const url of [
    `postgres://wordhoard:${SECRET}/x@db.invalid:5432/wordhoard`,
    `postgres://wordhoard:${SECRET}@127.0.0.1:1/wordhoard`,
  ]) {
    const bad = start({ PORT: port, DATABASE_URL: url });
    const code = await bad.exited;
    const output = bad.output();
    if (code === 0) fail(`started with DATABASE_URL=${url}`);
    if (output.includes(SECRET)) fail(`the password of DATABASE_URL was printed:\n${output}`);
    console.log(`bad DATABASE_URL: exit ${code}, "${output.trim().split('\n')[0]}"`);
  }
}

main().then(
  () => process.exit(0),
  (error) => fail(error instanceof Error ? error.message : String(error)),
);
