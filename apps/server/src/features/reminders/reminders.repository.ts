import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pushSubscriptions, reminderJobs, users, type ReminderOutcome } from '../../db/schema';

/** A learner who may get a reminder today: what decides when. */
export interface ReminderCandidate {
  userId: string;
  timeZone: string;
  reminderMinute: number;
}

/** A reminder one instance now holds (until its lease ends). */
export interface ClaimedReminder {
  id: string;
  userId: string;
  day: string;
  runAt: Date;
}

/** What the job needs to know of the learner when it decides and writes. */
export type ReminderRecipient = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'email'
  | 'role'
  | 'emailVerifiedAt'
  | 'guestExpiresAt'
  | 'interfaceLanguage'
  | 'reminderEmail'
  | 'reminderToken'
  | 'timeZone'
  | 'timeZoneSince'
  | 'dayBeforeZone'
  | 'dailyGoal'
>;

/**
 * The reminder jobs (docs/decisions/0054-reminders.md) and the reminder columns of `users`.
 * Claims use `FOR UPDATE SKIP LOCKED` and a lease, so instances sharing one PostgreSQL split
 * the due reminders and never take one twice.
 */
export class RemindersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Accounts that want a reminder by some channel: e-mail on with a verified address, or a
   * push subscription. Never guests (nor a guest who signed up and has not verified yet).
   */
  async candidates(): Promise<ReminderCandidate[]> {
    const hasPush = sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})`;
    return this.db
      .select({ userId: users.id, timeZone: users.timeZone, reminderMinute: users.reminderMinute })
      .from(users)
      .where(
        and(
          ne(users.role, 'guest'),
          isNull(users.guestExpiresAt),
          or(
            and(eq(users.reminderEmail, true), isNotNull(users.email), isNotNull(users.emailVerifiedAt)),
            hasPush,
          ),
        ),
      );
  }

  /** Adds the day's reminders not yet there: one per user and local day, whoever adds it first. */
  async enqueue(jobs: { userId: string; day: string; runAt: Date }[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.db.insert(reminderJobs).values(jobs).onConflictDoNothing();
  }

  /**
   * Takes up to `limit` due reminders no one holds: marks them held until `now + leaseMs` in the
   * same statement that locks them (`SKIP LOCKED`: rows another instance is claiming are passed
   * over, not waited for). A reminder is tried at most `maxAttempts` times.
   */
  async claim(now: Date, limit: number, leaseMs: number, maxAttempts: number): Promise<ClaimedReminder[]> {
    const until = new Date(now.getTime() + leaseMs);
    const due = this.db
      .select({ id: reminderJobs.id })
      .from(reminderJobs)
      .where(
        and(
          isNull(reminderJobs.doneAt),
          lte(reminderJobs.runAt, now),
          or(isNull(reminderJobs.claimedUntil), lt(reminderJobs.claimedUntil, now)),
          lt(reminderJobs.attempts, maxAttempts),
        ),
      )
      .orderBy(asc(reminderJobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(reminderJobs)
      .set({ claimedUntil: until, attempts: sql`${reminderJobs.attempts} + 1` })
      .where(inArray(reminderJobs.id, due))
      .returning({
        id: reminderJobs.id,
        userId: reminderJobs.userId,
        day: reminderJobs.day,
        runAt: reminderJobs.runAt,
      });
  }

  /** Closes a reminder: sent, or skipped (nothing due, goal met, turned off, too late). */
  async finish(id: string, outcome: ReminderOutcome, now: Date): Promise<void> {
    await this.db
      .update(reminderJobs)
      .set({ doneAt: now, outcome, claimedUntil: null })
      .where(eq(reminderJobs.id, id));
  }

  async recipient(userId: string): Promise<ReminderRecipient | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        guestExpiresAt: users.guestExpiresAt,
        interfaceLanguage: users.interfaceLanguage,
        reminderEmail: users.reminderEmail,
        reminderToken: users.reminderToken,
        timeZone: users.timeZone,
        timeZoneSince: users.timeZoneSince,
        dayBeforeZone: users.dayBeforeZone,
        dailyGoal: users.dailyGoal,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  /** The user's unsubscribe token: the one they have, or `fresh` stored as it. */
  async tokenOf(userId: string, fresh: string): Promise<string> {
    const [row] = await this.db
      .update(users)
      .set({ reminderToken: sql`coalesce(${users.reminderToken}, ${fresh})` })
      .where(eq(users.id, userId))
      .returning({ token: users.reminderToken });
    if (!row?.token) throw new Error('no user for the reminder token');
    return row.token;
  }

  /** Turns e-mail reminders off for the token's owner; whether that changed anything. */
  async unsubscribe(token: string): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ reminderEmail: false, updatedAt: new Date() })
      .where(and(eq(users.reminderToken, token), eq(users.reminderEmail, true)))
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
