import { roundTo, type FSRS } from 'ts-fsrs';

/** ts-fsrs's bounds of a stability, in days. */
const S_MIN = 0.001;
const S_MAX = 36500;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A memory state after a review, and the days until the next one. */
export interface Reviewed {
  stability: number;
  difficulty: number;
  /** Days to the next review, as the long-term scheduler sets it. */
  interval: number;
  /** The recall probability the review was made at. */
  recall: number;
}

/**
 * The FSRS-6 long-term scheduler of one `FSRS` instance (its clipped weights, its retention) as
 * plain arithmetic on numbers: the same formulas, roundings and interval order as ts-fsrs's
 * `LongTermScheduler` (no fuzz, no short-term steps), without a card object, a Date or a
 * parameter proxy per step, so that the workload forecast and the fit's evaluation can replay
 * thousands of reviews in a few milliseconds. `memory-model.test.ts` holds it equal to
 * `scheduler.next()` on random states.
 */
export interface MemoryModel {
  /** The recall probability `elapsed` whole days after a review that left `stability`. */
  recall(elapsed: number, stability: number): number;
  /** Days until the next review for a stability (the scheduler's retention). */
  interval(stability: number): number;
  /** The memory state of a first review graded `grade` (1 Again … 4 Easy). */
  first(grade: number): { stability: number; difficulty: number };
  /** The state after a review graded `grade`, `elapsed` whole days after the previous one. */
  review(stability: number, difficulty: number, elapsed: number, grade: number): Reviewed;
}

export function memoryModel(scheduler: FSRS): MemoryModel {
  const w = [...scheduler.parameters.w];
  const at = (index: number) => w[index] ?? 0;
  const intervalModifier = scheduler.interval_modifier;
  const maximumInterval = scheduler.parameters.maximum_interval;
  const decay = -at(20);
  const factor = roundTo(Math.exp(Math.log(0.9) / decay) - 1, 8);
  const initialDifficulty = (grade: number) => roundTo(at(4) - Math.exp((grade - 1) * at(5)) + 1, 8);
  const easyDifficulty = initialDifficulty(4);

  const recall = (elapsed: number, stability: number) =>
    roundTo(Math.pow(1 + (factor * elapsed) / stability, decay), 8);
  const interval = (stability: number) =>
    Math.min(Math.max(1, Math.round(stability * intervalModifier)), maximumInterval);
  const nextDifficulty = (difficulty: number, grade: number) => {
    const damped = difficulty + roundTo((-at(6) * (grade - 3) * (10 - difficulty)) / 9, 8);
    return clamp(roundTo(at(7) * easyDifficulty + (1 - at(7)) * damped, 8), 1, 10);
  };
  const recallStability = (difficulty: number, stability: number, r: number, grade: number) => {
    const hardPenalty = grade === 2 ? at(15) : 1;
    const easyBonus = grade === 4 ? at(16) : 1;
    const growth =
      Math.exp(at(8)) *
      (11 - difficulty) *
      Math.pow(stability, -at(9)) *
      (Math.exp((1 - r) * at(10)) - 1) *
      hardPenalty *
      easyBonus;
    return roundTo(clamp(stability * (1 + growth), S_MIN, S_MAX), 8);
  };
  const forgetStability = (difficulty: number, stability: number, r: number) => {
    const afterFail = roundTo(
      clamp(
        at(11) *
          Math.pow(difficulty, -at(12)) *
          (Math.pow(stability + 1, at(13)) - 1) *
          Math.exp((1 - r) * at(14)),
        S_MIN,
        S_MAX,
      ),
      8,
    );
    return clamp(roundTo(stability, 8), S_MIN, afterFail);
  };

  return {
    recall,
    interval,
    first(grade) {
      return { stability: Math.max(at(grade - 1), 0.1), difficulty: clamp(initialDifficulty(grade), 1, 10) };
    },
    review(stability, difficulty, elapsed, grade) {
      return reviewed(stability, difficulty, elapsed)[Math.min(4, Math.max(1, grade)) - 1] as Reviewed;
    },
  };

  /** The four outcomes of a review, Again … Easy, with the scheduler's interval order. */
  function reviewed(stability: number, difficulty: number, elapsed: number): Reviewed[] {
    const r = recall(elapsed, stability);
    const stabilities = [
      forgetStability(difficulty, stability, r),
      recallStability(difficulty, stability, r, 2),
      recallStability(difficulty, stability, r, 3),
      recallStability(difficulty, stability, r, 4),
    ] as const;
    // Again < Hard < Good < Easy, at least a day apart.
    const hard = interval(stabilities[1]);
    const again = Math.min(interval(stabilities[0]), hard);
    const hardInterval = Math.max(hard, again + 1);
    const goodInterval = Math.max(interval(stabilities[2]), hardInterval + 1);
    const easyInterval = Math.max(interval(stabilities[3]), goodInterval + 1);
    const intervals = [again, hardInterval, goodInterval, easyInterval] as const;
    return stabilities.map((next, index) => ({
      stability: next,
      difficulty: nextDifficulty(difficulty, index + 1),
      interval: intervals[index] ?? goodInterval,
      recall: r,
    }));
  }
}
