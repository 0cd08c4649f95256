import { WorkGate, type WorkGateLimits } from '../../../domain/work-gate';
import { runInWorker, WorkerRefusedError, WorkerTimeoutError } from '../../../domain/worker-thread';
import { AnkiPackageError, type AnkiPackage } from './anki-package';

/** A package that is a package, but more than we read within our time and memory. */
export class AnkiPackageTooComplexError extends Error {
  override name = 'AnkiPackageTooComplexError';
}

export interface AnkiReadLimits {
  /** A read that takes longer is stopped. */
  timeoutMs: number;
  /** The worker's JavaScript heap (the notes it reads); its SQLite lives in WebAssembly memory. */
  heapMb: number;
  gate: WorkGateLimits;
}

/**
 * One read at a time per process (it keeps a core busy; the other serves requests), one per
 * account, a few waiting; 20 s is ten times what the largest real package we tried took here.
 */
export const ANKI_READ_LIMITS: AnkiReadLimits = {
  timeoutMs: 20_000,
  heapMb: 256,
  gate: { concurrency: 1, perAccount: 1, maxQueued: 8, maxQueuedPerAccount: 1, retryAfterSeconds: 30 },
};

/**
 * Reads Anki packages off the request thread (docs/decisions/0077-anki-packages-off-the-request-thread.md):
 * each in a worker thread of its own, behind a gate, with a time and heap budget. A worker
 * stopped for time or memory takes its WebAssembly SQLite with it.
 */
export class AnkiReader {
  private readonly gate: WorkGate;

  constructor(private readonly limits: AnkiReadLimits = ANKI_READ_LIMITS) {
    this.gate = new WorkGate(limits.gate);
  }

  /** How long a read may take. */
  get timeoutMs(): number {
    return this.limits.timeoutMs;
  }

  /** The package's notes; `AnkiPackageError` when it is not one, `AnkiPackageTooComplexError` past the budget. */
  read(account: string, bytes: Uint8Array): Promise<AnkiPackage> {
    return this.gate.run(account, async () => {
      // The worker gets its own copy, moved rather than cloned a second time.
      const copy = new Uint8Array(bytes);
      try {
        return await runInWorker<AnkiPackage>({
          callerUrl: import.meta.url,
          builtName: 'anki-worker.js',
          sourceName: 'anki.worker.ts',
          workerData: { bytes: copy },
          transferList: [copy.buffer],
          timeoutMs: this.limits.timeoutMs,
          resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
        });
      } catch (error) {
        if (error instanceof WorkerRefusedError) throw new AnkiPackageError(error.message, { cause: error });
        if (error instanceof WorkerTimeoutError || isOutOfMemory(error)) {
          throw new AnkiPackageTooComplexError('the package is past the time or memory budget', {
            cause: error,
          });
        }
        throw error;
      }
    });
  }
}

const isOutOfMemory = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
