import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repository, without types
import { unsupportedNode } from '../../../scripts/node-version.mjs';

/** scripts/build-if-needed.mjs (what `npm start` runs first) against a small tree and a fake build. */
const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../scripts/build-if-needed.mjs',
);
let root: string;

const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), text);
};
/** How many times the fake build ran. */
const builds = () => {
  try {
    return readFileSync(path.join(root, 'builds.log'), 'utf8').length;
  } catch {
    return 0;
  }
};
function start(failBuild = false, mode: string[] = []) {
  const result = spawnSync(process.execPath, [script, ...mode, root], {
    env: { ...process.env, BUILD_COMMAND: `node build.mjs${failBuild ? ' fail' : ''}` },
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr, stdout: result.stdout };
}
/** What `npm run admin` runs first: the server bundle only. */
const startAdmin = () => start(false, ['--server']);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-build-if-needed-'));
  write('package-lock.json', '{}');
  write('apps/web/src/main.tsx', 'export {};');
  write('apps/web/index.html', '<!doctype html>');
  write('apps/server/src/main.ts', 'export {};');
  write('packages/shared/src/index.ts', 'export {};');
  write(
    'build.mjs',
    [
      "import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';",
      "if (process.argv[2] === 'fail') process.exit(3);",
      "appendFileSync('builds.log', 'x');",
      "mkdirSync('apps/web/dist', { recursive: true });",
      "mkdirSync('apps/server/dist', { recursive: true });",
      "writeFileSync('apps/web/dist/index.html', 'built');",
      "writeFileSync('apps/server/dist/main.js', 'built');",
      "writeFileSync('apps/server/dist/admin.js', 'built');",
    ].join('\n'),
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when needed', () => {
  it('builds the first time, then not until a source changes, and says why', () => {
    const first = start();
    expect(first.status).toBe(0);
    expect(first.output).toContain('Building: apps/web/dist/index.html does not exist');
    expect(builds()).toBe(1);

    const second = start();
    expect(second.output).toContain('Build is up to date');
    expect(builds()).toBe(1);

    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'apps/server/src/main.ts'), later, later);
    expect(start().output).toContain('Building: apps/server/src/main.ts changed since the last build');
    expect(builds()).toBe(2);

    write('apps/web/src/new.ts', 'export {};');
    expect(start().output).toContain('Building: apps/web/src/new.ts is new since the last build');
    expect(builds()).toBe(3);

    rmSync(path.join(root, 'packages/shared/src/index.ts'));
    expect(start().output).toContain(
      'Building: packages/shared/src/index.ts was removed since the last build',
    );
    expect(start().output).toContain('Build is up to date');
    expect(builds()).toBe(4);
  });

  it('rebuilds after a failed build, and passes the failure on', () => {
    expect(start().status).toBe(0);
    write('apps/web/src/main.tsx', 'export const changed = 1;');
    const failed = start(true);
    expect(failed.status).toBe(3);
    expect(start().output).toContain('Building: apps/web/src/main.tsx changed since the last build');
    expect(builds()).toBe(2);
  });

  it('rebuilds when an output is gone', () => {
    start();
    rmSync(path.join(root, 'apps/server/dist/main.js'));
    expect(start().output).toContain('Building: apps/server/dist/main.js does not exist');
    expect(builds()).toBe(2);
  });

  it('rebuilds when the admin CLI is missing from an earlier build', () => {
    start();
    rmSync(path.join(root, 'apps/server/dist/admin.js'));
    expect(start().output).toContain('Building: apps/server/dist/admin.js does not exist');
    expect(builds()).toBe(2);
  });
});

describe('npm run admin builds the server only when needed', () => {
  it('has a record of its own, ignores web sources and keeps stdout for the command', () => {
    const first = startAdmin();
    expect(first.status).toBe(0);
    expect(first.output).toContain('Building: apps/server/dist/main.js does not exist');
    expect(first.stdout).toBe('');
    expect(builds()).toBe(1);

    expect(startAdmin().output).toContain('Build is up to date');
    write('apps/web/src/new.ts', 'export {};');
    expect(startAdmin().output).toContain('Build is up to date');
    expect(builds()).toBe(1);

    write('packages/shared/src/index.ts', 'export const changed = 1;');
    expect(startAdmin().output).toContain(
      'Building: packages/shared/src/index.ts changed since the last build',
    );
    expect(builds()).toBe(2);
  });
});

describe('npm start on an unsupported Node', () => {
  it('names the Node wanted and the one running, in one line', () => {
    const line = unsupportedNode('v20.19.0', '^26.0.0', '/usr/bin/node') as string;
    expect(line).toBe(
      'Wordhoard needs Node.js 26 (package.json "engines": "^26.0.0"), but this is Node.js v20.19.0 (/usr/bin/node): install Node.js 26 and run the command again.',
    );
    expect(unsupportedNode('v25.9.1', '>=26')).toMatch(/^Wordhoard needs Node\.js 26 .*v25\.9\.1: install/);
    expect(unsupportedNode('v26.0.0', '^26.0.0')).toBeUndefined();
    expect(unsupportedNode(process.version, '^26.0.0')).toBeUndefined();
    // A newer major may run; the Dockerfile pins the tested one.
    expect(unsupportedNode('v28.1.0', '^26.0.0')).toBeUndefined();
    expect(unsupportedNode('v20.19.0', undefined)).toBeUndefined();
  });

  // The machine's own older Node, when it has one (CI images and this VM: /usr/bin/node).
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((candidate) => {
    if (!existsSync(candidate)) return false;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim();
    return /^v\d+/.test(version) && Number(version.slice(1).split('.')[0]) < 26;
  });
  it.skipIf(!oldNode)('refuses to start under an old Node with that one line and exit 1', () => {
    const result = spawnSync(oldNode!, [script, root], {
      env: { ...process.env, BUILD_COMMAND: 'node build.mjs' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^Wordhoard needs Node\.js 26 \(package\.json "engines": "\^26\.0\.0"\), but this is Node\.js v\d+\.\d+\.\d+ \(.+\): install Node\.js 26 and run the command again\.\n$/,
    );
    expect(builds()).toBe(0);
  });
});
