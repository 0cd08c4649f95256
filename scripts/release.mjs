// `npm run release`: makes the release named by the root package.json's "version"
// (docs/decisions/0082-releases.md). In order, stopping at the first problem:
//   1. CHANGELOG.md's top released section is `## [<version>] - <date>`, with its Upgrade notes,
//      and compose.yaml and compose.embedded.yaml default to the image `wordhoard:<version>`;
//   2. the work tree is clean (what is tagged is what is committed);
//   3. `docker build -t wordhoard:<version> .` (Docker and its daemon must be there);
//   4. `npm sbom --sbom-format cyclonedx --omit dev` into dist/release/wordhoard-<version>.sbom.json:
//      the packages the image runs with, for the operator's vulnerability scanners.
// Options:
//   --dry-run    checks, writes the SBOM, and prints the commands instead of running them; a dirty
//                tree or a missing Docker is reported, not fatal.
//   --check      step 1 only (CI: the version, the changelog and the compose files agree).
//   --out DIR    where the SBOM goes (default dist/release).
//   --root DIR   the tree to release (default: this repository; tests use a copy).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const root = path.resolve(option('--root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const dryRun = args.includes('--dry-run');
const checkOnly = args.includes('--check');
const outIndex = args.indexOf('--out');
const outDir = path.resolve(
  outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : path.join(root, 'dist/release'),
);
const COMPOSE_FILES = ['compose.yaml', 'compose.embedded.yaml'];

const read = (file) => readFileSync(path.join(root, file), 'utf8');
function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

/** The version of the top `## [x.y.z] - yyyy-mm-dd` section ([Unreleased] is not a release). */
export function topReleasedVersion(changelog) {
  const match = /^## \[(\d+\.\d+\.\d+(?:-[\w.]+)?)\] - (\d{4}-\d{2}-\d{2})$/m.exec(changelog);
  return match ? { version: match[1], date: match[2] } : undefined;
}

/** The section of a version, from its heading to the next one, or undefined. */
function sectionOf(changelog, version) {
  const start = changelog.indexOf(`## [${version}]`);
  if (start < 0) return undefined;
  const next = changelog.indexOf('\n## [', start + 1);
  return changelog.slice(start, next < 0 ? undefined : next);
}

function checkVersions() {
  const { version } = JSON.parse(read('package.json'));
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version ?? ''))
    fail(`package.json "version" is ${version}, not semver`);
  const changelog = read('CHANGELOG.md');
  const top = topReleasedVersion(changelog);
  if (!top) fail('CHANGELOG.md has no released section (## [x.y.z] - yyyy-mm-dd)');
  if (top.version !== version) {
    fail(`CHANGELOG.md's top released section is ${top.version}, package.json says ${version}`);
  }
  if (!/^### Upgrade notes$/m.test(sectionOf(changelog, version))) {
    fail(`CHANGELOG.md's section ${version} has no "### Upgrade notes"`);
  }
  for (const file of COMPOSE_FILES) {
    const images = [...read(file).matchAll(/^\s*image:\s*wordhoard:(\S+)\s*$/gm)].map((m) => m[1]);
    const expected = `\${WORDHOARD_VERSION:-${version}}`;
    if (images.length === 0 || images.some((image) => image !== expected)) {
      fail(
        `${file} names the image wordhoard:${images.join(', wordhoard:') || '(none)'}; expected wordhoard:${expected}`,
      );
    }
  }
  return version;
}

const version = checkVersions();
console.log(`release: ${version}: package.json, CHANGELOG.md and ${COMPOSE_FILES.join(', ')} agree`);
if (checkOnly) process.exit(0);

const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trimEnd();
if (dirty) {
  const message = `the work tree has uncommitted changes:\n${dirty}`;
  if (!dryRun) fail(`${message}\ncommit or stash them first`);
  console.log(`release: (dry run) a release would stop here: ${message}`);
}

const image = `wordhoard:${version}`;
const docker = ['build', '-t', image, '.'];
/** Why the image cannot be built here, or undefined when Docker and its daemon answer. */
function dockerProblem() {
  if (spawnSync('docker', ['--version'], { stdio: 'ignore' }).status !== 0)
    return 'docker is not installed here';
  // The client alone is not enough: `docker version` fails when no daemon answers.
  const server = spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], {
    stdio: 'ignore',
    timeout: 20_000,
  });
  return server.status === 0 ? undefined : 'docker is installed but its daemon does not answer here';
}
const noDocker = dockerProblem();
if (dryRun) {
  console.log(`release: (dry run) would run: docker ${docker.join(' ')}`);
  if (noDocker) console.log(`release: (dry run) ${noDocker}: the image could not be built`);
} else {
  if (noDocker) fail(`${noDocker}: cannot build ${image} (--dry-run shows the steps)`);
  const build = spawnSync('docker', docker, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) fail(`docker ${docker.join(' ')} failed`);
}

// npm resolves the tree from package-lock.json and node_modules; dev dependencies are not in the
// image (npm prune --omit=dev in the Dockerfile), so they are not in its bill of materials.
const sbomArgs = ['sbom', '--sbom-format', 'cyclonedx', '--omit', 'dev'];
const sbomFile = path.join(outDir, `wordhoard-${version}.sbom.json`);
console.log(
  `release: ${dryRun ? '(dry run) running' : 'running'}: npm ${sbomArgs.join(' ')} > ${path.relative(root, sbomFile)}`,
);
const npm = spawnSync('npm', sbomArgs, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (npm.status !== 0) fail(`npm ${sbomArgs.join(' ')} failed:\n${npm.stderr}`);
let sbom;
try {
  sbom = JSON.parse(npm.stdout);
} catch {
  fail(`npm ${sbomArgs.join(' ')} did not write JSON`);
}
if (sbom.bomFormat !== 'CycloneDX' || !Array.isArray(sbom.components) || sbom.components.length === 0) {
  fail('the SBOM is not a CycloneDX document with components');
}
mkdirSync(outDir, { recursive: true });
writeFileSync(sbomFile, `${JSON.stringify(sbom, null, 2)}\n`);
console.log(
  `release: SBOM: ${sbom.components.length} components (CycloneDX ${sbom.specVersion}) in ${sbomFile}`,
);

if (dryRun) {
  console.log(`release: (dry run) then: git tag -a v${version} -m "Wordhoard ${version}"`);
} else {
  console.log(`release: ${image} built. Tag the commit: git tag -a v${version} -m "Wordhoard ${version}"`);
}
