import { startPeriodicJob, type JobLog, type JobObserver } from '../../domain/jobs';
import type { MediaService } from './media.service';

export const BLOB_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Deletes the blobs of deleted media rows at start and every minute (docs/decisions/0063-word-
 * media.md). Safe with several instances: each run claims its batch with `SKIP LOCKED` and a
 * lease.
 */
export function startBlobSweep(
  media: Pick<MediaService, 'sweep'>,
  log: JobLog,
  observe?: JobObserver,
): () => void {
  return startPeriodicJob(
    {
      name: 'blob_sweep',
      intervalMs: BLOB_SWEEP_INTERVAL_MS,
      work: () => media.sweep(),
      report: (result, jobLog) => {
        if (result.deleted + result.failed > 0) jobLog.info(result, 'deleted media blobs swept');
      },
      failureMessage: 'blob sweep failed; retrying at the next interval',
    },
    log,
    observe,
  );
}
