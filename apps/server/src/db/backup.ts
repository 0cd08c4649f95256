import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, opendir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openPglite, PGLITE_EXTENSIONS, type Database } from './database';
import { acquireDataDirLock } from './lock';
import {
  ChunkReader,
  parseTarHeader,
  TAR_BLOCK,
  TAR_END,
  TarError,
  tarHeader,
  tarPadding,
  tarProblem,
} from './tar';

/**
 * Backups of the embedded database and its media (docs/decisions/0080-backups-with-media.md):
 * one gzipped tar holding a manifest, the PGlite data directory as a tarball, and every file of
 * DATA_DIR/media. Older backups (the PGlite tarball alone, gzipped) are still restored.
 * PostgreSQL deployments use pg_dump / PITR instead (docs/operations.md).
 */

/** The first member of a backup: what made it. Its name tells the format apart from the old one. */
export const BACKUP_MANIFEST = 'wordhoard-backup.json';
const DATABASE_MEMBER = 'database.tar';
/** A media member: `media/` and a blob key (FileBlobStore's keys: no dots, so no `..`, no `.tmp`). */
const MEDIA_MEMBER = /^media\/([A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)*)$/;
const MANIFEST_MAX_BYTES = 64 * 1024;
const READ_CHUNK = 1024 * 1024;

export interface BackupManifest {
  format: 'wordhoard-backup';
  version: 2;
  /** The server's package version. */
  app: string;
  /** The newest migration the database has (drizzle/meta/_journal.json's last tag). */
  schema: string;
  createdAt: string;
  /** `fs`: the media files are in the backup; `s3`: they are in a bucket, not in the backup. */
  media: 'fs' | 's3';
}

/** Where the media are, as the backup needs to know it. */
export type BackupMedia = { driver: 'fs'; dir: string } | { driver: 's3'; bucket: string };

export interface BackupResult {
  file: string;
  /** The backup file's size. */
  bytes: number;
  media: BackupMedia;
  mediaFiles: number;
  mediaBytes: number;
}

