import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schedulerFor } from '../testing/scheduling';
import { memoryModel } from './memory-model';
import { forecastWorkload, type ForecastCard } from './workload';

const TODAY = 20_000;
const at = (retention: number) => memoryModel(schedulerFor({ desiredRetention: retention }));
const total = (days: number[]) => days.reduce((sum, reviews) => sum + reviews, 0);

const card = fc
  .record({
    stability: fc.double({ min: 0.01, max: 5000, noNaN: true }),
    difficulty: fc.double({ min: 1, max: 10, noNaN: true }),
    lastReviewDay: fc.integer({ min: TODAY - 3000, max: TODAY }),
    interval: fc.integer({ min: 1, max: 3000 }),
  })
  .map(({ interval, ...rest }): ForecastCard => ({ ...rest, dueDay: rest.lastReviewDay + interval }));

describe('the workload forecast', () => {
  it('counts a word on the day it is due, then when each Good review at that retention brings it back', () => {
    const model = at(0.9);
    const days = forecastWorkload(
      [{ stability: 10, difficulty: 5, lastReviewDay: TODAY - 4, dueDay: TODAY + 6 }],
      model,
      TODAY,
      30,
    );
    expect(days).toHaveLength(30);
    expect(days[6]).toBe(1);
    expect(total(days)).toBe(1);
    // Due today with a day's stability: then again when that Good review's interval ends.
    const young = forecastWorkload(
      [{ stability: 1, difficulty: 5, lastReviewDay: TODAY - 1, dueDay: TODAY }],
      model,
      TODAY,
      30,
    );
    const { interval } = model.review(1, 5, 1, 3);
    expect(young[0]).toBe(1);
    expect(young.slice(1, interval)).toEqual(new Array(interval - 1).fill(0));
    expect(young[interval]).toBe(1);
  });

  it('keeps the due dates already set: the retention asked about spaces the reviews after them', () => {
    const word = { stability: 2, difficulty: 5, lastReviewDay: TODAY - 2, dueDay: TODAY + 1 };
    const low = forecastWorkload([word], at(0.7), TODAY, 30);
    const high = forecastWorkload([word], at(0.97), TODAY, 30);
    expect(low[1]).toBe(1);
    expect(high[1]).toBe(1);
    expect(total(high)).toBeGreaterThan(total(low));
  });

  it('brings an overdue word up today, and leaves out what falls after the last day', () => {
    const days = forecastWorkload(
      [
        { stability: 2, difficulty: 5, lastReviewDay: TODAY - 40, dueDay: TODAY - 38 },
        { stability: 400, difficulty: 5, lastReviewDay: TODAY, dueDay: TODAY + 400 },
      ],
      at(0.9),
      TODAY,
      30,
    );
    expect(days[0]).toBe(1);
    expect(total(days)).toBeGreaterThanOrEqual(2);
    expect(total(days)).toBeLessThan(10);
  });

  it('counts words in the same state as often as they are there', () => {
    const word = { stability: 3.2, difficulty: 4.4, lastReviewDay: TODAY - 2, dueDay: TODAY + 1 };
    const one = forecastWorkload([word], at(0.85), TODAY, 30);
    const five = forecastWorkload(
      Array.from({ length: 5 }, () => ({ ...word })),
      at(0.85),
      TODAY,
      30,
    );
    expect(five).toEqual(one.map((reviews) => reviews * 5));
  });

  it('never gives fewer reviews for a higher retention, whatever the words', () => {
    const models = Array.from({ length: 28 }, (_, i) => at((70 + i) / 100));
    fc.assert(
      fc.property(fc.array(card, { minLength: 1, maxLength: 20 }), (cards) => {
        const totals = models.map((model) => total(forecastWorkload(cards, model, TODAY, 30)));
        for (let i = 1; i < totals.length; i += 1) expect(totals[i]).toBeGreaterThanOrEqual(totals[i - 1]!);
      }),
      { numRuns: 300 },
    );
  });
});
