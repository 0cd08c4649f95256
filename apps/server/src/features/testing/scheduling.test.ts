import { Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { review, schedulerFor } from './scheduling';

const now = new Date('2026-05-04T09:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
const FITTED = [
  1.68, 10.27, 18.32, 65.88, 6.41, 0.86, 3.02, 0.001, 1.92, 0.15, 0.83, 1.48, 0.07, 0.28, 1.64, 0.6, 1.87, 0,
  0, 0, 0.2,
];

describe('scheduling with a learner’s settings (decision 0046)', () => {
  it('schedules exactly as before without settings, or with 90 % and no parameters', () => {
    const first = review(null, Rating.Good, now);
    expect(first.scheduledDays).toBe(3);
    expect(review(null, Rating.Good, now, { desiredRetention: 0.9 })).toEqual(first);
    expect(review(null, Rating.Good, now, { desiredRetention: 0.9, parameters: null })).toEqual(first);
    expect(schedulerFor({ desiredRetention: 0.9 })).toBe(schedulerFor());
  });

  it('spaces reviews further at a lower retention and closer at a higher one', () => {
    const card = review(review(null, Rating.Good, now), Rating.Good, later(3));
    const next = (desiredRetention: number) =>
      review(card, Rating.Good, later(3 + card.scheduledDays), { desiredRetention }).scheduledDays;
    expect(next(0.7)).toBeGreaterThan(next(0.9));
    expect(next(0.97)).toBeLessThan(next(0.9));
  });

  it('uses fitted parameters, and the defaults for anything that is not 21 finite numbers', () => {
    const personal = review(null, Rating.Good, now, { desiredRetention: 0.9, parameters: FITTED });
    expect(personal.stability).toBeCloseTo(18.32, 2);
    expect(personal.scheduledDays).toBe(18);
    const fallback = review(null, Rating.Good, now);
    for (const parameters of [FITTED.slice(1), [...FITTED.slice(1), Number.NaN], []]) {
      expect(review(null, Rating.Good, now, { desiredRetention: 0.9, parameters })).toEqual(fallback);
    }
  });

  it('keeps a retention within 0.70–0.97 and builds each scheduler once', () => {
    expect(schedulerFor({ desiredRetention: 0.5 })).toBe(schedulerFor({ desiredRetention: 0.7 }));
    expect(schedulerFor({ desiredRetention: 1 })).toBe(schedulerFor({ desiredRetention: 0.97 }));
    expect(schedulerFor({ desiredRetention: Number.NaN })).toBe(schedulerFor({ desiredRetention: 0.7 }));
    const a = schedulerFor({ desiredRetention: 0.85, parameters: FITTED });
    expect(schedulerFor({ desiredRetention: 0.85, parameters: [...FITTED] })).toBe(a);
    expect(a.parameters.request_retention).toBe(0.85);
  });
});
