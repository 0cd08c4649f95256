import { Worker } from 'node:worker_threads';
import type { FitOutcome, FitWorkerMessage, ReviewHistory } from './fit';

/** Fits a learner's parameters somewhere other than the request path. */
export interface ParameterFitter {
  fit(history: ReviewHistory): Promise<FitOutcome>;
  /** Stops the fits under way (they fail) and refuses new ones. */
  close(): Promise<void>;
}

/** A fit that takes longer than this is stopped (a large log takes seconds). */
export const FIT_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * A worker thread for one fit. The built server runs dist/fit-worker.js, beside dist/main.js
 * (a second tsup entry); from the TypeScript source (the tests, `npm run dev`) the same
 * fit.worker.ts runs through tsx's loader, so both run the one worker file.
 */
function startWorker(history: ReviewHistory): Worker {
  const here = import.meta.url;
  // The fit itself needs little heap: the optimizer's memory is native.
  const options = { workerData: history, resourceLimits: { maxOldGenerationSizeMb: 128 } };
  if (!here.endsWith('.ts')) return new Worker(new URL('./fit-worker.js', here), options);
  const entry = JSON.stringify(new URL('./fit.worker.ts', here).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${entry}, ${entry}))`, {
    ...options,
    eval: true,
  });
}

/**
 * Runs each fit in its own worker thread, one at a time per process (a fit keeps a core busy;
 * the other serves requests), each stopped after `FIT_TIMEOUT_MS`.
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

  private run(history: ReviewHistory): Promise<FitOutcome> {
    if (this.closed) return Promise.reject(new Error('the fitter is closed'));
    return new Promise((resolve, reject) => {
      const worker = startWorker(history);
      this.workers.add(worker);
      let settled = false;
      const settle = (outcome: FitOutcome | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const timer = setTimeout(() => {
        settle(new Error(`the fit took longer than ${this.timeoutMs} ms`));
        void worker.terminate();
      }, this.timeoutMs);
      worker.on('message', (message: FitWorkerMessage) => {
        settle(message.ok ? message.outcome : new Error(message.error));
      });
      worker.on('error', (error: unknown) =>
        settle(error instanceof Error ? error : new Error(String(error))),
      );
      worker.on('exit', (code) => {
        this.workers.delete(worker);
        settle(new Error(`the fit worker stopped (exit code ${code})`));
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }
}
