import type { MemoryModel } from './memory-model';

/** One word in one direction, as the forecast needs it: its memory state, last review and due day. */
export interface ForecastCard {
  stability: number;
  difficulty: number;
  /** The UTC day (days since 1970-01-01) of its last review. */
  lastReviewDay: number;
  /** The UTC day it is due, as its last review scheduled it. */
  dueDay: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day number of a time (days since 1970-01-01). */
export const utcDay = (time: Date | number): number =>
  Math.floor((typeof time === 'number' ? time : time.getTime()) / DAY_MS);

/**
 * The expected number of reviews on each of `days` UTC days from `today`, for a learner's words
 * under `model` (their parameters at the retention asked about); docs/decisions/0046 states the
 * model. It answers "what will the next 30 days look like if I save this retention now":
 *
 * - each word first comes up on the day it is due now (a word due today or overdue, today):
 *   a saved retention does not move dates already set, it applies from each word's next review;
 * - every review has its expected outcome: at a retention of 70 % or more that is a recall, so
 *   the word is graded Good at the recall probability of that day and gets the interval the
 *   scheduler would set at the retention asked about;
 * - lapses are left out, so relearning is undercounted by about (1 − retention) of the reviews
 *   times the reviews a lapse brings; in exchange a higher retention never gives fewer reviews;
 * - words never reviewed are not in it: nobody knows when they will first be tested.
 *
 * Words in the same state share one simulation, so a large account costs what its distinct
 * states cost.
 */
export function forecastWorkload(
  cards: Iterable<ForecastCard>,
  model: MemoryModel,
  today: number,
  days: number,
): number[] {
  const expected = new Array<number>(days).fill(0);
  const alike = new Map<string, { card: ForecastCard; count: number }>();
  for (const card of cards) {
    const key = `${card.stability}|${card.difficulty}|${card.lastReviewDay}|${card.dueDay}`;
    const found = alike.get(key);
    if (found) found.count += 1;
    else alike.set(key, { card, count: 1 });
  }
  const end = today + days;
  for (const { card, count } of alike.values()) {
    let { stability, difficulty } = card;
    let lastDay = card.lastReviewDay;
    let day = Math.max(card.dueDay, today);
    while (day < end) {
      expected[day - today] = (expected[day - today] ?? 0) + count;
      const good = model.review(stability, difficulty, day - lastDay, 3);
      ({ stability, difficulty } = good);
      lastDay = day;
      day += good.interval;
    }
  }
  return expected;
}
