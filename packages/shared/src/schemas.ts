import { z } from 'zod';
import { LANGUAGES, MAX_IMPORT_WORDS, MAX_PAGE_LIMIT, ROLES, TEXT_LENGTH, isTimeZone } from './constants';
import { CONTENT_LANGUAGES } from './languages';
import { VALIDATION_KEYS, encodeMessage } from './messageCodec';
import {
  definitionsSchema,
  dictionaryNameSchema,
  examplesSchema,
  emailSchema,
  loginPasswordSchema,
  passwordSchema,
  searchSchema,
  termSchema,
  verificationCodeSchema,
} from './validation';

// --- Enums -------------------------------------------------------------------------------

/** An interface language (SPEC §3): the seven the interface is translated into. */
export const languageSchema = z.enum(LANGUAGES);
/** A dictionary's terms or definitions language: any ISO 639-1 code (decision 0059). */
export const contentLanguageSchema = z.enum(CONTENT_LANGUAGES, {
  error: encodeMessage(VALIDATION_KEYS.unknownLanguage),
});
export const roleSchema = z.enum(ROLES);

export const DICTIONARIES_SORTS = ['name', 'update', 'words'] as const;
export const dictionariesSortSchema = z.enum(DICTIONARIES_SORTS);
export type DictionariesSort = z.infer<typeof dictionariesSortSchema>;

export const WORDS_SORTS = ['create', 'term', 'update'] as const;
export const wordsSortSchema = z.enum(WORDS_SORTS);
export type WordsSort = z.infer<typeof wordsSortSchema>;

/** 1 ascending, -1 descending; query strings carry "1" / "-1". */
export const sortDirectionSchema = z.union([z.literal(1), z.literal(-1)]);
export type SortDirection = z.infer<typeof sortDirectionSchema>;
export const sortDirectionInputSchema = z
  .union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')])
  .transform((value): SortDirection => (Number(value) === 1 ? 1 : -1));

export const isoDateSchema = z.iso.datetime({ offset: true });
export const idSchema = z.uuid();

// --- Entities ----------------------------------------------------------------------------

export const sortingConfigsSchema = z.object({
  dictionariesSort: dictionariesSortSchema,
  dictionariesSortDirection: sortDirectionSchema,
  dictionaryWordsSort: wordsSortSchema,
  dictionaryWordsSortDirection: sortDirectionSchema,
});
export type SortingConfigs = z.infer<typeof sortingConfigsSchema>;
export const DEFAULT_SORTING_CONFIGS: SortingConfigs = {
  dictionariesSort: 'update',
  dictionariesSortDirection: -1,
  dictionaryWordsSort: 'create',
  dictionaryWordsSortDirection: -1,
};

export const limitsSchema = z.object({
  dictionaries: z.number().int(),
  wordsPerDictionary: z.number().int(),
  testsPerDay: z.number().int(),
});

export const PLAN_IDS = ['free', 'premium'] as const;
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

export const userPlanSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  pricePerMonth: z.number(),
  nextPaymentDate: isoDateSchema.nullable(),
  expiresAt: isoDateSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});

