import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
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
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ContentLanguage,
  Language,
  ReviewResult,
  Role,
  SortingConfigs,
  TestRange,
  TesterOptions,
  TestResult,
} from '@wordhoard/shared';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; null for guests. */
    email: text('email'),
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    role: text('role').$type<Role>().notNull(),
    interfaceLanguage: text('interface_language').$type<Language>().notNull().default('en'),
    sortingConfigs: jsonb('sorting_configs').$type<SortingConfigs>().notNull(),
    emailVerifiedAt: tz('email_verified_at'),
    policyAcceptedAt: tz('policy_accepted_at'),
    guestExpiresAt: tz('guest_expires_at'),
    stripeCustomerId: text('stripe_customer_id'),
    /** A checkout being prepared (a lease; docs/decisions/0017-payment-claims.md). */
    checkoutClaimedAt: tz('checkout_claimed_at'),
    /** FSRS desired retention, 0.70–0.97 (docs/decisions/0046-personal-scheduling.md). */
    desiredRetention: doublePrecision('desired_retention').notNull().default(0.9),
    /** Lapses of a word's definitions that make it a leech (docs/decisions/0049-weak-spots.md). */
    leechThreshold: smallint('leech_threshold').notNull().default(8),
    /** The learner's IANA time zone: their day (docs/decisions/0053-learners-day.md). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * After a change of zone, when the new zone's days begin; before it the day in progress at
     * the change (`day_before_zone`, a date of the old zone) goes on counting. Null: no change
     * pending or ever made.
     */
    timeZoneSince: tz('time_zone_since'),
    dayBeforeZone: date('day_before_zone', { mode: 'string' }),
    /** Words to review each day for the day to count in the streak, 5–500. */
    dailyGoal: smallint('daily_goal').notNull().default(20),
    /** E-mail reminders on, and when: minutes after local midnight (docs/decisions/0054-reminders.md). */
    reminderEmail: boolean('reminder_email').notNull().default(false),
    reminderMinute: smallint('reminder_minute').notNull().default(1080),
    /** The random token of the one-click unsubscribe link; made with the first reminder. */
    reminderToken: text('reminder_token'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    uniqueIndex('users_stripe_customer_key').on(t.stripeCustomerId),
    uniqueIndex('users_reminder_token_key').on(t.reminderToken),
    // The guest sweeper reads only expiring guests.
    index('users_guest_expiry_idx')
      .on(t.guestExpiresAt)
      .where(sql`${t.guestExpiresAt} is not null`),
  ],
);

/** Opaque session tokens, kept only as their SHA-256 (docs/decisions/0003-session-model.md). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** When the current token was minted (sign-in or rotation): a fresh token is not rotated again. */
    tokenIssuedAt: tz('token_issued_at').notNull().defaultNow(),
    /**
     * The token the last rotation replaced, still accepted until `previous_token_valid_until`
     * so that tabs refreshing at once all stay signed in (docs/decisions/0015-session-rotation-grace.md).
     */
    previousTokenHash: text('previous_token_hash'),
    previousTokenValidUntil: tz('previous_token_valid_until'),
    /** A session a restore code signed in may set a new password without the old one until then. */
    passwordResetUntil: tz('password_reset_until'),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_previous_token_hash_idx')
      .on(t.previousTokenHash)
      .where(sql`${t.previousTokenHash} is not null`),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export type EmailCodePurpose = 'verify' | 'restore';

/** Mailed one-time codes, hashed; single use, limited tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    consumedAt: tz('consumed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

export const dictionaries = pgTable(
  'dictionaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fromLanguage: text('from_language').$type<ContentLanguage>().notNull(),
    toLanguage: text('to_language').$type<ContentLanguage>().notNull(),
    wordsCount: integer('words_count').notNull().default(0),
    /** No review is planned past this day's eve (docs/decisions/0050-exam-date.md). */
    examDate: date('exam_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('dictionaries_user_updated_idx').on(t.userId, t.updatedAt),
    index('dictionaries_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    index('dictionaries_user_words_idx').on(t.userId, t.wordsCount),
  ],
);

