import { parentPort, workerData } from 'node:worker_threads';
import { fitParameters, type FitWorkerMessage, type ReviewHistory } from './fit';

/**
 * The worker thread of one fit (fitter.ts starts it): fits the history it was given, posts the
 * outcome (or the failure) and ends. Built as its own entry, dist/fit-worker.js
 * (tsup.config.ts); from the TypeScript source it runs through tsx.
 */
const post = (message: FitWorkerMessage) => parentPort?.postMessage(message);

fitParameters(workerData as ReviewHistory).then(
  (outcome) => post({ ok: true, outcome }),
  (error: unknown) => post({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);
