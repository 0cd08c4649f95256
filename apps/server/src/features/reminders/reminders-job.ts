import { startPeriodicJob, type JobLog, type JobObserver } from '../../domain/jobs';
import type { RemindersService } from './reminders.service';

export const REMINDERS_INTERVAL_MS = 60 * 1000;

/**
 * Gives the due reminders at start and every minute (docs/decisions/0054-reminders.md). Safe
 * with several instances: each reminder is one row, claimed by one instance with `SKIP LOCKED`.
 */
export function startReminders(
  reminders: Pick<RemindersService, 'run'>,
  log: JobLog,
  observe?: JobObserver,
): () => void {
  return startPeriodicJob(
    {
      name: 'reminders',
      intervalMs: REMINDERS_INTERVAL_MS,
      work: () => reminders.run(),
      report: (result, jobLog) => {
        if (result.sent + result.failed > 0) jobLog.info(result, 'reminders given');
      },
      failureMessage: 'reminders run failed; retrying at the next interval',
    },
    log,
    observe,
  );
}
