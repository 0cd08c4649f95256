/** The server's background jobs (app.ts starts them), by the name the metrics give them. */
export type JobName =
  | 'guest_sweep'
  | 'embedded_maintenance'
  | 'nightly_fit'
  | 'reminders'
  | 'blob_sweep'
  | 'answer_forms'
  | 'scheduled_backup';

/** One finished run of a background job. */
export interface JobRun {
  job: JobName;
  ok: boolean;
  durationSeconds: number;
  finishedAt: Date;
}

/** Told of every run of every job (the metrics, features/system/metrics.ts); must not throw. */
export type JobObserver = (run: JobRun) => void;

/** Runs one job's `work` and tells `observe` how long it took and whether it failed; errors still propagate. */
export async function observeJob<T>(
  job: JobName,
  observe: JobObserver | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  let ok = false;
  try {
    const result = await work();
    ok = true;
    return result;
  } finally {
    observe?.({ job, ok, durationSeconds: (performance.now() - started) / 1000, finishedAt: new Date() });
  }
}

/** The part of a logger a background job uses (Fastify's logger is one). */
export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PeriodicJob<T> {
  name: JobName;
  intervalMs: number;
  work: () => Promise<T>;
  /** Logs what a successful run did, and how long it took; called after every successful run. */
  report: (result: T, log: JobLog, durationMs: number) => void;
  /** Logged, with the error, when a run fails; the next interval tries again. */
  failureMessage: string;
}

/**
 * Runs `job.work` at once and then every `intervalMs`, observed for the metrics. A run still
 * going when the next is due is skipped, not overlapped, in this instance (several instances
 * are each job's own concern: SKIP LOCKED claims, leases or idempotent deletes). A failed run
 * is logged and never stops the timer. Returns the function that stops it.
 */
export function startPeriodicJob<T>(job: PeriodicJob<T>, log: JobLog, observe?: JobObserver): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const started = performance.now();
      const result = await observeJob(job.name, observe, job.work);
      job.report(result, log, Math.round(performance.now() - started));
    } catch (error) {
      log.error({ err: error }, job.failureMessage);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), job.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
