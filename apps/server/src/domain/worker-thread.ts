import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/** What a worker file posts back: its result, or why it failed. */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; error: string; expected?: boolean };

/** Work that ran past its time and was stopped. */
export class WorkerTimeoutError extends Error {
  override name = 'WorkerTimeoutError';
}

/**
 * A failure the worker reported as expected (bad input it refused, `expected: true`), as
 * opposed to a crash, a broken worker or running out of memory.
 */
export class WorkerRefusedError extends Error {
  override name = 'WorkerRefusedError';
}

export interface WorkerJob {
  /**
   * The caller's `import.meta.url`: the built server runs `dist/<builtName>` (a tsup entry beside
   * main.js); from the TypeScript source (tests, `npm run dev`) `<sourceName>` beside the caller
   * runs through tsx's loader, so both run the one worker file.
   */
  callerUrl: string;
  builtName: string;
  sourceName: string;
  workerData: unknown;
  transferList?: readonly Transferable[];
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
}

function startWorker(job: WorkerJob): Worker {
  const options = {
    workerData: job.workerData,
    transferList: job.transferList ? [...job.transferList] : undefined,
    resourceLimits: job.resourceLimits,
  };
  if (!job.callerUrl.endsWith('.ts'))
    return new Worker(new URL(`./${job.builtName}`, job.callerUrl), options);
  const entry = JSON.stringify(new URL(`./${job.sourceName}`, job.callerUrl).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${entry}, ${entry}))`, {
    ...options,
    eval: true,
  });
}

/**
 * Runs one job in a worker thread of its own, off the event loop: stopped (and its memory
 * given back) after `timeoutMs`, bounded by `resourceLimits`. A WebAssembly or JavaScript loop
 * is interrupted by the stop; the worker's heap and WebAssembly memory go with it.
 */
export function runInWorker<T>(job: WorkerJob, onStart?: (worker: Worker) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(job);
    onStart?.(worker);
    let settled = false;
    const settle = (outcome: { value: T } | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome.value);
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(new WorkerTimeoutError(`the work took longer than ${job.timeoutMs} ms`)),
      job.timeoutMs,
    );
    worker.on('message', (message: WorkerReply<T>) => {
      if (message.ok) settle({ value: message.value });
      else settle(message.expected ? new WorkerRefusedError(message.error) : new Error(message.error));
    });
    worker.on('error', (error: unknown) => settle(error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => settle(new Error(`the worker stopped (exit code ${code})`)));
  });
}

/** Posts a worker's reply (in the worker file). */
export function replyFromWorker<T>(
  post: (reply: WorkerReply<T>) => void,
  work: () => Promise<T>,
  isExpected: (error: unknown) => boolean = () => false,
): void {
  work().then(
    (value) => post({ ok: true, value }),
    (error: unknown) =>
      post({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        expected: isExpected(error),
      }),
  );
}
