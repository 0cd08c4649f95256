import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReviewResult, TestRange, TesterOptions, TestWord } from '@wordhoard/shared';
import { timestamps, tz } from './columns';
import { users } from './accounts';
import { dictionaries, words } from './dictionaries';

// Tests, their words and attempts, memory cards, the review log and the days tested.

/** A learner's FSRS settings as a test keeps them (`SchedulerSettings` in testing/scheduling.ts). */
export interface StoredSchedulerSettings {
  desiredRetention: number;
  parameters: number[] | null;
}

/** The user's single active test (DESIGN §5): a snapshot, so edits never disturb it. */
export const testSessions = pgTable(
  'test_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dictionaryId: uuid('dictionary_id').references(() => dictionaries.id, { onDelete: 'set null' }),
    swap: boolean('swap').notNull(),
    range: jsonb('range').$type<TestRange>().notNull(),
    /**
     * The learner's scheduler when the test started (desired retention, fitted parameters):
     * the answer path grades with it and reads nothing more (decision 0046). Null in tests
     * saved before: the defaults.
     */
    scheduler: jsonb('scheduler').$type<StoredSchedulerSettings>(),
    /**
     * The options the test was started with (POST /tester's body), so its report can offer
     * "try again" on any device. Null in tests saved before.
     */
    options: jsonb('options').$type<TesterOptions>(),
    /** How many words the test has (its `test_items`, positions 0 … total − 1). */
    total: integer('total').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('test_sessions_user_key').on(t.userId)],
);

/**
 * The snapshotted words of a test, one row each: an answer rewrites its one word, not a
 * ~30 KB array of all of them (docs/performance.md, second round).
 */
export const testItems = pgTable(
  'test_items',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => testSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    item: jsonb('item').$type<TestWord>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.testId, t.position] })],
);

/** Tests started per user per learner's day (a local date, decision 0053), for the daily attempt limit. */
export const dailyAttempts = pgTable(
  'daily_attempts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * FSRS memory state of one word in one direction (`reversed`: definitions shown, term expected).
 * Owned through the dictionary; `dictionary_id` is the word's, kept here so due counts read
 * one index (docs/decisions/0011-spaced-repetition.md).
 */
export const wordCards = pgTable(
  'word_cards',
  {
    wordId: uuid('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    dictionaryId: uuid('dictionary_id')
      .notNull()
      .references(() => dictionaries.id, { onDelete: 'cascade' }),
    reversed: boolean('reversed').notNull(),
    due: tz('due').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: integer('state').notNull(),
    lastReview: tz('last_review'),
  },
  (t) => [
    primaryKey({ columns: [t.wordId, t.reversed] }),
    // "Due before the end of today in this dictionary and direction": counts and due tests.
    index('word_cards_dictionary_due_idx').on(t.dictionaryId, t.reversed, t.due),
  ],
);

/**
 * Every graded attempt, as it happened: the ground truth the learner's own FSRS parameters
 * are fitted from (docs/decisions/0044-review-log.md). Written in the same statement as the
 * answer it records, so an answer applied once is logged once. It goes with its word, and with
 * the account.
 */
export const reviewLog = pgTable(
  'review_log',
  {
    // Orders attempts made within one millisecond (the clock of a test, say).
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: uuid('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    reversed: boolean('reversed').notNull(),
    definition: text('definition'),
    typed: text('typed'),
    result: text('result').$type<ReviewResult>().notNull(),
    rating: smallint('rating'),
    state: smallint('state').notNull(),
    durationMs: integer('duration_ms'),
    reviewedAt: tz('reviewed_at').notNull(),
    /**
     * On the attempt that finished its word: the definitions (in a reversed test, the term)
     * recalled unaided, and those missed — not typed before the first wrong check showed the
     * answers, or skipped. Null on other attempts and before decision 0049.
     */
    recalled: text('recalled').array(),
    missed: text('missed').array(),
    /** On a wrong answer that was another word's answer: that word (a confusion pair). */
    confusedWordId: uuid('confused_word_id').references(() => words.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The export and the optimizer read one learner's log in time order.
    index('review_log_user_time_idx').on(t.userId, t.reviewedAt),
    // Deleting a word deletes its log without a scan.
    index('review_log_word_idx').on(t.wordId),
    // ... and clears the confusions that name it, again without a scan.
    index('review_log_confused_word_idx')
      .on(t.confusedWordId)
      .where(sql`${t.confusedWordId} is not null`),
  ],
);

/** Tests started per dictionary per UTC day: the progress chart and the streak. */
export const testDays = pgTable(
  'test_days',
  {
    dictionaryId: uuid('dictionary_id')
      .notNull()
      .references(() => dictionaries.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    tests: integer('tests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dictionaryId, t.day] })],
);
