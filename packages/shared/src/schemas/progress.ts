// Spaced repetition and progress (docs/decisions/0011-spaced-repetition.md): due counts, a
// dictionary's progress, the one streak (decision 0086), the daily goal and the review heatmap.
import { z } from 'zod';
import { encodeMessage, VALIDATION_KEYS } from '../messageCodec';
import { idSchema, isoDateSchema } from './common';

/** Words due by the end of the learner's today (their time zone), per dictionary and direction; dictionaries with none are left out. */
export const dueCountsSchema = z.object({
  total: z.number().int(),
  /** The end of the day the counts are for (the learner's next local midnight, decision 0053). */
  until: isoDateSchema,
  dictionaries: z.array(
    z.object({
      dictionaryId: idSchema,
      /** The dictionary's name, so the menu lists the due words without asking for it. */
      name: z.string(),
      /** Term shown, definitions expected. */
      forward: z.number().int(),
      /** Definitions shown, term expected (a swapped test). */
      swapped: z.number().int(),
    }),
  ),
});
export type DueCounts = z.infer<typeof dueCountsSchema>;

/** Days in the progress chart: the last eight weeks, today included. */
export const PROGRESS_DAYS = 56;
/** A word is mastered once every direction it was tested in is remembered this many days. */
export const MASTERED_STABILITY_DAYS = 21;

/** Streak freezes a learner can hold at once; one is earned per 7 days in a row. */
export const MAX_STREAK_FREEZES = 2;
export const FREEZE_EARNED_EVERY = 7;

/**
 * The learner's one streak (docs/decisions/0086-one-streak.md), the same wherever it is shown:
 * local days in a row with at least one answered review, in any dictionary.
 */
export const streakSchema = z.object({
  /** Days in a row studied (or frozen), ending today, or yesterday while today is open. */
  current: z.number().int(),
  longest: z.number().int(),
  /** Whether today already counts. */
  studiedToday: z.boolean(),
  freezesBanked: z.number().int(),
  /** The missed days a freeze covered, oldest first. */
  frozenDays: z.array(z.iso.date()),
});
export type Streak = z.infer<typeof streakSchema>;

export const dictionaryProgressSchema = z.object({
  dictionaryId: idSchema,
  words: z.object({
    total: z.number().int(),
    new: z.number().int(),
    learning: z.number().int(),
    mastered: z.number().int(),
  }),
  due: z.object({ forward: z.number().int(), swapped: z.number().int(), until: isoDateSchema }),
  /** Tests started per learner's day, oldest first, `PROGRESS_DAYS` entries ending today. */
  days: z.array(z.object({ day: z.iso.date(), tests: z.number().int() })),
  /** The learner's streak, the same as on GET /users/me/progress (decision 0086). */
  streak: streakSchema,
});
export type DictionaryProgress = z.infer<typeof dictionaryProgressSchema>;

/** Words to review each day: the day's target (the streak needs only one, decision 0086). */
export const DAILY_GOAL = { min: 5, max: 500, default: 20 } as const;
const dailyGoalRange = encodeMessage(VALIDATION_KEYS.dailyGoalRange, {
  min: DAILY_GOAL.min,
  max: DAILY_GOAL.max,
});
export const dailyGoalSchema = z
  .number({ error: dailyGoalRange })
  .int({ error: dailyGoalRange })
  .min(DAILY_GOAL.min, { error: dailyGoalRange })
  .max(DAILY_GOAL.max, { error: dailyGoalRange });

/** Local days in the account's review heatmap, today included. */
export const HEATMAP_DAYS = 365;
/** GET /users/me/progress: the account's daily goal, streak and review heatmap. */
export const accountProgressSchema = z.object({
  goal: z.number().int(),
  /** Reviews on the learner's today (in their time zone). */
  todayReviewed: z.number().int(),
  streak: streakSchema,
  /** Reviews per local date, oldest first, `HEATMAP_DAYS` entries ending today. */
  heatmap: z.array(z.object({ date: z.iso.date(), reviews: z.number().int() })),
});
export type AccountProgress = z.infer<typeof accountProgressSchema>;
