// The review log (docs/decisions/0044-review-log.md): every graded attempt, as the learner made it.
import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/** How one graded attempt went: an almost-right answer is accepted, but logged apart. */
/** `overridden`: a wrong grade the learner said was right ("I was right"), accepted. */
export const REVIEW_RESULTS = ['correct', 'almost', 'wrong', 'skipped', 'overridden'] as const;
export type ReviewResult = (typeof REVIEW_RESULTS)[number];

/** One graded attempt: every typed answer and every skip, as the learner made it. */
export const reviewLogEntrySchema = z.object({
  wordId: idSchema,
  /** The direction: true when the definitions were shown and the term expected. */
  reversed: z.boolean(),
  /** The definition the answer was accepted as; null for a wrong answer or a skip. */
  definition: z.string().nullable(),
  /** What was typed, trimmed; null for a skip. */
  typed: z.string().nullable(),
  result: z.enum(REVIEW_RESULTS),
  /** The FSRS rating (1 Again … 4 Easy) when this attempt finished the word, else null. */
  rating: z.number().int().min(1).max(4).nullable(),
  /** The word's FSRS state before this attempt: 0 new, 1 learning, 2 review, 3 relearning. */
  state: z.number().int().min(0).max(3),
  durationMs: z.number().int().nullable(),
  reviewedAt: isoDateSchema,
  /**
   * On the attempt that finished its word: the definitions recalled unaided and those missed
   * (docs/decisions/0049-weak-spots.md); null on other attempts.
   */
  recalled: z.array(z.string()).nullable(),
  missed: z.array(z.string()).nullable(),
  /** On a wrong answer that was another word's answer: that word, while it exists. */
  confusedWordId: idSchema.nullable(),
});
export type ReviewLogEntry = z.infer<typeof reviewLogEntrySchema>;
/** The review log as the FSRS optimizer's CSV file (an attachment). */
export const reviewLogCsvSchema = z.string();
