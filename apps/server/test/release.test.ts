import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/release.mjs run as `npm run release` runs it (docs/decisions/0082-releases.md).
const repo = path.resolve(import.meta.dirname, '../../..');
const script = path.join(repo, 'scripts/release.mjs');
const { version } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string };
/** Docker and a daemon that answers: only then can an image be built here (not in CI). */
const canBuildImages =
  spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], { stdio: 'ignore', timeout: 20_000 })
    .status === 0;
const NO_DOCKER = /docker is not installed here|docker is installed but its daemon does not answer here/;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-release-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function release(args: string[]) {
  const run = spawnSync(process.execPath, [script, ...args], { cwd: repo, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A tree with the files the release checks, committed, for the cases this repository is not. */
function copyOfTree(edit: (file: string, text: string) => string = (_file, text) => text): string {
  const dir = mkdtempSync(path.join(scratch, 'tree-'));
  for (const file of ['package.json', 'CHANGELOG.md', 'compose.yaml', 'compose.embedded.yaml']) {
    cpSync(path.join(repo, file), path.join(dir, file));
    writeFileSync(path.join(dir, file), edit(file, readFileSync(path.join(dir, file), 'utf8')));
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'tree');
  return dir;
}

describe('npm run release', () => {
  it('agrees with package.json: the top released CHANGELOG section and both compose files', () => {
    const changelog = readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8');
    expect(/^## \[(.+?)\] - \d{4}-\d{2}-\d{2}$/m.exec(changelog)?.[1]).toBe(version);
    for (const file of ['compose.yaml', 'compose.embedded.yaml']) {
      expect(readFileSync(path.join(repo, file), 'utf8')).toContain(
        `image: wordhoard:\${WORDHOARD_VERSION:-${version}}`,
      );
    }
    const check = release(['--check']);
    expect(check.output).toContain(`release: ${version}: package.json, CHANGELOG.md and`);
    expect(check.status).toBe(0);
  });

  it('--dry-run prints the image build and writes a CycloneDX SBOM of the production dependencies', () => {
    const out = path.join(scratch, 'sbom');
    const run = release(['--dry-run', '--out', out]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(`would run: docker build -t wordhoard:${version} .`);
    if (!canBuildImages) expect(run.output).toMatch(NO_DOCKER);
    const sbom = JSON.parse(readFileSync(path.join(out, `wordhoard-${version}.sbom.json`), 'utf8')) as {
      bomFormat: string;
      components: { name: string }[];
    };
    expect(sbom.bomFormat).toBe('CycloneDX');
    const names = new Set(sbom.components.map((component) => component.name));
    expect(names.size).toBeGreaterThan(50);
    // What the server runs on is in it; what only builds and tests it is not (--omit dev).
    expect(names).toContain('fastify');
    expect(names).toContain('sharp');
    expect(names).not.toContain('vitest');
    expect(names).not.toContain('@seriousme/openapi-schema-validator');
  });

  it('stops when the changelog, the compose files or the tree disagree with package.json', () => {
    const bumped = copyOfTree((file, text) =>
      file === 'package.json' ? text.replace(`"version": "${version}"`, '"version": "99.0.0"') : text,
    );
    const stale = release(['--check', '--root', bumped]);
    expect(stale.status).toBe(1);
    expect(stale.output).toContain(
      `CHANGELOG.md's top released section is ${version}, package.json says 99.0.0`,
    );

    const latest = copyOfTree((file, text) =>
      file === 'compose.yaml' ? text.replace(/image: wordhoard:\S+/, 'image: wordhoard:latest') : text,
    );
    const compose = release(['--check', '--root', latest]);
    expect(compose.status).toBe(1);
    expect(compose.output).toContain('compose.yaml names the image wordhoard:latest');

    const dirty = copyOfTree();
    writeFileSync(path.join(dirty, 'CHANGELOG.md'), '\n', { flag: 'a' });
    const uncommitted = release(['--root', dirty]);
    expect(uncommitted.status).toBe(1);
    expect(uncommitted.output).toContain('uncommitted changes');
  });

  it.skipIf(canBuildImages)('says that Docker is missing instead of building', () => {
    const run = release(['--root', copyOfTree()]);
    expect(run.status).toBe(1);
    expect(run.output).toMatch(NO_DOCKER);
    expect(run.output).toContain(`: cannot build wordhoard:${version} (--dry-run shows the steps)`);
  });
});
