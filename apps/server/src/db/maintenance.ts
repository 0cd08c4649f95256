import { startPeriodicJob, type JobLog, type JobObserver } from '../domain/jobs';
import type { Database } from './database';

export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs the embedded database's maintenance (Database.maintain) at start and every 10 minutes;
 * nothing on PostgreSQL, whose autovacuum does it. A failed run is logged and retried later.
 */
export function startEmbeddedMaintenance(
  database: Database,
  log: JobLog & { debug(details: object, message: string): void },
  observe?: JobObserver,
): () => void {
  if (!database.maintain) return () => {};
  return startPeriodicJob(
    {
      name: 'embedded_maintenance',
      intervalMs: MAINTENANCE_INTERVAL_MS,
      work: async () => {
        await database.maintain?.();
      },
      report: (_done, _log, ms) => log.debug({ ms }, 'embedded database vacuumed and analyzed'),
      failureMessage: 'embedded database maintenance failed; retrying at the next interval',
    },
    log,
    observe,
  );
}
