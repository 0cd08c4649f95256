import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { WorkGate, type WorkGateLimits } from './work-gate';

const LIMITS: WorkGateLimits = {
  concurrency: 2,
  perAccount: 1,
  maxQueued: 3,
  maxQueuedPerAccount: 2,
  retryAfterSeconds: 7,
};

/** A run that stays open until its `finish` is called, recording when it started. */
function openRun(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkGate', () => {
  it('runs at most one per account and passes a busy account over for the next one', async () => {
    const gate = new WorkGate(LIMITS);
    const log: string[] = [];
    const a1 = openRun(log, 'a1');
    const a2 = openRun(log, 'a2');
    const b1 = openRun(log, 'b1');
    const runs = [gate.run('a', a1.work), gate.run('a', a2.work), gate.run('b', b1.work)];
    await settle();
    expect(log).toEqual(['a1', 'b1']);
    expect(gate.load).toEqual({ running: 2, queued: 1 });
    a1.finish();
    await settle();
    expect(log).toEqual(['a1', 'b1', 'a2']);
    a2.finish();
    b1.finish();
    await expect(Promise.all(runs)).resolves.toEqual(['a1', 'a2', 'b1']);
    expect(gate.load).toEqual({ running: 0, queued: 0 });
  });

  it("answers 429 past an account's own queue and 503 past everyone's, before any work", async () => {
    const gate = new WorkGate(LIMITS);
    const log: string[] = [];
    const held = [openRun(log, 'a'), openRun(log, 'b')];
    const running = held.map((run, index) => gate.run(index === 0 ? 'a' : 'b', run.work));
    const queued = [gate.run('a', async () => 'a2'), gate.run('a', async () => 'a3')];
    const overAccount = await gate.run('a', async () => 'a4').catch((error: unknown) => error);
    expect(overAccount).toBeInstanceOf(AppError);
    expect(overAccount).toMatchObject({ code: 'TOO_MANY_REQUESTS', headers: { 'retry-after': '7' } });
    queued.push(gate.run('c', async () => 'c1'));
    const overAll = await gate.run('d', async () => 'd1').catch((error: unknown) => error);
    expect(overAll).toMatchObject({ code: 'SERVICE_UNAVAILABLE', headers: { 'retry-after': '7' } });
    held.forEach((run) => run.finish());
    await expect(Promise.all([...running, ...queued])).resolves.toEqual(['a', 'b', 'a2', 'a3', 'c1']);
  });

  it('runs weighed work together only within the budget, and a heavy run is not starved', async () => {
    const gate = new WorkGate({ ...LIMITS, perAccount: 3, concurrency: 3, budget: 10 });
    const log: string[] = [];
    const light = openRun(log, 'light');
    const heavy = openRun(log, 'heavy');
    const later = openRun(log, 'later');
    const runs = [gate.run('a', light.work, 4), gate.run('b', heavy.work, 8), gate.run('c', later.work, 1)];
    await settle();
    // The heavy run does not fit beside the light one, and the later light one waits behind it.
    expect(log).toEqual(['light']);
    light.finish();
    await settle();
    expect(log).toEqual(['light', 'heavy', 'later']);
    heavy.finish();
    later.finish();
    await Promise.all(runs);
  });

  it('gives the place back when the work fails', async () => {
    const gate = new WorkGate({ ...LIMITS, concurrency: 1 });
    await expect(gate.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(gate.run('a', async () => 'next')).resolves.toBe('next');
  });
});
