#!/usr/bin/env node
// `npm start`: builds only when a source changed since the last successful build, and says why.
//
//   node scripts/build-if-needed.mjs [--server] [ROOT]
//
// ROOT defaults to the repository. The build command is `npm run build` (BUILD_COMMAND to change
// it, as the test does). After a successful build the size and modification time of every source
// file go to node_modules/.cache/wordhoard-build.json; the next run compares them.
//
// --server (what `npm run admin` runs first): only the server bundle, which holds the admin CLI;
// the SPA is neither needed nor built, its own record is wordhoard-build-server.json, and the
// messages go to stderr so that a command's output (`vapid-keys` lines for .env) stays alone on
// stdout.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unsupportedNode } from './node-version.mjs';

// First of all, before a build an old Node would fail in some obscure way: one clear line.
const scriptDir = path.dirname(fileURLToPath(import.meta.url));
let engines;
try {
  engines = JSON.parse(readFileSync(path.join(scriptDir, '..', 'package.json'), 'utf8')).engines.node;
} catch {
  engines = undefined; // no package.json beside: nothing to check against
}
const tooOld = unsupportedNode(process.version, engines, process.execPath);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

const args = process.argv.slice(2);
const serverOnly = args.includes('--server');
const rootArg = args.find((arg) => !arg.startsWith('--'));
// No `??` or `?.` in this file: Node 12 and 13 must parse it to reach the version check.
const root = path.resolve(rootArg !== undefined ? rootArg : path.join(scriptDir, '..'));
const command =
  process.env.BUILD_COMMAND || (serverOnly ? 'npm run build -w @wordhoard/server' : 'npm run build');
const say = serverOnly ? console.error : console.log;

/** What the build reads: a change to any file here (or one added or removed) means a new build. */
const SOURCES = [
  'package-lock.json',
  'package.json',
  'tsconfig.base.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/tsup.config.ts',
];
const isServerSource = (source) => !source.startsWith('apps/web/');
/** What the build writes: the SPA, the server `npm run serve` starts and the admin CLI. */
const SERVER_OUTPUTS = ['apps/server/dist/main.js', 'apps/server/dist/admin.js'];
const OUTPUTS = serverOnly ? SERVER_OUTPUTS : ['apps/web/dist/index.html', ...SERVER_OUTPUTS];
const FULL_STAMP = 'node_modules/.cache/wordhoard-build.json';
const SERVER_STAMP = 'node_modules/.cache/wordhoard-build-server.json';
const STAMP = serverOnly ? SERVER_STAMP : FULL_STAMP;

/** relative path -> "mtime:size" of every file under the sources. */
function snapshot() {
  const files = {};
  const visit = (relative) => {
    const absolute = path.join(root, relative);
    let stats;
    try {
      stats = statSync(absolute);
    } catch {
      return; // an optional source that does not exist
    }
    if (stats.isDirectory()) {
      for (const name of readdirSync(absolute).sort()) visit(path.posix.join(relative, name));
    } else if (stats.isFile()) {
      files[relative] = `${stats.mtimeMs}:${stats.size}`;
    }
  };
  for (const source of SOURCES) if (!serverOnly || isServerSource(source)) visit(source);
  return files;
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP), 'utf8')).files;
  } catch {
    return undefined;
  }
}

/** Why a build is needed, or undefined when the last one is up to date. */
function reasonToBuild(current) {
  const missing = OUTPUTS.find((output) => !existsSync(path.join(root, output)));
  if (missing) return `${missing} does not exist`;
  const previous = readStamp();
  if (!previous) return 'no record of an earlier build';
  for (const [file, state] of Object.entries(current)) {
    if (previous[file] === undefined) return `${file} is new since the last build`;
    if (previous[file] !== state) return `${file} changed since the last build`;
  }
  const removed = Object.keys(previous).find((file) => current[file] === undefined);
  if (removed) return `${removed} was removed since the last build`;
  return undefined;
}

const before = snapshot();
const reason = reasonToBuild(before);
if (!reason) {
  say('Build is up to date (a source change rebuilds; `npm run build` to force).');
  process.exit(0);
}
say(`Building: ${reason}`);
// In --server mode the build's own output goes to stderr too, for the same reason.
const result = spawnSync(command, {
  cwd: root,
  shell: true,
  stdio: serverOnly ? ['inherit', process.stderr, 'inherit'] : 'inherit',
});
if (result.status !== 0) process.exit(result.status === null ? 1 : result.status);
// The sources as they were when the build started: an edit made during the build rebuilds next time.
const record = (stamp, files) => {
  mkdirSync(path.dirname(path.join(root, stamp)), { recursive: true });
  writeFileSync(path.join(root, stamp), `${JSON.stringify({ files })}\n`);
};
record(STAMP, before);
// A full build built the server too: `npm run admin` need not build it again.
if (!serverOnly && !process.env.BUILD_COMMAND) {
  const serverFiles = Object.entries(before).filter(([file]) => isServerSource(file));
  record(SERVER_STAMP, Object.fromEntries(serverFiles));
}
