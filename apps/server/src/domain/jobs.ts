/** The server's background jobs (app.ts starts them), by the name the metrics give them. */
export type JobName = 'guest_sweep' | 'embedded_maintenance' | 'nightly_fit' | 'reminders' | 'blob_sweep';

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
