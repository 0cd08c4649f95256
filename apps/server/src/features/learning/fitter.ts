import type { Worker } from 'node:worker_threads';
import { runInWorker } from '../../domain/worker-thread';
import type { FitOutcome, ReviewHistory } from './fit';

/** Fits a learner's parameters somewhere other than the request path. */
export interface ParameterFitter {
  fit(history: ReviewHistory): Promise<FitOutcome>;
  /** Stops the fits under way (they fail) and refuses new ones. */
  close(): Promise<void>;
}

/** A fit that takes longer than this is stopped (a large log takes seconds). */
export const FIT_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * Runs each fit in its own worker thread, one at a time per process (a fit keeps a core busy;
 * the other serves requests), each stopped after `FIT_TIMEOUT_MS`. The built server runs
 * dist/fit-worker.js, beside dist/main.js (a second tsup entry).
 */
export class WorkerFitter implements ParameterFitter {
  private readonly workers = new Set<Worker>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly timeoutMs = FIT_TIMEOUT_MS) {}

  fit(history: ReviewHistory): Promise<FitOutcome> {
    const run = this.queue.then(() => this.run(history));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(history: ReviewHistory): Promise<FitOutcome> {
    if (this.closed) throw new Error('the fitter is closed');
    let started: Worker | undefined;
    try {
      return await runInWorker<FitOutcome>(
        {
          callerUrl: import.meta.url,
          builtName: 'fit-worker.js',
          sourceName: 'fit.worker.ts',
          workerData: history,
          timeoutMs: this.timeoutMs,
          // The fit itself needs little heap: the optimizer's memory is native.
          resourceLimits: { maxOldGenerationSizeMb: 128 },
        },
        (worker) => {
          started = worker;
          this.workers.add(worker);
        },
      );
    } finally {
      if (started) this.workers.delete(started);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }
}
