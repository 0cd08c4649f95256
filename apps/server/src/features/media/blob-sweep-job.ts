import type { FastifyBaseLogger } from 'fastify';
import { observeJob, type JobObserver } from '../../domain/jobs';
import type { MediaService } from './media.service';

export const BLOB_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Deletes the blobs of deleted media rows at start and every minute (docs/decisions/0063-word-
 * media.md). Safe with several instances: each run claims its batch with `SKIP LOCKED` and a
 * lease. A run still going when the next is due is not overlapped by this instance.
 */
export function startBlobSweep(
  media: Pick<MediaService, 'sweep'>,
  log: FastifyBaseLogger,
  observe?: JobObserver,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await observeJob('blob_sweep', observe, () => media.sweep());
      if (result.deleted + result.failed > 0) log.info(result, 'deleted media blobs swept');
    } catch (error) {
      log.error({ err: error }, 'blob sweep failed; retrying at the next interval');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), BLOB_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
