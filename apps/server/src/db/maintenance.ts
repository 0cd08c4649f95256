import type { FastifyBaseLogger } from 'fastify';
import { observeJob, type JobObserver } from '../domain/jobs';
import type { Database } from './database';

export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs the embedded database's maintenance (Database.maintain) at start and every 10 minutes;
 * nothing on PostgreSQL, whose autovacuum does it. A failed run is logged and retried later.
 */
export function startEmbeddedMaintenance(
  database: Database,
  log: FastifyBaseLogger,
  observe?: JobObserver,
): () => void {
  if (!database.maintain) return () => {};
  const run = async () => {
    const started = performance.now();
    try {
      await observeJob('embedded_maintenance', observe, async () => database.maintain?.());
      log.debug({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed and analyzed');
    } catch (error) {
      log.error({ err: error }, 'embedded database maintenance failed; retrying at the next interval');
    }
  };
  void run();
  const timer = setInterval(() => void run(), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
