import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { backupPglite, restorePglite } from './backup';
import { openPglite } from './database';
import { users } from './schema';
import { parseTarHeader, TAR_BLOCK, TAR_END, tarHeader, tarPadding } from './tar';

const adminScript = fileURLToPath(new URL('../admin.ts', import.meta.url));

let dir: string;
let dataDir: string;
let backup: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-restore-'));
  dataDir = path.join(dir, 'data');
  const database = await openPglite({ dataDir });
  await database.db
    .insert(users)
    .values({ email: 'safe@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS });
  await database.close();
  const file = path.join(dir, 'whole.tar.gz');
  await backupPglite(dataDir, file, { driver: 'fs', dir: path.join(dataDir, 'media') });
  backup = await readFile(file);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every file under the data directory with the hash of its bytes: what "unchanged" means. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(root, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return files;
}

/** `npm run admin -- restore FILE` as an operator runs it, on this test's data directory. */
function adminRestore(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', adminScript, 'restore', file],
      { env },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

async function emails(): Promise<(string | null)[]> {
  const database = await openPglite({ dataDir });
  try {
    return (await database.db.select({ email: users.email }).from(users)).map((row) => row.email);
  } finally {
    await database.close();
  }
}

describe('restoring a damaged backup', () => {
  it('admin restore of a cut-off backup says so in one line, exits 1 and changes nothing', async () => {
    const cut = path.join(dir, 'cut.tar.gz');
    await writeFile(cut, backup);
    await truncate(cut, Math.floor(backup.length / 2));
    const before = await snapshot(dataDir);

    const { code, stdout, stderr } = await adminRestore(cut);

    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(cut);
    expect(lines[0]).toMatch(/cut off/);
    expect(lines[0]).toMatch(/nothing was changed/);
    expect(await snapshot(dataDir)).toEqual(before);
    expect((await readdir(dir)).filter((name) => name.includes('before-restore'))).toEqual([]);
    expect(await emails()).toEqual(['safe@example.com']);
  });

  it('refuses, before touching the data, a backup cut at any point', async () => {
    const before = await snapshot(dataDir);
    for (const fraction of [0.001, 0.25, 0.75, 0.999]) {
      const cut = path.join(dir, `cut-${fraction}.tar.gz`);
      await writeFile(cut, backup.subarray(0, Math.floor(backup.length * fraction)));
      await expect(restorePglite(dataDir, cut)).rejects.toThrow(/cut off/);
    }
    const empty = path.join(dir, 'empty.tar.gz');
    await writeFile(empty, '');
    await expect(restorePglite(dataDir, empty)).rejects.toThrow(/is empty/);
    expect(await snapshot(dataDir)).toEqual(before);
  });

  it('refuses a whole gzip whose archive inside was cut, and a gzip of something else', async () => {
    const before = await snapshot(dataDir);
    const tar = gunzipSync(backup);
    const cutTar = path.join(dir, 'cut-inside.tar.gz');
    await writeFile(cutTar, gzipSync(tar.subarray(0, Math.floor(tar.length / 2) + 100)));
    await expect(restorePglite(dataDir, cutTar)).rejects.toThrow(/tar archive ends early/);
    const text = path.join(dir, 'text.gz');
    await writeFile(text, gzipSync(Buffer.from('hello, this is not a tar archive\n'.repeat(40))));
    await expect(restorePglite(dataDir, text)).rejects.toThrow(/not a Wordhoard backup/);
    expect((await stat(text)).size).toBeGreaterThan(0);
    expect(await snapshot(dataDir)).toEqual(before);
  });

  /** The members of the good backup, to build bad ones from: name → bytes. */
  function members(): Map<string, Buffer> {
    const tar = gunzipSync(backup);
    const found = new Map<string, Buffer>();
    for (let at = 0; ;) {
      const entry = parseTarHeader(tar.subarray(at, at + TAR_BLOCK), at === 0);
      if (entry === 'end') return found;
      found.set(entry.name, tar.subarray(at + TAR_BLOCK, at + TAR_BLOCK + entry.size));
      at += TAR_BLOCK + Math.ceil(entry.size / TAR_BLOCK) * TAR_BLOCK;
    }
  }
  const archive = (entries: [string, Buffer][]) =>
    gzipSync(
      Buffer.concat([
        ...entries.flatMap(([name, bytes]) => [
          tarHeader(name, bytes.length),
          bytes,
          tarPadding(bytes.length),
        ]),
        TAR_END,
      ]),
    );

  it('refuses a member outside media/ (a path that climbs out), a newer schema and a cut media file', async () => {
    const before = await snapshot(dataDir);
    const good = members();
    const manifest = good.get('wordhoard-backup.json')!;
    const database = good.get('database.tar')!;
    expect(JSON.parse(manifest.toString())).toMatchObject({
      format: 'wordhoard-backup',
      version: 2,
      media: 'fs',
    });

    const climbing = path.join(dir, 'climbing.tar.gz');
    await writeFile(
      climbing,
      archive([
        ['wordhoard-backup.json', manifest],
        ['database.tar', database],
        ['media/../../escaped', Buffer.from('x')],
      ]),
    );
    await expect(restorePglite(dataDir, climbing)).rejects.toThrow(
      /unexpected member "media\/\.\.\/\.\.\/escaped"/,
    );

    const newer = path.join(dir, 'newer.tar.gz');
    const future = { ...JSON.parse(manifest.toString()), schema: '9999_from_the_future' };
    await writeFile(
      newer,
      archive([
        ['wordhoard-backup.json', Buffer.from(JSON.stringify(future))],
        ['database.tar', database],
      ]),
    );
    await expect(restorePglite(dataDir, newer)).rejects.toThrow(
      /made by a newer Wordhoard .*9999_from_the_future/,
    );

    // Cut in the middle of a media file: the media already unpacked must not stay behind.
    const media = Buffer.alloc(300_000, 7);
    const whole = gunzipSync(
      archive([
        ['wordhoard-backup.json', manifest],
        ['database.tar', database],
        ['media/owner/first', media],
        ['media/owner/second', media],
      ]),
    );
    const cutMedia = path.join(dir, 'cut-media.tar.gz');
    await writeFile(cutMedia, gzipSync(whole.subarray(0, whole.length - 200_000)));
    await expect(restorePglite(dataDir, cutMedia)).rejects.toThrow(/cut off/);

    expect(await snapshot(dataDir)).toEqual(before);
    expect(
      (await readdir(dataDir)).filter((name) => name.startsWith('.restoring') || name.includes('before')),
    ).toEqual([]);
  });
});
