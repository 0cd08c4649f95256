import { DESIRED_RETENTION, PROGRESS_DAYS } from '@wordhoard/shared';
import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card,
  type FSRS,
  type Grade,
} from 'ts-fsrs';
import type { StoredCard, TestWord } from '@wordhoard/shared';

/**
 * Spaced repetition (docs/decisions/0011-spaced-repetition.md): one FSRS card per word and
 * direction, graded once per word per test when its outcome is known. Long-term scheduling
 * only (no same-day learning steps: tests are counted per day) and no fuzz, so a review's next
 * date depends only on its history.
 */
const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));

/**
 * How one learner is scheduled (docs/decisions/0046-personal-scheduling.md): their desired
 * retention and, once fitted parameters have predicted their reviews better than the defaults,
 * those 21 FSRS-6 weights. Without settings (or with 0.9 and no parameters) a review is
 * scheduled exactly as before.
 */
export interface SchedulerSettings {
  /** 0.70–0.97; a value outside is brought to the nearer end. */
  desiredRetention: number;
  /** The learner's fitted FSRS-6 weights; null or absent: the FSRS defaults. */
  parameters?: readonly number[] | null;
}

/** Schedulers by settings, so a review does not build one: few learners differ, and each repeats. */
const schedulers = new Map<string, FSRS>();
const SCHEDULER_CACHE_SIZE = 256;

const usableParameters = (parameters: readonly number[] | null | undefined): readonly number[] | null =>
  parameters?.length === 21 && parameters.every(Number.isFinite) ? parameters : null;

/** The scheduler for `settings` (the default one without), built once and kept in a small cache. */
export function schedulerFor(settings?: SchedulerSettings): FSRS {
  if (!settings) return scheduler;
  const retention = Math.min(
    DESIRED_RETENTION.max,
    Math.max(
      DESIRED_RETENTION.min,
      Number.isFinite(settings.desiredRetention) ? settings.desiredRetention : 0,
    ),
  );
  const parameters = usableParameters(settings.parameters);
  if (retention === DESIRED_RETENTION.default && parameters === null) return scheduler;
  const key = `${retention}|${parameters?.join(',') ?? ''}`;
  let found = schedulers.get(key);
  if (found) {
    // Least recently used goes first: a Map iterates in insertion order.
    schedulers.delete(key);
  } else {
    found = fsrs(
      generatorParameters({
        enable_short_term: false,
        enable_fuzz: false,
        request_retention: retention,
        ...(parameters ? { w: [...parameters] } : {}),
      }),
    );
    if (schedulers.size >= SCHEDULER_CACHE_SIZE) {
      const oldest = schedulers.keys().next();
      if (!oldest.done) schedulers.delete(oldest.value);
    }
  }
  schedulers.set(key, found);
  return found;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The grade of a finished word: help needed → Again, a near miss → Hard, else Good. */
export function gradeOf(item: Pick<TestWord, 'result' | 'almost'>): Grade {
  if (item.result !== 'correct') return Rating.Again;
  return item.almost ? Rating.Hard : Rating.Good;
}

const STATES = [State.New, State.Learning, State.Review, State.Relearning] as const;
/** The FSRS state of a word never reviewed in a direction. */
export const NEW_CARD_STATE: number = State.New;

function toCard(stored: StoredCard): Card {
  return {
    // The empty card fills the fields FSRS no longer reads (elapsed days come from last_review).
    ...createEmptyCard(new Date(stored.due)),
    stability: stored.stability,
    difficulty: stored.difficulty,
    scheduled_days: stored.scheduledDays,
    learning_steps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    state: STATES[stored.state] ?? State.Review,
    ...(stored.lastReview ? { last_review: new Date(stored.lastReview) } : {}),
  };
}

function fromCard(card: Card): StoredCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

/**
 * The card after a review graded `grade` at `now`; a word never reviewed starts as a new card.
 * `settings` are the learner's (their retention and fitted parameters, as snapshotted when the
 * test started); without them the defaults schedule, as before personal scheduling.
 */
export function review(
  stored: StoredCard | null,
  grade: Grade,
  now: Date,
  settings?: SchedulerSettings,
): StoredCard {
  const card = stored ? toCard(stored) : createEmptyCard(now);
  return fromCard(schedulerFor(settings).next(card, now, grade).card);
}

/**
 * The card with its next review brought forward to the eve of `examDate` (a UTC day,
 * YYYY-MM-DD) when FSRS planned it later, so every word comes up before the exam
 * (docs/decisions/0050-exam-date.md). From the eve on — and without an exam — the card is
 * unchanged: a review on the eve or the exam day plans past it as usual, else it would be due
 * again at once.
 */
export function capForExam(card: StoredCard, examDate: string | undefined | null, now: Date): StoredCard {
  if (!examDate) return card;
  const eve = Date.parse(`${examDate}T00:00:00Z`) - DAY_MS;
  if (Number.isNaN(eve) || now.getTime() >= eve || Date.parse(card.due) <= eve) return card;
  const reviewedAt = card.lastReview ? Date.parse(card.lastReview) : now.getTime();
  return {
    ...card,
    due: new Date(eve).toISOString(),
    scheduledDays: Math.max(0, Math.round((eve - reviewedAt) / DAY_MS)),
  };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * `PROGRESS_DAYS` days ending `today` (the learner's date, decision 0053), oldest first, zero
 * where no test was started.
 */
export function chartDays(counts: Map<string, number>, today: string): { day: string; tests: number }[] {
  const last = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: PROGRESS_DAYS }, (_, index) => {
    const day = isoDay(last - (PROGRESS_DAYS - 1 - index) * DAY_MS);
    return { day, tests: counts.get(day) ?? 0 };
  });
}
