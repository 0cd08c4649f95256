// Offline tests (docs/decisions/0058-offline-tests.md): the pack a device keeps to go on without
// a connection, and the answers it sends late for a test replaced meanwhile.
import { z } from 'zod';
import { TEXT_LENGTH } from '../constants';
import { idSchema, isoDateSchema } from './common';
import { examplesField, testWordFields } from './testWordFields';
import { testerOptionsSchema, testResultSchema } from './testing';

/**
 * One word of the active test as the device keeps it to go on offline: what the learner is
 * asked and the answers the shared grader accepts, with the word's progress so far.
 */
export const offlineWordSchema = z.object({
  wordId: idSchema,
  term: z.string(),
  definitions: z.array(z.string()),
  done: z.array(z.string()),
  /** Wrong checks so far: a word finished after one counts wrong. */
  mistakes: z.number().int(),
  result: testResultSchema.nullable(),
  answers: z.array(z.string()),
  almost: z.boolean(),
  dictionaryId: idSchema.optional(),
  contrast: z.string().optional(),
  examples: examplesField,
  ...testWordFields,
});
export type OfflineWord = z.infer<typeof offlineWordSchema>;

/** The active test, every word of it, so that it can be finished without a connection. */
export const offlinePackSchema = z.object({
  testId: idSchema,
  /** The current word, 0-based; every word before it is finished. */
  position: z.number().int(),
  words: z.array(offlineWordSchema),
  /** The test's dictionary and options, for its report (null as in `Report`). */
  dictionaryId: idSchema.nullable(),
  options: testerOptionsSchema.nullable(),
});
export type OfflinePack = z.infer<typeof offlinePackSchema>;
export const offlinePackResponseSchema = z.object({ pack: offlinePackSchema.nullable() });

/** Most answers one device sends for a test that was replaced while it was offline. */
export const MAX_LATE_ANSWERS = 1000;
/**
 * The body limit of a delivery of late answers: MAX_LATE_ANSWERS answers of up to 255
 * characters of any script (~1 KB each as JSON); the app's default of 100 KB held ~600 short
 * ones, and a device's batch of 1,000 was refused as too large, over and over.
 */
export const LATE_REVIEWS_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * An answer or a skip typed offline for a test that was replaced on another device before it
 * could be sent: it no longer changes any test, but still counts for the word's schedule.
 */
export const lateAnswerSchema = z.object({
  attemptId: idSchema,
  wordId: idSchema,
  /** The word's direction in that test. */
  reversed: z.boolean(),
  kind: z.enum(['answer', 'skip']),
  answer: z.string().max(TEXT_LENGTH.long).optional(),
  /** When the learner answered, by the device's clock. */
  answeredAt: isoDateSchema,
});
export type LateAnswer = z.infer<typeof lateAnswerSchema>;
export const lateReviewsBodySchema = z.object({
  /** The replaced test the answers were typed in. */
  testId: idSchema,
  answers: z.array(lateAnswerSchema).min(1).max(MAX_LATE_ANSWERS),
});
export type LateReviewsBody = z.infer<typeof lateReviewsBodySchema>;
/** How many words the late answers finished, and so rescheduled (a repeat counts none). */
export const lateReviewsResultSchema = z.object({ rescheduled: z.number().int() });
