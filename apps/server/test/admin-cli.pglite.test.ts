import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { openPglite } from '../src/db/database';
import { users } from '../src/db/schema';
import { InvitesRepository } from '../src/features/invites/invites.repository';
import { InvitesService } from '../src/features/invites/invites.service';

/**
 * The admin CLI as the Docker image runs it: the compiled dist/admin.js under plain node, with
 * every dev dependency (tsx among them) refused by deny-dev-dependencies.mjs, as after
 * `npm prune --omit=dev`. The server is built with its own tsup config into a directory of this
 * test's own: `npm test` runs the full build (which empties apps/server/dist) at the same time.
 */
const testDir = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(testDir, '../../..');
const denyHook = path.join(testDir, 'deny-dev-dependencies.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}
const run = (command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  new Promise<Run>((resolve) => {
    execFile(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });

let buildDir: string;
let dir: string;
let dataDir: string;

/** `node apps/server/dist/admin.js ARGS` on this test's embedded database, without dev dependencies. */
function admin(...args: string[]): Promise<Run> {
  return adminWith({}, ...args);
}

/** `admin` with more environment variables (S3_BUCKET, SIGNUP_MODE, …). */
function adminWith(extraEnv: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DENY_DEV_DEPENDENCIES_UNDER: buildDir,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS; // vitest's own loaders must not help the bundle
  return run(process.execPath, ['--import', denyHook, path.join(buildDir, 'admin.js'), ...args], { env });
}

async function roleOf(email: string): Promise<string | undefined> {
  const database = await openPglite({ dataDir });
  try {
    const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.email, email));
    return row?.role;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  // Under apps/server, as dist/ is: the bundle finds apps/server/drizzle by walking up and its npm
  // imports in the node_modules above it.
  const cache = path.join(repo, 'apps/server/node_modules/.cache');
  await mkdir(cache, { recursive: true });
  buildDir = await mkdtemp(path.join(cache, 'wordhoard-admin-build-'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = await run(npm, ['run', 'build', '-w', '@wordhoard/server', '--', '--out-dir', buildDir], {
    cwd: repo,
  });
  expect(build.code, build.stdout + build.stderr).toBe(0);

  dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-admin-cli-'));
  dataDir = path.join(dir, 'data');
  const database = await openPglite({ dataDir });
  await database.db
    .insert(users)
    .values({ email: 'ada@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS });
  await database.close();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

describe('the built admin CLI (what the Docker image runs)', () => {
  it('is a compiled entry beside main.js that imports no dev dependency', async () => {
    expect(existsSync(path.join(buildDir, 'main.js'))).toBe(true);
    expect(existsSync(path.join(buildDir, 'admin.js'))).toBe(true);
    const devDependencies = new Set<string>();
    for (const file of ['package.json', 'apps/server/package.json']) {
      const json = JSON.parse(await readFile(path.join(repo, file), 'utf8')) as {
        devDependencies?: Record<string, string>;
      };
      for (const name of Object.keys(json.devDependencies ?? {})) devDependencies.add(name);
    }
    expect(devDependencies.has('tsx')).toBe(true);
    const packages = new Set<string>();
    for (const name of await readdir(buildDir)) {
      if (!name.endsWith('.js')) continue;
      const text = await readFile(path.join(buildDir, name), 'utf8');
      for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^".][^"]*)"/g)) {
        const specifier = match[1]!;
        packages.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      }
    }
    expect(packages.has('drizzle-orm')).toBe(true); // the scan sees the bundle's imports
    expect([...packages].filter((name) => devDependencies.has(name))).toEqual([]);
  });

  it('`npm run admin` runs the built entry, not the TypeScript source through tsx', async () => {
    const scripts = (
      JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.admin).toContain('node apps/server/dist/admin.js');
    expect(scripts.admin).not.toContain('tsx');
  });

  it('refuses a dev dependency imported from the bundle directory (the check can fail)', async () => {
    const probe = path.join(buildDir, 'probe.mjs');
    await writeFile(probe, "import 'tsx/esm/api';\n");
    const env: NodeJS.ProcessEnv = { ...process.env, DENY_DEV_DEPENDENCIES_UNDER: buildDir };
    delete env.NODE_OPTIONS;
    const result = await run(process.execPath, ['--import', denyHook, probe], { env });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('dev dependency "tsx"');
  });

  it('set-role gives an existing account a role, and refuses an unknown one', async () => {
    const done = await admin('set-role', 'ada@example.com', 'friend');
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('ada@example.com: user → friend');
    expect(await roleOf('ada@example.com')).toBe('friend');

    const unknown = await admin('set-role', 'nobody@example.com', 'friend');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.com');
  });

  it('backup then restore brings the data and the media files back', async () => {
    expect((await admin('set-role', 'ada@example.com', 'developer')).code).toBe(0);
    // Media files as FileBlobStore keeps them: DATA_DIR/media/<owner>/<id>.
    const blob = path.join(dataDir, 'media', '0b5e4c8a-0000-4000-8000-000000000001', 'picture-1');
    await mkdir(path.dirname(blob), { recursive: true });
    const pictureBytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256));
    await writeFile(blob, pictureBytes);
    const file = path.join(dir, 'backup.tar.gz');
    const backup = await admin('backup', file);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`backup written to ${file}`);
    expect(backup.stdout).toContain(`the database and 1 media files (${pictureBytes.length} bytes)`);
    expect((await stat(file)).size).toBeGreaterThan(0);

    expect((await admin('set-role', 'ada@example.com', 'premium')).code).toBe(0);
    expect(await roleOf('ada@example.com')).toBe('premium');
    await writeFile(blob, 'replaced after the backup');

    const restore = await admin('restore', file);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`restored ${file}`);
    expect(restore.stdout).toContain('1 media files restored, the previous media kept in');
    expect(await roleOf('ada@example.com')).toBe('developer');
    expect(Buffer.compare(await readFile(blob), pictureBytes)).toBe(0);
    const aside = (await readdir(dataDir)).filter((name) => name.startsWith('media.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(
      await readFile(path.join(dataDir, aside[0]!, path.relative(path.join(dataDir, 'media'), blob)), 'utf8'),
    ).toBe('replaced after the backup');
  });

  it('backup with media in S3 says the bucket is not in it', async () => {
    const file = path.join(dir, 'database-only.tar.gz');
    const backup = await adminWith({ S3_BUCKET: 'wordhoard-media' }, 'backup', file);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('the database only');
    expect(backup.stdout).toContain('S3 bucket wordhoard-media, which is yours to back up');
  });

  it('vapid-keys prints a key pair as .env lines', async () => {
    const result = await admin('vapid-keys');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^VAPID_PUBLIC_KEY=[A-Za-z0-9_-]{80,}$/m);
    expect(result.stdout).toMatch(/^VAPID_PRIVATE_KEY=[A-Za-z0-9_-]{40,}$/m);
  });

  it('invite prints a code and its sign-up link; the server takes the code for as many sign-ups as asked', async () => {
    const env = { SIGNUP_MODE: 'invite', APP_ORIGIN: 'https://words.example.org' };
    const result = await adminWith(env, 'invite', '--uses', '2', '--days', '3');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const code = /^invite code: (\S+)$/m.exec(result.stdout)?.[1] ?? '';
    expect(code).toMatch(/^[0-9a-z]{5}(-[0-9a-z]{5}){3}$/);
    expect(result.stdout).toContain(`sign-up link: https://words.example.org/auth/signup?invite=${code}`);
    expect(result.stdout).toMatch(/good for 2 sign-ups, until \d{4}-\d\d-\d\dT/);

    const expiring = await adminWith(env, 'invite', '--days', '3');
    const expiringCode = (/^invite code: (\S+)$/m.exec(expiring.stdout)?.[1] ?? '').replaceAll('-', '');
    expect(expiring.stdout).toContain('good for one sign-up');

    // The server's own rules on the database the CLI wrote (closed by then: one process at a time).
    const database = await openPglite({ dataDir });
    const at = (ms: number) =>
      new InvitesService(new InvitesRepository(database.db), 'invite', () => new Date(Date.now() + ms));
    try {
      const typed = code.replaceAll('-', '');
      await at(0).admit(typed);
      await at(0).admit(typed);
      await expect(at(0).admit(typed)).rejects.toMatchObject({ code: 'INVITE_INVALID' });
      const threeDays = 3 * 24 * 60 * 60 * 1000;
      await expect(at(threeDays + 60_000).admit(expiringCode)).rejects.toMatchObject({
        code: 'INVITE_INVALID',
      });
      await at(threeDays - 60_000).admit(expiringCode);
    } finally {
      await database.close();
    }
  });

  it('invite refuses a bad option and says which', async () => {
    const zero = await admin('invite', '--uses', '0');
    expect(zero.code).toBe(1);
    expect(zero.stderr).toContain('--uses must be a whole number from 1 to 1000 (got "0")');
    const unknown = await admin('invite', '--forever');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown option --forever');
  });
});
