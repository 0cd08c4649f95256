import { describe, expect, it } from 'vitest';
import type { ReviewHistory } from './fit';
import { WorkerFitter } from './fitter';

/** 40 cards, each Good on days 0, 3 and 10 and, for every fourth, Again on day 25. */
function history(): ReviewHistory {
  const cards: number[] = [];
  const days: number[] = [];
  const ratings: number[] = [];
  for (const [day, rating] of [
    [0, 3],
    [3, 3],
    [10, 3],
    [25, 1],
  ] as const) {
    for (let card = 0; card < 40; card += 1) {
      if (day === 25 && card % 4 !== 0) continue;
      cards.push(card);
      days.push(20_000 + day);
      ratings.push(rating);
    }
  }
  return { cards: Int32Array.from(cards), days: Int32Array.from(days), ratings: Uint8Array.from(ratings) };
}

describe('the worker fitter', () => {
  it('fits in a worker thread of its own', async () => {
    const fitter = new WorkerFitter();
    const outcome = await fitter.fit(history());
    expect(outcome.parameters).toHaveLength(21);
    expect(outcome.reviews).toBe(130);
    expect(outcome.scored).toBeGreaterThan(0);
    await fitter.close();
  });

  it('stops a fit that takes too long, and fits nothing once closed', async () => {
    const impatient = new WorkerFitter(1);
    await expect(impatient.fit(history())).rejects.toThrow('the work took longer than 1 ms');
    await impatient.close();
    await expect(impatient.fit(history())).rejects.toThrow('the fitter is closed');
  });
});
