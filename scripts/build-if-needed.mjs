#!/usr/bin/env node
// `npm start`: builds only when a source changed since the last successful build, and says why.
//
//   node scripts/build-if-needed.mjs [ROOT]
//
// ROOT defaults to the repository. The build command is `npm run build` (BUILD_COMMAND to change
// it, as the test does). After a successful build the size and modification time of every source
// file go to node_modules/.cache/wordhoard-build.json; the next run compares them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const command = process.env.BUILD_COMMAND || 'npm run build';

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
/** What the build writes: the SPA and the server `npm run serve` starts. */
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];
const STAMP = 'node_modules/.cache/wordhoard-build.json';

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
  for (const source of SOURCES) visit(source);
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
  console.log('Build is up to date (a source change rebuilds; `npm run build` to force).');
  process.exit(0);
}
console.log(`Building: ${reason}`);
const result = spawnSync(command, { cwd: root, shell: true, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
// The sources as they were when the build started: an edit made during the build rebuilds next time.
mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true });
writeFileSync(path.join(root, STAMP), `${JSON.stringify({ files: before })}\n`);
