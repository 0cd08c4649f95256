import type { FastifyBaseLogger } from 'fastify';
import { observeJob, type JobObserver } from '../../domain/jobs';
import type { RemindersService } from './reminders.service';

export const REMINDERS_INTERVAL_MS = 60 * 1000;

/**
 * Gives the due reminders at start and every minute (docs/decisions/0054-reminders.md). Safe
 * with several instances: each reminder is one row, claimed by one instance with `SKIP LOCKED`.
 * A run still going when the next is due is not overlapped by this instance.
 */
export function startReminders(
  reminders: Pick<RemindersService, 'run'>,
  log: FastifyBaseLogger,
  observe?: JobObserver,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await observeJob('reminders', observe, () => reminders.run());
      if (result.sent + result.failed > 0) log.info(result, 'reminders given');
    } catch (error) {
      log.error({ err: error }, 'reminders run failed; retrying at the next interval');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), REMINDERS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
