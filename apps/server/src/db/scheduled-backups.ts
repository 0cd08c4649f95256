import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { observeJob, type JobLog, type JobObserver } from '../domain/jobs';
import { writeBackup, type BackupMedia, type BackupResult } from './backup';
import type { Config } from '../config/config';
import type { Database } from './database';

/**
 * Scheduled backups of the embedded database and its media (docs/decisions/0080-backups-with-
 * media.md). The running server holds the data-directory lock, so the backup is taken here, in
 * the server, from its open PGlite. PostgreSQL has pg_dump for that (docs/operations.md).
 */

/** A scheduled backup's name: its UTC time, so names sort as times do. Nothing else is pruned. */
export const SCHEDULED_BACKUP_NAME = /^wordhoard-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

export function scheduledBackupName(at: Date): string {
  return `wordhoard-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}

/**
 * The next `hour`:00 local time strictly after `now`. Date's own local arithmetic makes it DST
 * safe: on a spring-forward day an hour that does not exist becomes the hour after it, and on a
 * fall-back day the first of the two is taken (after which "strictly after" moves to tomorrow).
 */
export function nextBackupAt(now: Date, hour: number): Date {
  const next = new Date(now.getTime());
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) {
    next.setDate(next.getDate() + 1);
    next.setHours(hour, 0, 0, 0);
  }
  return next;
}

/**
 * Keeps the newest `keep` scheduled backups in `dir` and deletes the older ones; any other file
 * (a backup made by hand, a `.partial` being written) is left alone. Returns the names deleted.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && SCHEDULED_BACKUP_NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/** How the scheduler waits (tests hand in their own and fire it themselves). */
export interface BackupTimers {
  set(run: () => Promise<void>, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: BackupTimers = {
  set(run, ms) {
    const timer = setTimeout(() => void run(), ms);
    timer.unref();
    return timer;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ScheduledBackups {
  /** When the next scheduled backup is due. */
  nextAt(): Date;
  /** Takes a backup now unless one is running (then undefined); never throws. */
  runNow(): Promise<BackupResult | undefined>;
  stop(): void;
}

/**
 * Writes a backup into `settings.dir` every day at `settings.hour`:00 local time, then prunes
 * to the newest `settings.keep`. Two runs never overlap (a second one is skipped); a failed run
 * is logged, never thrown, and the next day tries again. The file is written as `.partial` and
 * renamed (writeBackup), so the directory never holds half a backup under a backup's name.
 */
export function startScheduledBackups(options: {
  database: Database;
  settings: { dir: string; keep: number; hour: number };
  media: BackupMedia;
  log: JobLog;
  clock?: () => Date;
  observe?: JobObserver;
  timers?: BackupTimers;
}): ScheduledBackups {
  const { database, settings, media, log, observe } = options;
  const clock = options.clock ?? (() => new Date());
  const timers = options.timers ?? realTimers;
  let running = false;
  let stopped = false;
  let due = nextBackupAt(clock(), settings.hour);
  let timer: unknown;

  const runNow = async (): Promise<BackupResult | undefined> => {
    if (running) {
      log.info({}, 'scheduled backup skipped: the previous one is still running');
      return undefined;
    }
    running = true;
    try {
      const now = clock();
      await mkdir(settings.dir, { recursive: true, mode: 0o700 });
      const file = path.join(settings.dir, scheduledBackupName(now));
      const result = await observeJob('scheduled_backup', observe, () =>
        writeBackup(database, file, media, now),
      );
      const pruned = await pruneBackups(settings.dir, settings.keep);
      log.info(
        { file, bytes: result.bytes, mediaFiles: result.mediaFiles, pruned: pruned.length },
        'scheduled backup written',
      );
      return result;
    } catch (error) {
      log.error(
        { err: error, dir: settings.dir },
        'scheduled backup failed; trying again at the next scheduled hour',
      );
      return undefined;
    } finally {
      running = false;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = timers.set(
      async () => {
        await runNow();
        // From the due time at the earliest: a timer firing a little early must not run twice.
        due = nextBackupAt(new Date(Math.max(clock().getTime(), due.getTime())), settings.hour);
        schedule();
      },
      Math.max(0, due.getTime() - clock().getTime()),
    );
  };
  schedule();
  log.info(
    { dir: settings.dir, keep: settings.keep, next: due.toISOString() },
    media.driver === 's3'
      ? `scheduled backups on (the database only: media are in the S3 bucket ${media.bucket}, which is yours to back up)`
      : 'scheduled backups on (the database and media)',
  );
  return {
    nextAt: () => due,
    runNow,
    stop() {
      stopped = true;
      timers.clear(timer);
    },
  };
}

/**
 * Scheduled backups when BACKUP_DIR is set (decision 0080): of the embedded database only; on
 * PostgreSQL one warning says to use pg_dump instead. Returns the function that stops them.
 */
export function startConfiguredBackups(
  config: Config,
  database: Database,
  log: JobLog & { warn(details: object, message: string): void },
  clock: () => Date,
  observe: JobObserver | undefined,
): () => void {
  if (!config.backups) return () => {};
  if (!database.dump) {
    log.warn(
      { backupDir: config.backups.dir },
      'BACKUP_DIR is set but scheduled backups are for the embedded database: on PostgreSQL use pg_dump, and copy DATA_DIR/media if media are on the filesystem (docs/operations.md)',
    );
    return () => {};
  }
  const media = config.media;
  const scheduled = startScheduledBackups({
    database,
    settings: config.backups,
    media: media.driver === 'fs' ? media : { driver: 's3', bucket: media.bucket },
    log,
    clock,
    ...(observe ? { observe } : {}),
  });
  return () => scheduled.stop();
}
