// The tester and a test (SPEC §3, DESIGN §5): the ranges and options a test starts with, the
// current word, the report, and an answer, a skip or "I was right" with what became of it.
import { z } from 'zod';
import { TEXT_LENGTH } from '../constants';
import { encodeMessage, VALIDATION_KEYS } from '../messageCodec';
import { idSchema, isoDateSchema } from './common';
import { examplesField, mediaFields, testWordFields } from './testWordFields';

export const QUANTITY_FROM = ['last', 'first', 'all'] as const;
export const QUANTITY_COUNTS = [20, 50, 100] as const;
export const QUANTITY_ORDERS = ['asc', 'desc'] as const;
export const DATE_PERIODS = ['lastDay', 'last3Days', 'lastWeek', 'custom'] as const;
export const DATE_UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;

export const quantityRangeSchema = z.object({
  type: z.literal('quantity'),
  from: z.enum(QUANTITY_FROM),
  count: z.union([z.literal(20), z.literal(50), z.literal(100)]),
  order: z.enum(QUANTITY_ORDERS),
});

export const dateRangeSchema = z
  .object({
    type: z.literal('date'),
    period: z.enum(DATE_PERIODS),
    amount: z.number().int().min(1).max(9999).optional(),
    unit: z.enum(DATE_UNITS).optional(),
  })
  .superRefine((range, ctx) => {
    // A custom period needs both its amount and its unit; each missing one is its own error.
    if (range.period !== 'custom') return;
    for (const field of ['amount', 'unit'] as const) {
      if (range[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
  });

/** Words whose spaced-repetition review is due by the end of today (UTC), most overdue first. */
export const dueRangeSchema = z.object({ type: z.literal('due') });
/** At most this many due words go into one test; the rest stay due for the next one. */
export const DUE_TEST_MAX_WORDS = 100;

/**
 * The definitions the learner missed most often and most recently, each asked on its own: the
 * word's other definitions are shown as done (docs/decisions/0049-weak-spots.md).
 */
export const weakRangeSchema = z.object({ type: z.literal('weak') });
/** At most this many weak definitions go into one test. */
export const WEAK_TEST_MAX_DEFINITIONS = 20;
/** The pairs of words the learner mixed up most, each pair asked one after the other. */
export const confusionsRangeSchema = z.object({ type: z.literal('confusions') });
/** At most this many confusion pairs go into one test. */
export const CONFUSION_TEST_MAX_PAIRS = 10;

export const testRangeSchema = z.discriminatedUnion('type', [
  quantityRangeSchema,
  dateRangeSchema,
  dueRangeSchema,
  weakRangeSchema,
  confusionsRangeSchema,
]);
export type TestRange = z.infer<typeof testRangeSchema>;

/** The ranges a cloze test may pick its words by. */
export const CLOZE_RANGES = ['quantity', 'date', 'due'] as const;

/**
 * POST /tester. `dictionaryId: null` is the due words of every dictionary of the learner, in
 * both directions (`swap` does not apply), most overdue first: only with the due range
 * (docs/decisions/0048-due-across-dictionaries.md).
 */
export const testerOptionsSchema = z
  .object({
    dictionaryId: idSchema.nullable(),
    swap: z.boolean(),
    range: testRangeSchema,
    /**
     * Cloze questions (decision 0060): each word is asked through one of its example sentences
     * with the term blanked, and the term is typed; words with no sentence holding their term
     * are left out. Counted as the "definitions → term" direction whatever `swap` says. Only
     * for one dictionary's words by quantity, date or due; absent: off.
     */
    cloze: z.boolean().optional(),
  })
  .superRefine((options, ctx) => {
    // Only the due words are picked across dictionaries: any other range needs its dictionary.
    if (options.dictionaryId === null && options.range.type !== 'due')
      ctx.addIssue({ code: 'custom', path: ['dictionaryId'], message: 'validation.required' });
    // Weak definitions and confusion pairs are about definitions: no sentence asks them.
    if (
      options.cloze &&
      (options.dictionaryId === null || CLOZE_RANGES.every((type) => type !== options.range.type))
    )
      ctx.addIssue({ code: 'custom', path: ['cloze'], message: encodeMessage(VALIDATION_KEYS.invalidValue) });
  });
export type TesterOptions = z.infer<typeof testerOptionsSchema>;

export const testItemSchema = z.object({
  wordId: idSchema,
  term: z.string(),
  position: z.number().int(),
  total: z.number().int(),
  needAnswers: z.number().int(),
  doneDefinitions: z.array(z.string()),
  /** The word's dictionary. */
  dictionaryId: idSchema.optional(),
  /**
   * In a test of confusion pairs: the term of the word this one was mixed up with, shown as
   * "not to be confused with" (docs/decisions/0049-weak-spots.md). Absent otherwise.
   */
  contrast: z.string().optional(),
  ...testWordFields,
  ...mediaFields,
});
export type TestItem = z.infer<typeof testItemSchema>;

export const TEST_RESULTS = ['correct', 'wrong', 'skipped'] as const;
export const testResultSchema = z.enum(TEST_RESULTS);
export type TestResult = z.infer<typeof testResultSchema>;

export const reportSchema = z.object({
  /** The tested dictionary; null once it was deleted, or for a test of several (decision 0048). */
  dictionaryId: idSchema.nullable(),
  /**
   * The options the test was started with, for "try again" on any device; null when the server
   * does not know them (a test started before it kept them) or they no longer apply (the
   * tested dictionary was deleted).
   */
  options: testerOptionsSchema.nullable(),
  total: z.number().int(),
  correct: z.number().int(),
  wrong: z.number().int(),
  skipped: z.number().int(),
  items: z.array(
    z.object({
      wordId: idSchema,
      term: z.string(),
      definitions: z.array(z.string()),
      result: testResultSchema,
      answers: z.array(z.string()),
      /** Terms of other words of the dictionary whose answer was typed for this one. */
      confusedWith: z.array(z.string()),
      /** Its definitions lapsed the learner's leech threshold times: rewrite it or suspend it. */
      leech: z.boolean(),
      /** The word is suspended (left out of tests) now. */
      suspended: z.boolean(),
      /** The word's dictionary; null once it was deleted (absent: the report's `dictionaryId`). */
      dictionaryId: idSchema.nullable().optional(),
      /** Its example sentences when the test started (absent in tests saved before). */
      examples: examplesField,
      /**
       * Definitions accepted as near misses: what was typed and the exact spelling. Absent: none
       * (or the test was saved before these were kept).
       */
      almost: z.array(z.object({ typed: z.string(), definition: z.string() })).optional(),
      /** Answers checked wrong that the learner counted as right ("I was right"). Absent: none. */
      overridden: z.array(z.string()).optional(),
      ...testWordFields,
      ...mediaFields,
    }),
  ),
});
export type Report = z.infer<typeof reportSchema>;

export const testStateSchema = z.object({
  test: testItemSchema.nullable(),
  testsLeft: z.number().int(),
  /** When the day's attempts begin again: the learner's next local midnight (decision 0053). */
  testsResetAt: isoDateSchema,
  report: reportSchema.nullable(),
});
export type TestState = z.infer<typeof testStateSchema>;

/**
 * What became of an answer or a skip (docs/decisions/0018-answers-applied-once.md): `applied`
 * to the word now (or the first time, for a repeat of the same attempt); `alreadyEntered`: a
 * definition this word already has, nothing changed; `wordFinished`: the word was finished
 * before, nothing changed.
 */
export const ANSWER_STATUSES = ['applied', 'alreadyEntered', 'wordFinished'] as const;
export const answerStatusSchema = z.enum(ANSWER_STATUSES);
export type AnswerStatus = z.infer<typeof answerStatusSchema>;

/**
 * The test's current word after an answer or a skip, as GET /testing's `test` shows it, so the
 * client needs no second request (docs/decisions/0045-one-round-trip-per-answer.md): the same
 * word with its progress, or the next one; null when the test is finished (GET /testing has the
 * report); absent when nothing was applied and the server did not read it (`wordFinished`).
 */
const nextWordSchema = testItemSchema.nullable().optional();

/** Another word of the dictionary, as the dictionary has it. */
export const otherWordSchema = z.object({ term: z.string(), definitions: z.array(z.string()) });
export type OtherWord = z.infer<typeof otherWordSchema>;

export const answerResultSchema = z.object({
  result: z.enum(['correct', 'wrong']),
  almost: z.boolean(),
  answer: z.string(),
  correctAnswers: z.array(z.string()),
  needAnswers: z.number().int(),
  doneDefinitions: z.array(z.string()),
  status: answerStatusSchema,
  /** The word's result in the report once it is finished; null while it still needs answers. */
  wordResult: testResultSchema.nullable(),
  next: nextWordSchema,
  /**
   * A wrong answer that is another word's answer (its definition; its term in a swapped test):
   * that word, so the check screen can say what the typed answer means. Absent otherwise.
   */
  confusedWith: otherWordSchema.optional(),
  /** The word's example sentences, for the check screen (absent: none known). */
  examples: examplesField,
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

/**
 * The longest answer time the review log keeps, in ms: a tab left open says nothing of memory,
 * so the client sends at most this much.
 */
export const MAX_ANSWER_DURATION_MS = 60 * 60 * 1000;

/**
 * Which word an answer or a skip is for, and which submission it is: the server applies it only
 * to that word and only once (docs/decisions/0018-answers-applied-once.md).
 */
export const answerTargetSchema = z.object({
  /** The word's place in the test, 1-based as `TestItem.position` (bounded to fit the database). */
  position: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  wordId: idSchema,
  /** Made by the client once per submission and sent again unchanged when it is resent. */
  attemptId: idSchema,
  /** How long the learner took, from the word (or its last check) shown to this submission. */
  durationMs: z.number().int().min(0).max(MAX_ANSWER_DURATION_MS).optional(),
});
export type AnswerTarget = z.infer<typeof answerTargetSchema>;
export const answerBodySchema = answerTargetSchema.extend({
  answer: z.string().max(TEXT_LENGTH.long, { error: 'validation.maxLength|{"length":255}' }),
});
export type AnswerBody = z.infer<typeof answerBodySchema>;
export const skipBodySchema = answerTargetSchema;
/**
 * "I was right": the current word, this submission's own attemptId, and the attempt whose
 * wrong grade the learner overrides (once per answer).
 */
export const overrideBodySchema = answerTargetSchema.extend({ overrides: idSchema });
export type OverrideBody = z.infer<typeof overrideBodySchema>;

export const testerCreatedSchema = z.object({ testsLeft: z.number().int() });
export const skipResultSchema = z.object({
  answer: z.array(z.string()),
  status: z.enum(['applied', 'wordFinished']),
  wordResult: testResultSchema,
  next: nextWordSchema,
  /** The word's example sentences, shown with its revealed answer (absent: none known). */
  examples: examplesField,
});
export type SkipResult = z.infer<typeof skipResultSchema>;
