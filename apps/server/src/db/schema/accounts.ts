import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language, Role, SortingConfigs } from '@wordhoard/shared';
import { timestamps, tz } from './columns';

// Accounts and how they sign in: users, their sessions, mailed codes.

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