export const userSchema = z.object({
  id: idSchema,
  email: z.string().nullable(),
  role: roleSchema,
  interfaceLanguage: languageSchema,
  sortingConfigs: sortingConfigsSchema,
  limits: limitsSchema,
  plan: userPlanSchema,
  guestExpiresAt: isoDateSchema.nullable(),
  /** How the account proves it is its owner's before a password change or deletion (decision 0016). */
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  /** The share of due words the learner wants to still know (decision 0046). */
  desiredRetention: z.number(),
  /** Lapses of a word's definitions that make it a leech (docs/decisions/0049-weak-spots.md). */
  leechThreshold: z.number().int(),
  /** The learner's IANA time zone: their day (docs/decisions/0053-learners-day.md). */
  timeZone: z.string(),
  /** Words to review each day: the day's target (the streak needs only one, decision 0086). */
  dailyGoal: z.number().int(),
  /** E-mail reminders on, and at what local time, HH:MM (docs/decisions/0054-reminders.md). */
  emailReminders: z.boolean(),
  reminderTime: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const dictionarySchema = z.object({
  id: idSchema,
  name: z.string(),
  fromLanguage: contentLanguageSchema,
  toLanguage: contentLanguageSchema,
  wordsCount: z.number().int(),
  /**
   * The day of the learner's exam on these words, if any: no review is planned past its eve,
   * so every word comes up before it (docs/decisions/0050-exam-date.md).
   */
  examDate: z.iso.date().nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Dictionary = z.infer<typeof dictionarySchema>;

/**
 * A word's picture: re-encoded on the server (EXIF gone), served only to its owner from `url`
 * (docs/decisions/0063-word-media.md).
 */
export const wordPictureSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type WordPicture = z.infer<typeof wordPictureSchema>;

/** A word's recorded pronunciation (up to 10 s), played before speech synthesis. */
export const wordAudioSchema = z.object({
  url: z.string(),
  durationMs: z.number().int(),
});
export type WordAudio = z.infer<typeof wordAudioSchema>;

export const wordSchema = z.object({
  id: idSchema,
  term: z.string(),
  definitions: z.array(z.string()),
  /** Example sentences, 0–5, in the order the learner wrote them (decision 0060). */
  examples: z.array(z.string()),
  /**
   * Bumped by every edit: an update that names the version it was made on is refused with 409
   * `WORD_CHANGED` once another edit got in first (decision 0060).
   */
  version: z.number().int(),
  /** Left out of every test and of the due counts until resumed (a leech set aside). */
  suspended: z.boolean(),
  picture: wordPictureSchema.nullable(),
  audio: wordAudioSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Word = z.infer<typeof wordSchema>;

/**
 * A word in a page of the dictionary's list, with its number: its place in the order the words
 * were added (oldest 1), the same whatever the sort, search or page.
 */
export const listedWordSchema = wordSchema.extend({ number: z.number().int().positive() });
export type ListedWord = z.infer<typeof listedWordSchema>;

export const dictionaryWithWordsSchema = dictionarySchema.extend({
  words: z.array(listedWordSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type DictionaryWithWords = z.infer<typeof dictionaryWithWordsSchema>;

// --- Tester and test state (SPEC §3, DESIGN §5) -------------------------------------------

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

/**
 * How one word of a test is shown, carried by the word since a test may mix dictionaries and
 * directions (decision 0048). Absent in tests started before: the test's (the tab's) apply.
 */
const testWordFields = {
  /** The direction: true when the definitions are shown and the term is expected. */
  reversed: z.boolean().optional(),
  /** The language of what is shown (`term`). */
  promptLanguage: contentLanguageSchema.optional(),
  /** The language the answer is typed in. */
  answerLanguage: contentLanguageSchema.optional(),
  /**
   * A cloze question (decision 0060): the example sentence around the blank the term (the one
   * answer) fills; `term` still holds the definitions, as a hint. Absent: not a cloze.
   */
  cloze: z.object({ before: z.string(), after: z.string() }).optional(),
};

/** The word's example sentences, shown once its answer is checked (decision 0060). */
const examplesField = z.array(z.string()).optional();

/**
 * The word's picture and recording (docs/decisions/0063-word-media.md), as they are now. `audio`
 * is null while a question asks for the term (definitions → term, cloze): hearing it would give
 * the answer away. Absent where the server did not read them (an answer's `next`, offline tests).
 */
const mediaFields = {
  picture: wordPictureSchema.nullable().optional(),
  audio: wordAudioSchema.nullable().optional(),
};

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

// --- Offline tests (docs/decisions/0058-offline-tests.md) ---------------------------------

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

// --- Spaced repetition and progress (docs/decisions/0011-spaced-repetition.md) ------------

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

// --- Personal scheduling (docs/decisions/0046-personal-scheduling.md) -----------------------

/**
 * The desired retention: the share of due words the learner wants to still know when they come
 * up (FSRS's request retention). Higher means shorter intervals and more reviews a day.
 */
export const DESIRED_RETENTION = { min: 0.7, max: 0.97, default: 0.9 } as const;
const retentionRange = encodeMessage(VALIDATION_KEYS.retentionRange, {
  min: Math.round(DESIRED_RETENTION.min * 100),
  max: Math.round(DESIRED_RETENTION.max * 100),
});
export const desiredRetentionSchema = z
  .number({ error: retentionRange })
  .min(DESIRED_RETENTION.min, { error: retentionRange })
  .max(DESIRED_RETENTION.max, { error: retentionRange });

/**
 * Graded reviews a learner needs before their own FSRS parameters are fitted: the minimum the
 * FSRS authors set in Anki 24.04 (decision 0046 has the source).
 */
export const PERSONAL_PARAMETERS_MIN_REVIEWS = 400;
/** Days in the workload forecast, today first. */
export const FORECAST_DAYS = 30;

export const workloadForecastQuerySchema = z.object({
  /** The retention to forecast at; the learner's own when left out. */
  retention: z.coerce
    .number({ error: retentionRange })
    .min(DESIRED_RETENTION.min, { error: retentionRange })
    .max(DESIRED_RETENTION.max, { error: retentionRange })
    .optional(),
});
export type WorkloadForecastQuery = z.input<typeof workloadForecastQuerySchema>;

export const workloadForecastSchema = z.object({
  retention: z.number(),
  /** Whether the learner's own fitted parameters drive it (else the FSRS defaults). */
  personal: z.boolean(),
  /** `FORECAST_DAYS` UTC days from today: the reviews expected on each. */
  days: z.array(z.object({ day: z.iso.date(), reviews: z.number().int() })),
  /** The reviews expected over all those days. */
  total: z.number().int(),
});
export type WorkloadForecast = z.infer<typeof workloadForecastSchema>;

/** How well a set of parameters predicted the held-back reviews (lower is better for both). */
const predictionErrorSchema = z.object({ defaults: z.number(), personal: z.number() });

export const schedulerStatusSchema = z.object({
  desiredRetention: z.number(),
  /** Graded reviews in the learner's log now. */
  reviews: z.number().int(),
  /** Graded reviews a fit needs (`PERSONAL_PARAMETERS_MIN_REVIEWS`). */
  minReviews: z.number().int(),
  /** A fit is running; it ends on its own (the client asks again). */
  fitting: z.boolean(),
  /** The last fit, if any. */
  fit: z
    .object({
      fittedAt: isoDateSchema,
      /** Graded reviews the fit read: the first 80 % fitted, the last 20 % held back. */
      reviews: z.number().int(),
      /** Held-back reviews that could be scored (a word's later review on a later day). */
      scored: z.number().int(),
      /** Log loss and RMSE of the predicted recall on the held-back reviews; null when none scored. */
      logLoss: predictionErrorSchema.nullable(),
      rmse: predictionErrorSchema.nullable(),
      /** The fitted parameters schedule the learner: they predicted better than the defaults. */
      inUse: z.boolean(),
      /** The 21 FSRS-6 weights. */
      parameters: z.array(z.number()),
    })
    .nullable(),
});
export type SchedulerStatus = z.infer<typeof schedulerStatusSchema>;

// --- Weak spots (docs/decisions/0049-weak-spots.md) -----------------------------------------

/** Lapses of a word's definitions that make it a leech: Anki's default, and the range allowed. */
export const LEECH_THRESHOLD = { min: 3, max: 30, default: 8 } as const;
const leechRange = encodeMessage(VALIDATION_KEYS.leechThresholdRange, {
  min: LEECH_THRESHOLD.min,
  max: LEECH_THRESHOLD.max,
});
export const leechThresholdSchema = z
  .number({ error: leechRange })
  .int({ error: leechRange })
  .min(LEECH_THRESHOLD.min, { error: leechRange })
  .max(LEECH_THRESHOLD.max, { error: leechRange });

// --- The learner's day (docs/decisions/0053-learners-day.md) -------------------------------

const invalidTimeZone = encodeMessage(VALIDATION_KEYS.timeZone);
export const timeZoneSchema = z
  .string({ error: invalidTimeZone })
  .refine(isTimeZone, { error: invalidTimeZone });

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

/** A reminder's local time, HH:MM on a 24-hour clock (docs/decisions/0054-reminders.md). */
export const REMINDER_TIME_DEFAULT = '18:00';
const invalidReminderTime = encodeMessage(VALIDATION_KEYS.reminderTime);
export const reminderTimeSchema = z
  .string({ error: invalidReminderTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: invalidReminderTime });
/** The one-click unsubscribe token of a reminder mail. */
export const reminderTokenQuerySchema = z.object({ token: z.string().min(16).max(128) });

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

/** At most this many weak definitions and confusion pairs are listed. */
export const WEAK_SPOTS_LISTED = 20;

const weakWordSchema = z.object({ wordId: idSchema, term: z.string() });

export const weakSpotsSchema = z.object({
  leechThreshold: z.number().int(),
  /**
   * A definition's record, most missed first: `missed` counts the tests where it was not recalled
   * unaided, `lapses` those where it was missed after being recalled the time before.
   */
  definitions: z.array(
    weakWordSchema.extend({
      /** The direction: true when the definitions were shown and the term (`definition`) expected. */
      reversed: z.boolean(),
      definition: z.string(),
      misses: z.number().int(),
      lapses: z.number().int(),
      lastMissAt: isoDateSchema,
    }),
  ),
  /** Words whose definitions lapsed `leechThreshold` times or more, most lapses first. */
  leeches: z.array(weakWordSchema.extend({ lapses: z.number().int(), suspended: z.boolean() })),
  /** Pairs of words whose answers the learner typed for each other, most often first. */
  confusions: z.array(
    z.object({
      words: z.tuple([weakWordSchema, weakWordSchema]),
      times: z.number().int(),
      lastAt: isoDateSchema,
    }),
  ),
  /** Suspended words of the dictionary. */
  suspended: z.array(weakWordSchema),
});
export type WeakSpots = z.infer<typeof weakSpotsSchema>;

export const suspendWordBodySchema = z.object({ suspended: z.boolean() });
export type SuspendWordBody = z.infer<typeof suspendWordBodySchema>;

// --- Plans and subscription ----------------------------------------------------------------

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  interval: z.literal('month'),
  productId: z.string().nullable(),
  /** With the storage for pictures and recordings, which the plans page shows per plan. */
  limits: limitsSchema.extend({ mediaBytes: z.number().int() }),
});
export type Plan = z.infer<typeof planSchema>;

export const subscriptionSchema = z.object({
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: isoDateSchema,
  nextPaymentDate: isoDateSchema.nullable(),
  expiresAt: isoDateSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * What "cancel now with refund" did: the subscription as it ended, and the refund Stripe made
 * (`amount` in the currency's units, e.g. 2.61 dollars), or `null` when nothing was left to refund.
 */
export const refundedSubscriptionSchema = subscriptionSchema.extend({
  refund: z.object({ amount: z.number().nonnegative(), currency: z.string() }).nullable(),
});
export type RefundedSubscription = z.infer<typeof refundedSubscriptionSchema>;

/** A Stripe Checkout Session of the signed-in user, as the return page after payment checks it. */
export const checkoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  /** Paid (or nothing to pay): the purchase went through. */
  paid: z.boolean(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
/** Stripe's id (`cs_test_…`); any other string is no session of the caller's (404). */
export const checkoutSessionParamsSchema = z.object({ id: z.string().min(1).max(255) });

// --- Requests ------------------------------------------------------------------------------

/**
 * An invite code (decision 0081): needed to make an account when the server's SIGNUP_MODE is
 * `invite`, ignored otherwise. Spaces and dashes a reader may copy along are ignored.
 */
export const inviteCodeSchema = z
  .string()
  .max(64, { error: encodeMessage(VALIDATION_KEYS.maxLength, { length: 64 }) })
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase());
export const signupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  interfaceLanguage: languageSchema.optional(),
  inviteCode: inviteCodeSchema.optional(),
});
export const loginBodySchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export const verifyBodySchema = z.object({ code: verificationCodeSchema });
export const restoreCodeBodySchema = z.object({ email: emailSchema });
export const restoreBodySchema = z.object({ email: emailSchema, code: verificationCodeSchema });
/**
 * What confirms a password change or an account deletion (docs/decisions/0016): the current
 * password, or for an account without one a Google ID token from signing in again just now.
 */
const confirmationFields = {
  currentPassword: loginPasswordSchema.optional(),
  googleCredential: z.string().min(1).max(8192).optional(),
};
/** Without a confirmation only in the session a restore code has just signed in. */
export const passwordBodySchema = z.object({ password: passwordSchema, ...confirmationFields });
/** The form on the profile screen, where the current password is always asked for. */
export const changePasswordFormSchema = z.object({
  password: passwordSchema,
  currentPassword: loginPasswordSchema,
});
/** May be left out (a bare DELETE): then the answer says what confirmation is missing. */
export const deleteAccountBodySchema = z
  .object({
    ...confirmationFields,
    /** An account with no password and no Google link (a guest) confirms in so many words. */
    confirmDeletion: z.literal(true).optional(),
  })
  .nullish();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const googleBodySchema = z.object({
  credential: z.string().min(1).max(8192),
  interfaceLanguage: languageSchema.optional(),
  /** Read only when the Google account has no Wordhoard account yet (a sign-up). */
  inviteCode: inviteCodeSchema.optional(),
});
export const guestBodySchema = z.object({ interfaceLanguage: languageSchema.optional() });

export const updateMeBodySchema = z.object({
  interfaceLanguage: languageSchema.optional(),
  sortingConfigs: sortingConfigsSchema.partial().optional(),
  desiredRetention: desiredRetentionSchema.optional(),
  leechThreshold: leechThresholdSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  dailyGoal: dailyGoalSchema.optional(),
  emailReminders: z.boolean().optional(),
  reminderTime: reminderTimeSchema.optional(),
});

const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const limitSchema = (fallback: number) =>
  z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(fallback);

export const dictionariesQuerySchema = z.object({
  search: searchSchema.optional(),
  sort: dictionariesSortSchema.optional(),
  direction: sortDirectionInputSchema.optional(),
  page: pageSchema,
  limit: limitSchema(40),
});
export type DictionariesQuery = z.input<typeof dictionariesQuerySchema>;

export const dictionaryQuerySchema = z.object({
  search: searchSchema.optional(),
  sort: wordsSortSchema.optional(),
  direction: sortDirectionInputSchema.optional(),
  page: pageSchema,
  limit: limitSchema(40),
});
export type DictionaryQuery = z.input<typeof dictionaryQuerySchema>;

/** An exam day (YYYY-MM-DD), or null to clear it. Year 0000 matches the format but is no date. */
export const examDateSchema = z.iso
  .date({ error: VALIDATION_KEYS.invalidDate })
  .refine((day) => !day.startsWith('0000'), { error: VALIDATION_KEYS.invalidDate })
  .nullable();

export const createDictionaryBodySchema = z.object({
  name: dictionaryNameSchema,
  fromLanguage: contentLanguageSchema,
  toLanguage: contentLanguageSchema,
  examDate: examDateSchema.optional(),
});
export type CreateDictionaryBody = z.input<typeof createDictionaryBodySchema>;

export const wordInputSchema = z.object({
  term: termSchema,
  definitions: definitionsSchema,
  /** Absent: none (files and clients from before examples). */
  examples: examplesSchema.optional(),
});
export type WordInput = z.input<typeof wordInputSchema>;

export const updateDictionaryBodySchema = z.object({
  name: dictionaryNameSchema.optional(),
  fromLanguage: contentLanguageSchema.optional(),
  toLanguage: contentLanguageSchema.optional(),
  examDate: examDateSchema.optional(),
  words: z
    .object({
      create: z.array(wordInputSchema).max(5000).optional(),
      update: z
        .array(
          z.object({
            id: idSchema,
            term: termSchema.optional(),
            definitions: definitionsSchema.optional(),
            examples: examplesSchema.optional(),
            /** The word's version the edit was made on: 409 `WORD_CHANGED` if it moved on. */
            version: z
              .number()
              .int()
              .min(1)
              .max(2 ** 31 - 1)
              .optional(),
          }),
        )
        .max(5000)
        .optional(),
      delete: z.array(idSchema).max(5000).optional(),
    })
    .optional(),
});
export type UpdateDictionaryBody = z.input<typeof updateDictionaryBodySchema>;

// --- Import and export (docs/decisions/0012-data-portability.md) ---------------------------

const importWordsSchema = z.array(wordInputSchema).max(MAX_IMPORT_WORDS);
/**
 * A word as read from a file, not judged yet: with `skipInvalid: true` the server checks each
 * one itself and skips (and reports) those that break the rules, instead of refusing them all.
 */
export const rawImportWordSchema = z.object({
  term: z.string(),
  definitions: z.array(z.string()),
  examples: z.array(z.string()).optional(),
});
export type RawImportWord = z.infer<typeof rawImportWordSchema>;
const rawImportWordsSchema = z.array(rawImportWordSchema).max(MAX_IMPORT_WORDS);

/** Every word valid, or nothing saved (400); or, with `skipInvalid: true`, the valid ones only. */
export const importWordsBodySchema = z.discriminatedUnion('skipInvalid', [
  z.object({ skipInvalid: z.literal(false).optional(), words: importWordsSchema.min(1) }),
  z.object({ skipInvalid: z.literal(true), words: rawImportWordsSchema.min(1) }),
]);
export type ImportWordsBody = z.input<typeof importWordsBodySchema>;
/** An imported dictionary starts without an exam date. */
const importDictionaryInfoSchema = createDictionaryBodySchema.omit({ examDate: true });
export const importDictionaryBodySchema = z.discriminatedUnion('skipInvalid', [
  importDictionaryInfoSchema.extend({ skipInvalid: z.literal(false).optional(), words: importWordsSchema }),
  importDictionaryInfoSchema.extend({ skipInvalid: z.literal(true), words: rawImportWordsSchema }),
]);
export type ImportDictionaryBody = z.input<typeof importDictionaryBodySchema>;

/**
 * Why a word was not saved: its term was earlier in the import or is already in the
 * dictionary; or (only with `skipInvalid`) it breaks the rules, or there was no room left
 * under the role's word limit.
 */
export const IMPORT_SKIP_REASONS = [
  'duplicateInFile',
  'alreadyInDictionary',
  'invalid',
  'overWordLimit',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];
export const importSkippedWordSchema = z.object({
  term: z.string(),
  reason: z.enum(IMPORT_SKIP_REASONS),
  /** Where the word was in the request's `words` (0-based). */
  index: z.number().int().nonnegative(),
  /** duplicateInFile: where the term was first. */
  firstIndex: z.number().int().nonnegative().optional(),
  /** invalid: what is wrong, as encoded validation messages. */
  problems: z
    .array(z.object({ field: z.enum(['term', 'definitions', 'examples']), message: z.string() }))
    .optional(),
});
export type ImportSkippedWord = z.infer<typeof importSkippedWordSchema>;
export const importResultSchema = z.object({
  dictionary: dictionarySchema,
  imported: z.number().int(),
  /** Words not saved, in the order of the request, each with its reason. */
  skipped: z.array(importSkippedWordSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// --- Anki packages (docs/decisions/0061-anki-import-export.md) ------------------------------

/** An Anki package (.apkg, a zip) as base64; the server reads it (WASM SQLite) and judges its notes. */
/** One note of the package as the import would take it, with what would happen to it. */
export const ankiPreviewRowSchema = z.object({
  /** The note's position in the package (1-based, in the order Anki created them). */
  line: z.number().int(),
  term: z.string(),
  definitions: z.array(z.string()),
  examples: z.array(z.string()),
  status: z.enum(['ready', 'skipped', 'error']),
  problems: z.array(
    z.object({ field: z.enum(['term', 'definitions', 'examples', 'line']), message: z.string() }),
  ),
});
export type AnkiPreviewRow = z.infer<typeof ankiPreviewRowSchema>;

/** What importing a package into a dictionary would do; nothing is saved. */
export const ankiPreviewSchema = z.object({
  /** The package's deck name (the first one with notes), when it has one. */
  deck: z.string().nullable(),
  /** Media files the package carries (pictures and sounds), used or not. */
  media: z.number().int(),
  /**
   * The words to add that would bring a picture, and a recording, from the package (a note's
   * first of each): each is checked as an upload is, and one that fails or is past the storage
   * quota is left out, so these are at most what is stored.
   */
  pictures: z.number().int(),
  sounds: z.number().int(),
  rows: z.array(ankiPreviewRowSchema),
  /** ready: to add; skipped: duplicates; overLimit: past the word limit; invalid: broken notes. */
  counts: z.object({
    total: z.number().int(),
    ready: z.number().int(),
    skipped: z.number().int(),
    overLimit: z.number().int(),
    invalid: z.number().int(),
  }),
});
export type AnkiPreview = z.infer<typeof ankiPreviewSchema>;

export const EXPORT_FORMATS = ['csv', 'json', 'apkg'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const dictionaryExportSchema = z.object({
  format: z.literal('wordhoard.dictionary'),
  version: z.literal(1),
  exportedAt: isoDateSchema,
  dictionary: dictionarySchema.extend({ words: z.array(wordSchema) }),
});
export type DictionaryExport = z.infer<typeof dictionaryExportSchema>;
/** JSON, or the CSV text when `format=csv` (sent as text/csv). */
export const dictionaryExportResponseSchema = z.union([dictionaryExportSchema, z.string()]);

// --- The review log (docs/decisions/0044-review-log.md) --------------------------------------

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

export const accountExportSchema = z.object({
  format: z.literal('wordhoard.account'),
  version: z.literal(1),
  exportedAt: isoDateSchema,
  user: z.object({
    id: idSchema,
    email: z.string().nullable(),
    role: roleSchema,
    interfaceLanguage: languageSchema,
    sortingConfigs: sortingConfigsSchema,
    googleLinked: z.boolean(),
    emailVerifiedAt: isoDateSchema.nullable(),
    policyAcceptedAt: isoDateSchema.nullable(),
    guestExpiresAt: isoDateSchema.nullable(),
    createdAt: isoDateSchema,
    updatedAt: isoDateSchema,
  }),
  plan: userPlanSchema,
  subscriptions: z.array(
    z.object({
      status: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: isoDateSchema,
      endedAt: isoDateSchema.nullable(),
      createdAt: isoDateSchema,
    }),
  ),
  dictionaries: z.array(dictionarySchema.extend({ words: z.array(wordSchema) })),
  test: z
    .object({
      dictionaryId: idSchema.nullable(),
      swap: z.boolean(),
      range: testRangeSchema,
      position: z.number().int(),
      items: z.array(
        z.object({
          wordId: idSchema,
          term: z.string(),
          definitions: z.array(z.string()),
          done: z.array(z.string()),
          result: testResultSchema.nullable(),
          answers: z.array(z.string()),
          mistakes: z.number().int(),
        }),
      ),
      createdAt: isoDateSchema,
      updatedAt: isoDateSchema,
    })
    .nullable(),
  testAttempts: z.array(z.object({ day: z.string(), count: z.number().int() })),
  reviewLog: z.array(reviewLogEntrySchema),
  /** The learner's scheduler: desired retention and the last fit of their own parameters. */
  scheduler: schedulerStatusSchema,
});
export type AccountExport = z.infer<typeof accountExportSchema>;

// --- Guests who keep their words -------------------------------------------------------------

export const guestSignupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  inviteCode: inviteCodeSchema.optional(),
});
export const guestGoogleBodySchema = z.object({
  credential: z.string().min(1).max(8192),
  inviteCode: inviteCodeSchema.optional(),
});

/** Most uses and days one invite may have (decision 0081). */
export const INVITE_MAX_USES = 1000;
export const INVITE_MAX_DAYS = 365;
/** POST /invites: how many sign-ups the code allows, and for how many days (none: no expiry). */
const invalidInviteNumber = { error: encodeMessage(VALIDATION_KEYS.invalidValue) };
export const createInviteBodySchema = z.object({
  uses: z
    .number(invalidInviteNumber)
    .int(invalidInviteNumber)
    .min(1, invalidInviteNumber)
    .max(INVITE_MAX_USES, invalidInviteNumber)
    .optional(),
  days: z
    .number(invalidInviteNumber)
    .int(invalidInviteNumber)
    .min(1, invalidInviteNumber)
    .max(INVITE_MAX_DAYS, invalidInviteNumber)
    .optional(),
});
/** A new invite: the code is shown this once; only its hash is kept. */
export const inviteSchema = z.object({
  code: z.string(),
  uses: z.number().int(),
  expiresAt: z.iso.datetime().nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const idParamsSchema = z.object({ id: idSchema });
export const wordParamsSchema = z.object({ id: idSchema, wordId: idSchema });
export const mediaParamsSchema = z.object({ mediaId: idSchema });
/** Who stores how much: pictures and recordings of every word of the account, against the role's quota. */
export const mediaUsageSchema = z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() });
export type MediaUsage = z.infer<typeof mediaUsageSchema>;
/** A media file's bytes (GET /media/:mediaId): its own Content-Type, not JSON. */
export const mediaFileSchema = z.string();

export const translateParamsSchema = z.object({
  word: z.string().min(1).max(TEXT_LENGTH.middle),
});
export const translateQuerySchema = z.object({
  fromLanguage: contentLanguageSchema,
  toLanguage: contentLanguageSchema,
});
export const translationSchema = z.object({ translations: z.array(z.string()) });
/**
 * The language pairs the translation service knows, by source language ("ja": ["en", …]); null
 * when the service does not say, and every pair may be tried (decision 0059).
 */
export const translationLanguagesSchema = z.object({
  pairs: z.record(z.string(), z.array(z.string())).nullable(),
});
export type TranslationLanguages = z.infer<typeof translationLanguagesSchema>;

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
export const checkoutBodySchema = z.object({ planId: z.literal('premium') });

// --- Responses -----------------------------------------------------------------------------

export const userResponseSchema = z.object({ user: userSchema });
export const verifiedSchema = z.object({ verified: z.literal(true) });
export const isValidSchema = z.object({ isValid: z.boolean() });
/** `version`: the app's, from the root package.json (APP_VERSION), so an operator sees what runs. */
export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), version: z.string() });
export const dictionaryListSchema = z.object({
  data: z.array(dictionarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DictionaryList = z.infer<typeof dictionaryListSchema>;
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
export const urlSchema = z.object({ url: z.url() });
export const plansSchema = z.array(planSchema);
export const emptySchema = z.null();
