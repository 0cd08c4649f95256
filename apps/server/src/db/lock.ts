import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface DataDirLock {
  file: string;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite allows one process per data directory; a second one would corrupt it. The lock file
 * holds the owner's pid; a lock left by a process that died (kill -9) is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, 'wordhoard.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return {
        file,
        release: async () => {
          await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && isProcessAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Wordhoard server (pid ${owner}). ` +
            'Stop that server, or start this one with another DATA_DIR or with DATABASE_URL.',
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}
