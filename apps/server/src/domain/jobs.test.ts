import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob, type JobLog, type JobRun } from './jobs';

function recordingLog() {
  const lines: { level: 'info' | 'error'; details: object; message: string }[] = [];
  const log: JobLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
  return { log, lines };
}

describe('startPeriodicJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once and then every interval, reporting each result and observing each run', async () => {
    const { log, lines } = recordingLog();
    const runs: JobRun[] = [];
    let count = 0;
    const stop = startPeriodicJob(
      {
        name: 'reminders',
        intervalMs: 1000,
        work: async () => ++count,
        report: (result, jobLog) => jobLog.info({ result }, 'ran'),
        failureMessage: 'failed',
      },
      log,
      (run) => runs.push(run),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(count).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(count).toBe(3);
    expect(lines.map((line) => line.details)).toEqual([{ result: 1 }, { result: 2 }, { result: 3 }]);
    expect(runs.map((run) => [run.job, run.ok])).toEqual([
      ['reminders', true],
      ['reminders', true],
      ['reminders', true],
    ]);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(count).toBe(3);
  });

  it('tells the report how long the run took', async () => {
    const { log } = recordingLog();
    const durations: number[] = [];
    const stop = startPeriodicJob(
      {
        name: 'embedded_maintenance',
        intervalMs: 10_000,
        work: () => new Promise<void>((resolve) => setTimeout(resolve, 300)),
        report: (_result, _log, durationMs) => durations.push(durationMs),
        failureMessage: 'failed',
      },
      log,
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(durations).toEqual([300]);
    stop();
  });

  it('skips a tick while the previous run is still going instead of overlapping it', async () => {
    const { log } = recordingLog();
    let started = 0;
    let finish: (() => void) | undefined;
    const stop = startPeriodicJob(
      {
        name: 'blob_sweep',
        intervalMs: 1000,
        work: () => {
          started += 1;
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        },
        report: () => {},
        failureMessage: 'failed',
      },
      log,
    );
    await vi.advanceTimersByTimeAsync(3500);
    expect(started).toBe(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    stop();
  });

  it('logs a failed run with its error and keeps the timer going', async () => {
    const { log, lines } = recordingLog();
    const runs: JobRun[] = [];
    let attempt = 0;
    const stop = startPeriodicJob(
      {
        name: 'guest_sweep',
        intervalMs: 1000,
        work: async () => {
          attempt += 1;
          if (attempt === 1) throw new Error('database away');
          return attempt;
        },
        report: (result, jobLog) => jobLog.info({ result }, 'ran'),
        failureMessage: 'guest sweep failed; retrying at the next interval',
      },
      log,
      (run) => runs.push(run),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(lines[0]).toMatchObject({
      level: 'error',
      message: 'guest sweep failed; retrying at the next interval',
      details: { err: new Error('database away') },
    });
    expect(lines[1]).toMatchObject({ level: 'info', details: { result: 2 } });
    expect(runs.map((run) => run.ok)).toEqual([false, true]);
    stop();
  });
});
