import { acquireDataDirLock, DataDirLockedError } from '../src/db/lock';

/**
 * A separate process for the lock tests: takes the data-directory lock of argv[2] and prints
 * `locked <socket>` (then holds it until killed or until its stdin closes) or `refused <why>`.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lock-holder.ts DATA_DIR');
try {
  const lock = await acquireDataDirLock(dataDir);
  process.stdout.write(`locked ${lock.file}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => void lock.release().then(() => process.exit(0)));
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  process.stdout.write(`refused ${error.message}\n`);
  process.exitCode = 0;
}
