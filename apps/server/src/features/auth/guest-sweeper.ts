import type { FastifyBaseLogger } from 'fastify';
import { observeJob, type JobObserver } from '../../domain/jobs';
import type { UsersService } from '../users/users.service';

export const GUEST_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes expired guests at start and every 10 minutes. Safe with several instances: each
 * run is one DELETE by predicate, so concurrent runs only split the rows between them.
 */
export function startGuestSweeper(
  users: Pick<UsersService, 'deleteExpiredGuests'>,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
  observe?: JobObserver,
): () => void {
  const sweep = async () => {
    try {
      const removed = await observeJob('guest_sweep', observe, () => users.deleteExpiredGuests(clock()));
      if (removed > 0) log.info({ removed }, 'expired guest accounts deleted');
    } catch (error) {
      log.error({ err: error }, 'guest sweep failed; retrying at the next interval');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), GUEST_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