function migrationTags(): string[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

function appVersion(): string {
  try {
    const file = path.join(migrationsFolder(), '..', 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** `bytes` as one tar member named `name`, padded to whole blocks. */
function* member(name: string, bytes: Buffer, mtime: Date): Generator<Buffer> {
  yield tarHeader(name, bytes.length, mtime);
  yield bytes;
  yield tarPadding(bytes.length);
}

/**
 * Writes a backup of an open embedded database (the admin CLI's own, or the running server's)
 * and, on the filesystem driver, of every media file. The media are streamed a chunk at a time
 * and gzip runs on libuv's threads, so the event loop stays free. The database is dumped first:
 * a picture deleted during the backup is then still in it (its blob goes a minute later at the
 * earliest), while one added during it is at worst a file without its row.
 */
export async function writeBackup(
  database: Database,
  file: string,
  media: BackupMedia,
  now = new Date(),
): Promise<BackupResult> {
  if (!database.dump) throw new Error('backups are for the embedded database; this one cannot be dumped');
  const manifest: BackupManifest = {
    format: 'wordhoard-backup',
    version: 2,
    app: appVersion(),
    schema: migrationTags().at(-1) ?? 'none',
    createdAt: now.toISOString(),
    media: media.driver,
  };
  const dump = Buffer.from(await (await database.dump('none')).arrayBuffer());
  const counts = { files: 0, bytes: 0 };

  async function* archive(): AsyncGenerator<Buffer> {
    yield* member(BACKUP_MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), now);
    yield* member(DATABASE_MEMBER, dump, now);
    if (media.driver === 'fs') yield* mediaMembers(media.dir, counts);
    yield TAR_END;
  }

  // Written beside the target and renamed, so a crash never leaves half a backup under its name.
  // Readable by the owner only: it holds every account's email, password hash and sessions.
  const partial = `${file}.partial`;
  try {
    await pipeline(
      Readable.from(archive()),
      createGzip(),
      createWriteStream(partial, { flush: true, mode: 0o600 }),
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file, bytes: (await stat(file)).size, media, mediaFiles: counts.files, mediaBytes: counts.bytes };
}

/** Every stored media file as a tar member, read a chunk at a time. */
async function* mediaMembers(dir: string, counts: { files: number; bytes: number }): AsyncGenerator<Buffer> {
  let entries;
  try {
    entries = await opendir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // no media yet
    throw error;
  }
  for await (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const name = `media/${path.relative(dir, full).split(path.sep).join('/')}`;
    if (!MEDIA_MEMBER.test(name)) continue; // a write in progress (`.tmp`), or not ours
    let handle;
    try {
      handle = await open(full, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // swept meanwhile
      throw error;
    }
    try {
      // A blob is replaced by a rename, never rewritten, so the open file keeps its size.
      const { size, mtime } = await handle.stat();
      yield tarHeader(name, size, mtime);
      for (let position = 0; position < size;) {
        const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, size - position));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0) throw new Error(`${full} shrank while it was being backed up`);
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
      yield tarPadding(size);
      counts.files += 1;
      counts.bytes += size;
    } finally {
      await handle.close();
    }
  }
}

/**
 * `npm run admin -- backup FILE`: opens the data directory (the server must be stopped; the
 * data-directory lock says so clearly otherwise) and writes the backup.
 */
export async function backupPglite(dataDir: string, file: string, media: BackupMedia): Promise<BackupResult> {
  const database = await openPglite({ dataDir });
  try {
    return await writeBackup(database, file, media);
  } finally {
    await database.close();
  }
}

/** A file `restore` refuses before it touches the data directory; the message says why. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

export interface RestoreResult {
  /** 1: a database-only backup of older versions; 2: database, manifest and media. */
  format: 1 | 2;
  /** Where the replaced database was moved. */
  databaseAside: string;
  /** What the backup says of the media: in it (`fs`), in a bucket (`s3`), or nothing (format 1). */
  media: 'fs' | 's3' | 'none';
  mediaFiles: number;
  /** Where the replaced media folder was moved, when there was one and the backup had media. */
  mediaAside: string | undefined;
}

type Archive =
  | { format: 1; database: Buffer }
  | { format: 2; manifest: BackupManifest; database: Buffer; mediaFiles: number };

/**
 * Replaces the data directory with a backup. Everything is checked before anything is replaced:
 * the archive is read whole (a file cut off in a copy, damaged or of another kind is refused
 * with a reason), the media go to a staging folder, and the database is opened in memory. The
 * current database and media are then moved aside (never deleted), so a wrong restore can be
 * undone by hand.
 */
export async function restorePglite(dataDir: string, file: string, now = new Date()): Promise<RestoreResult> {
  const root = path.resolve(dataDir);
  let staging: string | undefined;
  let createdRoot: string | undefined;
  const stage = async () => {
    createdRoot ??= await mkdir(root, { recursive: true });
    staging ??= await mkdtemp(path.join(root, '.restoring-media-'));
    return staging;
  };
  try {
    const archive = await readArchive(file, stage);
    // Node's Buffers here are never over a SharedArrayBuffer.
    const loadDataDir = new Blob([archive.database as Buffer<ArrayBuffer>]);
    const probe = await PGlite.create({ loadDataDir, extensions: PGLITE_EXTENSIONS }).catch(
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

    await mkdir(root, { recursive: true });
    const lock = await acquireDataDirLock(root);
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const current = path.join(root, 'pg');
    const databaseAside = `${current}.before-restore-${stamp}`;
    let mediaAside: string | undefined;
    try {
      if (existsSync(current)) await rename(current, databaseAside);
      const restored = await PGlite.create({ dataDir: current, loadDataDir, extensions: PGLITE_EXTENSIONS });
      await restored.close();
      if (archive.format === 2 && archive.manifest.media === 'fs') {
        const mediaDir = path.join(root, 'media');
        if (existsSync(mediaDir)) {
          mediaAside = `${mediaDir}.before-restore-${stamp}`;
          await rename(mediaDir, mediaAside);
        }
        if (staging) await rename(staging, mediaDir);
        else await mkdir(mediaDir);
        staging = undefined;
      }
    } finally {
      await lock.release();
    }
    // Opening once applies any migration newer than the backup.
    const database = await openPglite({ dataDir });
    await database.close();
    return {
      format: archive.format,
      databaseAside,
      media: archive.format === 2 ? archive.manifest.media : 'none',
      mediaFiles: archive.format === 2 ? archive.mediaFiles : 0,
      mediaAside,
    };
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    // A data directory this refused restore made (restoring into a new one) goes too, if empty.
    if (staging && createdRoot) await rmdir(createdRoot).catch(() => undefined);
  }
}

/**
 * Reads and checks the whole backup, streaming: media members are written under `stage()` as
 * they come, the database is kept in memory (PGlite loads it from there). PGlite is handed the
 * tar itself: given the gzip, it unzips through a stream whose error escapes as an uncaught
 * exception.
 */
async function readArchive(file: string, stage: () => Promise<string>): Promise<Archive> {
  const handle = await open(file, 'r').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupFileError(`${file} does not exist`);
    throw error;
  });
  try {
    const magic = Buffer.alloc(2);
    const { bytesRead } = await handle.read(magic, 0, 2, 0);
    if (bytesRead === 0) throw new BackupFileError(`${file} is empty`);
    if (magic[0] !== 0x1f || magic[1] !== 0x8b)
      throw new BackupFileError(`${file} is not a Wordhoard backup (not a gzip file)`);
  } finally {
    await handle.close();
  }

  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const reader = new ChunkReader(gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  try {
    const first = parseTarHeader(await reader.read(TAR_BLOCK), true);
    if (first === 'end' || first.name !== BACKUP_MANIFEST) {
      // An older backup: the PGlite tarball itself, checked whole.
      const head = reader.recorded ?? [];
      reader.recorded = undefined;
      const database = Buffer.concat([...head, await reader.rest()]);
      const problem = tarProblem(database);
      if (problem === 'cut') throw new TarError('cut');
      if (problem) throw new BackupFileError(`${file} is not a Wordhoard backup (${problem})`);
      return { format: 1, database };
    }
    reader.recorded = undefined;
    if (first.size > MANIFEST_MAX_BYTES)
      throw new BackupFileError(`${file} is damaged (its manifest is too big)`);
    const manifest = checkManifest(file, await reader.read(first.size));
    await reader.read(tarPadding(first.size).length);

    let database: Buffer | undefined;
    let mediaFiles = 0;
    for (;;) {
      const entry = parseTarHeader(await reader.read(TAR_BLOCK), false);
      if (entry === 'end') break;
      const mediaKey = MEDIA_MEMBER.exec(entry.name)?.[1];
      if (entry.type !== '0' || (entry.name !== DATABASE_MEMBER && !mediaKey))
        throw new BackupFileError(
          `${file} is not a Wordhoard backup (unexpected member ${JSON.stringify(entry.name)})`,
        );
      if (mediaKey) {
        const target = path.join(await stage(), ...mediaKey.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(reader.chunks(entry.size), createWriteStream(target));
        mediaFiles += 1;
      } else {
        if (database) throw new BackupFileError(`${file} is damaged (two databases in it)`);
        database = await reader.read(entry.size);
      }
      await reader.read(tarPadding(entry.size).length);
    }
    if (!database) throw new BackupFileError(`${file} is not a Wordhoard backup (no database in it)`);
    const problem = tarProblem(database);
    if (problem) throw new BackupFileError(`${file} is damaged (its database archive: ${problem})`);
    return { format: 2, manifest, database, mediaFiles };
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    if (error instanceof TarError) {
      if (error.problem === 'cut')
        throw new BackupFileError(`${file} is cut off (its tar archive ends early)`);
      throw new BackupFileError(`${file} is not a Wordhoard backup (${error.problem})`);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR')
      throw new BackupFileError(`${file} is cut off (its compressed data ends early)`);
    if (code?.startsWith('Z_')) throw new BackupFileError(`${file} is damaged (${(error as Error).message})`);
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

function checkManifest(file: string, bytes: Buffer): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupFileError(`${file} is damaged (its manifest is not JSON)`);
  }
  if (manifest.format !== 'wordhoard-backup' || typeof manifest.schema !== 'string')
    throw new BackupFileError(`${file} is not a Wordhoard backup (its manifest is not one)`);
  if (manifest.version !== 2 || (manifest.media !== 'fs' && manifest.media !== 's3'))
    throw new BackupFileError(
      `${file} was made by a newer Wordhoard (backup format ${String(manifest.version)}); upgrade this one first`,
    );
  // A database migrated further than this version knows would be opened by code that does not know it.
  if (manifest.schema !== 'none' && !migrationTags().includes(manifest.schema))
    throw new BackupFileError(
      `${file} was made by a newer Wordhoard (${manifest.app ?? 'unknown'}, schema ${manifest.schema}); upgrade this one first`,
    );
  return manifest as BackupManifest;
}
