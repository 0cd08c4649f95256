import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit, hashPassword, verifyPassword } from './password';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('ConcurrencyLimit', () => {
  it('runs at most `max` tasks at once, starts the others in order, and frees a failed slot', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number, fail = false) =>
      limit.run(async () => {
        started.push(id);
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        running -= 1;
        if (fail) throw new Error(`task ${id} failed`);
        return id;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // Every slot came back: a new task starts at once.
    expect(await task(6)).toBe(6);
  });
});

describe('passwords', () => {
  it('verify only against their own hash, also when many are checked at once', async () => {
    const hashed = await hashPassword('Correct-horse-1');
    const checks = await Promise.all(
      ['Correct-horse-1', 'correct-horse-1', 'Correct-horse-1', ''].map((password) =>
        verifyPassword(hashed, password),
      ),
    );
    expect(checks).toEqual([true, false, true, false]);
  });
});
