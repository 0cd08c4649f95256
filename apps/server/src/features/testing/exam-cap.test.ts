import { Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import type { StoredCard } from '@wordhoard/shared';
import { capForExam, review } from './scheduling';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2030-03-01T09:00:00Z');
const EXAM = '2030-03-12';
const EVE = '2030-03-11T00:00:00.000Z';

/** A card reviewed at `now` whose next review FSRS planned `days` later. */
const card = (days: number, lastReview: string | null = now.toISOString()): StoredCard => ({
  due: new Date(now.getTime() + days * DAY_MS).toISOString(),
  stability: days,
  difficulty: 5,
  scheduledDays: days,
  learningSteps: 0,
  reps: 3,
  lapses: 0,
  state: 2,
  lastReview,
});

describe('capForExam (decision 0050)', () => {
  it('brings a review planned past the eve forward to the eve, 00:00 UTC', () => {
    const planned = card(19);
    const capped = capForExam(planned, EXAM, now);
    expect(capped).toEqual({
      ...planned,
      due: EVE,
      // 9 days 15 hours from the review to the eve, rounded.
      scheduledDays: 10,
    });
    // The memory model is left alone: only the date moves.
    expect(capped.stability).toBe(planned.stability);
    expect(planned.due).not.toBe(EVE);
  });

  it('caps a real FSRS review the same way', () => {
    // Known for a while: reviewed well three times from the summer before.
    let scheduled = review(null, Rating.Good, new Date('2029-06-01T18:00:00Z'));
    for (let i = 0; i < 2; i += 1) {
      scheduled = review(scheduled, Rating.Good, new Date(scheduled.due));
    }
    expect(Date.parse(scheduled.due)).toBeLessThan(Date.parse('2030-03-05T18:00:00Z'));
    const reviewedAt = new Date('2030-03-05T18:00:00Z');
    const next = review(scheduled, Rating.Good, reviewedAt);
    expect(Date.parse(next.due)).toBeGreaterThan(Date.parse(EVE));
    const capped = capForExam(next, EXAM, reviewedAt);
    expect(capped.due).toBe(EVE);
    expect(capped.scheduledDays).toBe(Math.round((Date.parse(EVE) - reviewedAt.getTime()) / DAY_MS));
  });

  it('counts the days from now for a card never reviewed before', () => {
    expect(capForExam(card(30, null), EXAM, now)).toMatchObject({ due: EVE, scheduledDays: 10 });
  });

  it('leaves a card due on or before the eve as it is', () => {
    const early = card(4);
    expect(capForExam(early, EXAM, now)).toBe(early);
    const onTheEve = { ...card(20), due: EVE };
    expect(capForExam(onTheEve, EXAM, now)).toBe(onTheEve);
  });

  it('leaves the card as it is from the eve on, and after the exam', () => {
    const planned = card(19);
    for (const at of [
      '2030-03-11T00:00:00Z',
      '2030-03-11T22:30:00Z',
      '2030-03-12T08:00:00Z',
      '2030-04-01T00:00:00Z',
    ]) {
      expect(capForExam(planned, EXAM, new Date(at)), at).toBe(planned);
    }
    // A minute before the eve still caps.
    expect(capForExam(planned, EXAM, new Date('2030-03-10T23:59:00Z')).due).toBe(EVE);
  });

  it('leaves the card as it is without an exam', () => {
    const planned = card(19);
    for (const examDate of [null, undefined, '']) {
      expect(capForExam(planned, examDate, now)).toBe(planned);
    }
    expect(capForExam(planned, 'not a date', now)).toBe(planned);
  });
});
