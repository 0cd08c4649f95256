import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * Replaces the data directory with a backup. The backup is opened and checked in memory first;
 * the current data is moved aside (never deleted), so a wrong restore can be undone by hand.
 */
export async function restorePglite(dataDir: string, file: string, now = new Date()): Promise<string> {
  const archive = new Blob([await readFile(file)]);
  const probe = await PGlite.create({ loadDataDir: archive, extensions: PGLITE_EXTENSIONS });
  try {
    await probe.query('select count(*) from users');
  } catch (error) {
    throw new Error(`${file} is not a Wordhoard backup: ${(error as Error).message}`);
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
