import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, PGLITE_EXTENSIONS } from './database';
import { acquireDataDirLock } from './lock';

/**
 * Backups of the embedded database: the whole PGlite data directory as one gzipped tarball.
 * Both need the server stopped (the data-directory lock says so clearly otherwise).
 * PostgreSQL deployments use pg_dump / PITR instead (docs/operations.md).
 */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  const database = await openPglite({ dataDir });
  try {
    if (!database.dump) throw new Error('this database cannot be dumped');
    const archive = Buffer.from(await (await database.dump()).arrayBuffer());
    // Write beside the target and rename, so a crash never leaves half a backup under its name.
    const partial = `${file}.partial`;
    await writeFile(partial, archive);
    await rename(partial, file);
    return archive.length;
  } finally {
    await database.close();
  }
}

/** A file `restore` refuses before it touches the data directory; the message says why. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/**
 * Replaces the data directory with a backup. The backup is unpacked and checked in memory first
 * (a file cut off in a copy must be refused with a reason, not crash inside PGlite's
 * decompression); the current data is moved aside (never deleted), so a wrong restore can be
 * undone by hand.
 */
export async function restorePglite(dataDir: string, file: string, now = new Date()): Promise<string> {
  const archive = new Blob([await readBackup(file)]);
  const probe = await PGlite.create({ loadDataDir: archive, extensions: PGLITE_EXTENSIONS }).catch(
    (error: unknown) => {
      throw new BackupFileError(`${file} is not a Wordhoard backup: ${(error as Error).message}`);
    },
  );
  try {
    await probe.query('select count(*) from users');
  } catch (error) {
    throw new BackupFileError(`${file} is not a Wordhoard backup: ${(error as Error).message}`);
  } finally {
    await probe.close();
  }

  const lock = await acquireDataDirLock(path.resolve(dataDir));
  const current = path.resolve(dataDir, 'pg');
  const aside = `${current}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    if (existsSync(current)) await rename(current, aside);
    const restored = await PGlite.create({
      dataDir: current,
      loadDataDir: archive,
      extensions: PGLITE_EXTENSIONS,
    });
    await restored.close();
  } finally {
    await lock.release();
  }
  // Opening once applies any migration newer than the backup.
  const database = await openPglite({ dataDir });
  await database.close();
  return aside;
}

/**
 * The backup's tar archive, unzipped and checked whole. PGlite is handed the tar itself: given
 * the gzip, it unzips through a stream whose error escapes as an uncaught exception.
 */
async function readBackup(file: string): Promise<Buffer<ArrayBuffer>> {
  const packed = await readFile(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupFileError(`${file} does not exist`);
    throw error;
  });
  if (packed.length === 0) throw new BackupFileError(`${file} is empty`);
  if (packed[0] !== 0x1f || packed[1] !== 0x8b)
    throw new BackupFileError(`${file} is not a Wordhoard backup (not a gzip file)`);
  let tar: Buffer<ArrayBuffer>;
  try {
    tar = await promisify(gunzip)(packed);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR')
      throw new BackupFileError(`${file} is cut off (its compressed data ends early)`);
    throw new BackupFileError(`${file} is damaged (${(error as Error).message})`);
  }
  const problem = tarProblem(tar);
  if (problem === 'cut') throw new BackupFileError(`${file} is cut off (its tar archive ends early)`);
  if (problem) throw new BackupFileError(`${file} is not a Wordhoard backup (${problem})`);
  return tar;
}

const BLOCK = 512;

/**
 * What is wrong with a tar archive ('cut' when it ends before its end marker), or undefined.
 * Every header's checksum is checked and every member's bytes must be there.
 */
function tarProblem(tar: Uint8Array): string | undefined {
  let at = 0;
  let members = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return members > 0 ? undefined : 'an empty archive';
    const stored = octal(header.subarray(148, 156));
    let sum = 0;
    for (let index = 0; index < BLOCK; index += 1)
      sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
    if (stored !== sum) return members > 0 ? 'a damaged tar header' : 'not a tar archive';
    const size = octal(header.subarray(124, 136));
    if (size === undefined) return 'a damaged tar header';
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    members += 1;
  }
  return 'cut';
}

function octal(field: Uint8Array): number | undefined {
  const text = new TextDecoder()
    .decode(field)
    .replace(/[\0 ]+$/, '')
    .trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : undefined;
}
