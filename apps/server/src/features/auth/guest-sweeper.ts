import { startPeriodicJob, type JobLog, type JobObserver } from '../../domain/jobs';
import type { UsersService } from '../users/users.service';

export const GUEST_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes expired guests at start and every 10 minutes. Safe with several instances: each
 * run is one DELETE by predicate, so concurrent runs only split the rows between them.
 */
export function startGuestSweeper(
  users: Pick<UsersService, 'deleteExpiredGuests'>,
  log: JobLog,
  clock: () => Date = () => new Date(),
  observe?: JobObserver,
): () => void {
  return startPeriodicJob(
    {
      name: 'guest_sweep',
      intervalMs: GUEST_SWEEP_INTERVAL_MS,
      work: () => users.deleteExpiredGuests(clock()),
      report: (removed, jobLog) => {
        if (removed > 0) jobLog.info({ removed }, 'expired guest accounts deleted');
      },
      failureMessage: 'guest sweep failed; retrying at the next interval',
    },
    log,
    observe,
  );
}
