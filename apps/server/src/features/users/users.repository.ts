import { and, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import { reviewLog, subscriptions, users } from '../../db/schema';
import { callerColumns, callerCte } from '../../db/caller-session';
import type { Caller } from '../../domain/caller';
import type { CallerSession as SessionRecord } from '../../domain/caller';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The columns the contract's `User` is made of (user.presenter.ts). GET /users/me, the hottest
 * read, selects only these: every column costs decoding on each request, and the two tables have
 * ~40 (a micro-benchmark of the same join: ~90 µs of CPU per query with every column, ~50 with a
 * few; docs/performance.md).
 */
const USER_DTO_COLUMNS = {
  id: users.id,
  email: users.email,
  role: users.role,
  interfaceLanguage: users.interfaceLanguage,
  sortingConfigs: users.sortingConfigs,
  guestExpiresAt: users.guestExpiresAt,
  passwordHash: users.passwordHash,
  googleSubject: users.googleSubject,
  desiredRetention: users.desiredRetention,
  leechThreshold: users.leechThreshold,
  timeZone: users.timeZone,
  dailyGoal: users.dailyGoal,
  reminderEmail: users.reminderEmail,
  reminderMinute: users.reminderMinute,
} as const;
const PLAN_COLUMNS = {
  status: subscriptions.status,
  endedAt: subscriptions.endedAt,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
} as const;
export type UserDtoSource = Pick<UserRow, keyof typeof USER_DTO_COLUMNS>;
export type PlanSource = Pick<SubscriptionRow, keyof typeof PLAN_COLUMNS>;

/**
 * The subscription `User.plan` shows: a live one first (a refunded extra subscription is
 * updated last but must not hide the one that still gives Premium), then the newest.
 */
const planOrder = [
  sql`(${subscriptions.status} in ('active', 'trialing', 'past_due') and ${subscriptions.endedAt} is null) desc nulls last`,
  sql`${subscriptions.updatedAt} desc nulls last`,
];

export class UsersRepository {
  private readonly prepared = new PreparedQueries('users');

  constructor(private readonly db: Db) {}

  /**
   * The user's reviews (attempts that finished a word: graded, or practice) per local day, one
   * query: `bounds` are the starts of consecutive local days and the end of the last, computed
   * in the learner's zone (decision 0053), and `width_bucket` puts each review in its day
   * (1 = the first). Days without a review are left out.
   */
  async reviewsPerDay(userId: string, bounds: Date[]): Promise<{ day: number; reviews: number }[]> {
    const first = bounds[0];
    const last = bounds.at(-1);
    if (!first || !last) return [];
    const edges = sql`${`{${bounds.map((bound) => bound.toISOString()).join(',')}}`}::timestamptz[]`;
    return this.db
      .select({
        day: sql<number>`width_bucket(${reviewLog.reviewedAt}, ${edges})::int`.as('day'),
        reviews: sql<number>`count(*)::int`,
      })
      .from(reviewLog)
      .where(
        and(
          eq(reviewLog.userId, userId),
          gte(reviewLog.reviewedAt, first),
          lt(reviewLog.reviewedAt, last),
          or(isNotNull(reviewLog.rating), isNotNull(reviewLog.recalled)),
        ),
      )
      .groupBy(sql`1`);
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** The user with their newest subscription, in one round trip (for `User.plan`). */
  async findWithSubscription(
    id: string,
  ): Promise<{ user: UserRow; subscription: SubscriptionRow | null } | undefined> {
    const query = this.prepared.get('with_subscription', (name) =>
      this.db
        .select({ user: users, subscription: subscriptions })
        .from(users)
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .where(eq(users.id, sql.placeholder('id')))
        .orderBy(...planOrder)
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ id });
    return row;
  }

  /**
   * `findWithSubscription` for the caller of a hot route, found by its session in the same
   * query (features/session/caller.ts): the session found, and the user and their newest
   * subscription; undefined when the session is not live.
   */
  async findCallerWithSubscription(
    caller: Caller['params'],
  ): Promise<{ session: SessionRecord; user: UserDtoSource; subscription: PlanSource | null } | undefined> {
    const query = this.prepared.get('caller_with_subscription', (name) => {
      const me = callerCte(this.db);
      return this.db
        .with(me)
        .select({
          session: callerColumns(me),
          user: USER_DTO_COLUMNS,
          subscription: PLAN_COLUMNS,
        })
        .from(me)
        .innerJoin(users, eq(users.id, me.userId))
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .orderBy(...planOrder)
        .limit(1)
        .prepare(name);
    });
    const [row] = await query.execute(caller);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findByGoogleSubject(subject: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
    return row;
  }

  async insert(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned no user');
    return row;
  }

  async update(id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const removed = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return removed.length > 0;
  }

  /**
   * Deletes guests whose 24 hours are over, with everything they own (foreign keys cascade);
   * that includes a guest who signed up but never verified the address. Verifying clears
   * `guestExpiresAt`. A plain DELETE by predicate: concurrent runs simply share the work.
   */
  async deleteExpiredGuests(now: Date): Promise<number> {
    const removed = await this.db
      .delete(users)
      .where(and(isNotNull(users.guestExpiresAt), lt(users.guestExpiresAt, now)))
      .returning({ id: users.id });
    return removed.length;
  }
}