export const words = pgTable(
  'words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dictionaryId: uuid('dictionary_id')
      .notNull()
      .references(() => dictionaries.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    /** The term lower-cased: terms are unique per dictionary ignoring case. */
    termKey: text('term_key').notNull(),
    definitions: text('definitions').array().notNull(),
    /** Up to five example sentences, in order (docs/decisions/0060-example-sentences-and-cloze.md). */
    examples: text('examples')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Bumped by every edit of the word: an edit that names the version it was made on is refused
     * (409 `WORD_CHANGED`) once another edit got in first, so nothing is silently overwritten.
     */
    version: integer('version').notNull().default(1),
    /**
     * What a words search looks in: term and definitions, lower-cased, one per line. Kept by
     * the `words_search_text` trigger (migration 0001) so that no writer can forget it.
     */
    searchText: text('search_text').notNull().default(''),
    /** Set aside (a leech): in no test and no due count until resumed (decision 0049). */
    suspendedAt: tz('suspended_at'),
    /**
     * Every text that counts exactly as one of the definitions (`definitionForms` of each), and
     * as the term (for reversed tests): what a wrong answer is looked up in to find the word it
     * belongs to (a confusion) without reading the whole dictionary. Written with the word by
     * the repository; null until computed (older rows, raw inserts), when the answer-forms job
     * fills it in (docs/decisions/0066-answer-forms-index.md).
     */
    answerForms: text('answer_forms').array(),
    termForms: text('term_forms').array(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('words_dictionary_term_key').on(t.dictionaryId, t.termKey),
    // A confusion lookup: the dictionary's words with this exact form (btree_gin leads with the
    // dictionary, as the search index does), and the words whose forms are not computed yet.
    index('words_dictionary_answer_forms_idx')
      .using('gin', t.dictionaryId, t.answerForms)
      .with({ fastupdate: false }),
    index('words_dictionary_term_forms_idx')
      .using('gin', t.dictionaryId, t.termForms)
      .with({ fastupdate: false }),
    index('words_dictionary_forms_missing_idx')
      .on(t.dictionaryId)
      .where(sql`${t.answerForms} is null or ${t.termForms} is null`),
    index('words_dictionary_created_idx').on(t.dictionaryId, t.createdAt),
    index('words_dictionary_updated_idx').on(t.dictionaryId, t.updatedAt),
    // Substring search inside one dictionary without reading its other words: a trigram GIN
    // index led by the dictionary (btree_gin); see docs/decisions/0010-word-search-index.md.
    // fastupdate off: new words go straight into the index rather than into a pending list
    // that every search must read until a vacuum merges it.
    index('words_dictionary_search_idx')
      .using('gin', t.dictionaryId, t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/**
 * A word's columns without its answer forms, which only the confusion lookup and the job that
 * computes them read: every other read of whole words selects these.
 */
const { answerForms: _answerForms, termForms: _termForms, ...wordColumns } = getTableColumns(words);
export { wordColumns };

/** One snapshotted word of a test, with what happened to it. */
export interface TestSessionItem {
  wordId: string;
  term: string;
  definitions: string[];
  done: string[];
  result: TestResult | null;
  answers: string[];
  /** Wrong checks so far: a word completed or skipped after one counts wrong. */
  mistakes: number;
  /** Terms of other words of the dictionary whose answer was typed for this one (confusions). */
  confusions?: string[];
  /**
   * How many definitions were done when the first wrong check showed the answers: those typed
   * after it were helped (missed, for the weak spots). Absent while no check failed.
   */
  helpedAt?: number;
  /**
   * How many of `done` were shown done from the start: a weak-definition test asks one
   * definition and shows the word's others (docs/decisions/0049-weak-spots.md).
   */
  given?: number;
  /** In a test of confusion pairs, the term of the word this one was mixed up with. */
  contrast?: string;
  /** The word's example sentences when the test started (decision 0060). Absent in tests saved before. */
  examples?: string[];
  /** A cloze question: the example sentence around the blank the term fills (decision 0060). */
  cloze?: { before: string; after: string };
  /** The exam day of the word's dictionary when the test started: no review is planned past its eve. */
  examDate?: string;
  /** Whether a definition was accepted only as a near miss (FSRS grade Hard). Absent: no. */
  almost?: boolean;
  /**
   * The word's memory state in this test's direction when the test started (null: never
   * reviewed). Only the active test changes it, so the answer path needs no read to grade.
   * Absent in tests saved before spaced repetition: then the word is not graded.
   */
  card?: StoredCard | null;
  /**
   * The answers and the skip applied to this word, by the client's attemptId, so that a repeat
   * returns its first result and changes nothing (docs/decisions/0018-answers-applied-once.md).
   * The last MAX_RECORDED_ANSWERS only; absent in tests saved before.
   */
  attempts?: AppliedAttempt[];
  /**
   * The word's dictionary, its direction (true: the definitions shown, the term expected) and
   * the languages shown and typed, as they were when the test started: a test of the due words
   * of every dictionary mixes them (docs/decisions/0048-due-across-dictionaries.md). Absent in
   * tests saved before: then the test's dictionary and `swap` apply.
   */
  dictionaryId?: string;
  reversed?: boolean;
  promptLanguage?: ContentLanguage;
  answerLanguage?: ContentLanguage;
}

/**
 * One applied attempt, as small as its first result can be rebuilt from: `done` is how many
 * definitions were done after it (`done` only grows), `typed` the trimmed text of a wrong one
 * or a near miss (absent in near misses saved before).
 */
export interface AppliedAttempt {
  id: string;
  /** `override`: the learner's "I was right" for a wrong attempt, accepted. */
  kind: 'correct' | 'almost' | 'wrong' | 'skip' | 'override';
  done: number;
  typed?: string;
  /** A wrong attempt the learner has since overridden: once per answer. */
  overridden?: true;
  /** The other word a wrong answer was the answer of, so a repeat says it again. */
  confusedWith?: { term: string; definitions: string[] };
}

/** A learner's FSRS settings as a test keeps them (`SchedulerSettings` in testing/scheduling.ts). */
export interface StoredSchedulerSettings {
  desiredRetention: number;
  parameters: number[] | null;
}

/** An FSRS card as the test snapshot keeps it (docs/decisions/0011-spaced-repetition.md). */
export interface StoredCard {
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
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
    item: jsonb('item').$type<TestSessionItem>().notNull(),
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

/**
 * A learner's own FSRS parameters, fitted from their review log off the request path, and how
 * well they predicted the reviews held back from the fit; also the lease of a fit in progress,
 * so that one runs per learner at a time (docs/decisions/0046-personal-scheduling.md).
 */
export const learnerParameters = pgTable('learner_parameters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A fit in progress since then (a lease: a crashed fit is retried once it is old). */
  fitClaimedAt: tz('fit_claimed_at'),
  /** The 21 FSRS-6 weights of the last fit; null before the first one finished. */
  parameters: doublePrecision('parameters').array(),
  fittedAt: tz('fitted_at'),
  /** Graded reviews the fit read, and the newest of them: later ones are "new reviews". */
  reviews: integer('reviews'),
  lastReviewId: bigint('last_review_id', { mode: 'number' }),
  /** Held-back reviews scored, and the log loss and RMSE of the defaults and of the fit on them. */
  scored: integer('scored'),
  defaultLogLoss: doublePrecision('default_log_loss'),
  fittedLogLoss: doublePrecision('fitted_log_loss'),
  defaultRmse: doublePrecision('default_rmse'),
  fittedRmse: doublePrecision('fitted_rmse'),
});

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

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id').notNull(),
    stripePriceId: text('stripe_price_id'),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: tz('current_period_end').notNull(),
    endedAt: tz('ended_at'),
    /** A refund being made (a lease), and what it refunds, pinned before Stripe is asked. */
    refundClaimedAt: tz('refund_claimed_at'),
    refundInvoiceId: text('refund_invoice_id'),
    refundAmount: integer('refund_amount'),
    /** Stripe's refund, once it exists. */
    refundId: text('refund_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_stripe_id_key').on(t.stripeSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

/** Webhook events already applied; inserted in the same transaction as their effect. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: tz('processed_at').notNull().defaultNow(),
});

/** Fixed-window counters for rate limits when no Redis is configured. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: tz('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

export type ReminderOutcome = 'sent' | 'skipped';

/**
 * A learner's reminder of one local day: unique per user and day, claimed by one instance at a
 * time with `FOR UPDATE SKIP LOCKED` and a lease (docs/decisions/0054-reminders.md).
 */
export const reminderJobs = pgTable(
  'reminder_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    runAt: tz('run_at').notNull(),
    /** An instance working on it until then (a lease: a crashed run is retried once it is old). */
    claimedUntil: tz('claimed_until'),
    attempts: smallint('attempts').notNull().default(0),
    doneAt: tz('done_at'),
    outcome: text('outcome').$type<ReminderOutcome>(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_jobs_user_day_key').on(t.userId, t.day),
    index('reminder_jobs_pending_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/** Web Push subscriptions of a user's browsers (VAPID). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export type MediaKind = 'picture' | 'audio';

/**
 * A word's picture or recorded pronunciation (docs/decisions/0063-word-media.md): one of each
 * kind per word, its bytes in the blob store under `storage_key`. Deleting a row, by cascade
 * too (word, dictionary, account), queues its blob in `blob_deletions` (trigger, migration 0015).
 */
export const wordMedia = pgTable(
  'word_media',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: uuid('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MediaKind>().notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** Pictures: the stored (re-encoded) size in pixels. */
    width: integer('width'),
    height: integer('height'),
    /** Recordings: the length the container says. */
    durationMs: integer('duration_ms'),
    storageKey: text('storage_key').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('word_media_storage_key').on(t.storageKey),
    uniqueIndex('word_media_word_kind_key').on(t.wordId, t.kind),
    index('word_media_owner_idx').on(t.ownerId),
  ],
);

/**
 * Blobs whose row is gone, for the blob sweep to delete from the store: filled by the
 * `word_media` AFTER DELETE trigger, drained with `FOR UPDATE SKIP LOCKED` and a lease.
 */
export const blobDeletions = pgTable(
  'blob_deletions',
  {
    storageKey: text('storage_key').primaryKey(),
    /** An instance deleting it until then (a crashed run's claim runs out). */
    claimedUntil: tz('claimed_until'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('blob_deletions_created_idx').on(t.createdAt)],
);

/**
 * Invite codes for sign-up when SIGNUP_MODE is `invite` (docs/decisions/0081-private-instance.md):
 * kept only as their SHA-256, each good for `uses_left` more sign-ups until `expires_at` (null:
 * no expiry). A sign-up takes one use in a single conditional UPDATE, so two sign-ups cannot
 * both take the last one.
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    usesLeft: integer('uses_left').notNull(),
    expiresAt: tz('expires_at'),
    /** The developer who made it in the app; null from the admin CLI (or once they are deleted). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invites_code_hash_key').on(t.codeHash)],
);
