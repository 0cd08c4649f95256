import { parentPort, workerData } from 'node:worker_threads';
import { replyFromWorker } from '../../../domain/worker-thread';
import { AnkiPackageError, readAnkiPackage } from './anki-package';

/**
 * The worker thread of one package read (anki-reader.ts starts it): reads the package it was
 * given, posts the notes (or why the package was refused) and ends. Built as its own entry,
 * dist/anki-worker.js (tsup.config.ts); from the TypeScript source it runs through tsx.
 */
replyFromWorker(
  (reply) => parentPort?.postMessage(reply),
  () => readAnkiPackage((workerData as { bytes: Uint8Array }).bytes),
  (error) => error instanceof AnkiPackageError,
);
