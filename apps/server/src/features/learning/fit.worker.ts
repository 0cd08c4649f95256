import { parentPort, workerData } from 'node:worker_threads';
import { replyFromWorker } from '../../domain/worker-thread';
import { fitParameters, type ReviewHistory } from './fit';

/**
 * The worker thread of one fit (fitter.ts starts it): fits the history it was given, posts the
 * outcome (or the failure) and ends. Built as its own entry, dist/fit-worker.js
 * (tsup.config.ts); from the TypeScript source it runs through tsx.
 */
replyFromWorker(
  (reply) => parentPort?.postMessage(reply),
  () => fitParameters(workerData as ReviewHistory),
);
