import { sql } from 'drizzle-orm';
import { date, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './accounts';

// Reminders: the daily jobs and the browsers' push subscriptions.

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
