import fc from 'fast-check';
import {
  createEmptyCard,
  default_w,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card,
  type Grade,
} from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { memoryModel } from './memory-model';

const DAY_MS = 24 * 60 * 60 * 1000;
const FITTED = [
  1.68, 10.27, 18.32, 65.88, 6.41, 0.86, 3.02, 0.001, 1.92, 0.15, 0.83, 1.48, 0.07, 0.28, 1.64, 0.6, 1.87, 0,
  0, 0, 0.2,
];

/** ts-fsrs's own long-term scheduler at `retention` with `w`, as scheduling.ts builds it. */
const scheduler = (retention: number, w: readonly number[]) =>
  fsrs(
    generatorParameters({
      enable_short_term: false,
      enable_fuzz: false,
      request_retention: retention,
      w: [...w],
    }),
  );

describe('the memory model', () => {
  it('steps a card exactly as ts-fsrs does: stability, difficulty and interval', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 3000, noNaN: true }),
        fc.double({ min: 1, max: 10, noNaN: true }),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom<Grade>(Rating.Again, Rating.Hard, Rating.Good, Rating.Easy),
        fc.integer({ min: 70, max: 97 }),
        fc.constantFrom(default_w, FITTED),
        (stability, difficulty, elapsed, grade, percent, w) => {
          const real = scheduler(percent / 100, w);
          const last = new Date(Date.UTC(2026, 0, 1, 9));
          const card: Card = {
            ...createEmptyCard(last),
            stability,
            difficulty,
            state: State.Review,
            reps: 3,
            last_review: last,
          };
          const expected = real.next(card, new Date(last.getTime() + elapsed * DAY_MS), grade).card;
          const actual = memoryModel(real).review(stability, difficulty, elapsed, grade);
          expect(actual).toEqual({
            stability: expected.stability,
            difficulty: expected.difficulty,
            interval: expected.scheduled_days,
            recall: real.forgetting_curve(elapsed, stability),
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it("starts a new card as ts-fsrs's first review does", () => {
    for (const w of [default_w, FITTED]) {
      const real = scheduler(0.9, w);
      const model = memoryModel(real);
      for (const grade of [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const) {
        const now = new Date('2026-01-01T09:00:00Z');
        const { stability, difficulty } = real.next(createEmptyCard(now), now, grade).card;
        expect(model.first(grade)).toEqual({ stability, difficulty });
      }
    }
  });

  it("recalls as ts-fsrs's forgetting curve, and spaces by the scheduler's retention", () => {
    const model = memoryModel(scheduler(0.9, default_w));
    expect(model.recall(10, 10)).toBeCloseTo(0.9, 6);
    expect(model.recall(0, 10)).toBe(1);
    expect(model.interval(10)).toBe(10);
    expect(memoryModel(scheduler(0.8, default_w)).interval(10)).toBeGreaterThan(10);
    expect(memoryModel(scheduler(0.97, default_w)).interval(10)).toBeLessThan(10);
    expect(model.interval(0.01)).toBe(1);
  });
});
