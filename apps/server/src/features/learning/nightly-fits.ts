import type { FastifyBaseLogger } from 'fastify';
import { observeJob, type JobObserver } from '../../domain/jobs';
import type { LearningService } from './learning.service';

/** The nightly fit starts at this UTC hour, when the fewest learners are awake in Europe. */
export const NIGHTLY_FIT_HOUR_UTC = 3;

/** Milliseconds from `now` to the next `NIGHTLY_FIT_HOUR_UTC`:00 UTC (a full day when it is that instant). */
export function msUntilNightlyFit(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_FIT_HOUR_UTC);
  const day = 24 * 60 * 60 * 1000;
  return next > now.getTime() ? next - now.getTime() : next + day - now.getTime();
}

/**
 * Refits, every night, the learners with new reviews (LearningService.fitLearnersWithNewReviews).
 * Safe with several instances: each learner's fit takes a lease in the database, so two
 * instances split the learners rather than fit one twice. A failed night is logged and the next
 * one tries again.
 */
export function startNightlyFits(
  learning: Pick<LearningService, 'fitLearnersWithNewReviews'>,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
  observe?: JobObserver,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void run(), msUntilNightlyFit(clock()));
    timer.unref();
  };
  const run = async () => {
    try {
      const fitted = await observeJob('nightly_fit', observe, () => learning.fitLearnersWithNewReviews());
      log.info({ learners: fitted.length }, 'nightly fit of personal FSRS parameters done');
    } catch (error) {
      log.error({ err: error }, 'nightly fit failed; retrying tomorrow night');
    } finally {
      schedule();
    }
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
