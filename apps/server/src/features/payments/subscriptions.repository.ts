import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { stripeEvents, subscriptions, users } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;

export class SubscriptionsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Records the event; false when it was already processed (the caller then does nothing). */
  async markEventProcessed(tx: Tx, id: string, type: string): Promise<boolean> {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id, type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    return inserted.length > 0;
  }

  async upsert(tx: Tx | Db, values: typeof subscriptions.$inferInsert): Promise<void> {
    await tx
      .insert(subscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: subscriptions.stripeSubscriptionId,
        set: {
          status: values.status,
          cancelAtPeriodEnd: values.cancelAtPeriodEnd,
          currentPeriodEnd: values.currentPeriodEnd,
          stripePriceId: values.stripePriceId,
          endedAt: values.endedAt,
          updatedAt: values.updatedAt,
        },
      });
  }

  /**
   * Serialises the changes of one user's subscriptions and role (webhooks racing each other or
   * a refund): a row lock for the rest of the transaction, which never spans a call to Stripe.
   */
  async lockUser(tx: Tx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  /** The user's subscription that still gives Premium, if any. */
  async findLive(userId: string, tx: Tx | Db = this.db): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, [...LIVE_STATUSES]),
          isNull(subscriptions.endedAt),
        ),
      )
      .orderBy(sql`${subscriptions.currentPeriodEnd} desc`)
      .limit(1);
    return row;
  }

  /**
   * Every live subscription of the user, the one Stripe made first first: that one is kept when
   * a second payment landed (ties broken by id, so every reader picks the same one).
   */
  async findAllLive(userId: string): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, [...LIVE_STATUSES]),
          isNull(subscriptions.endedAt),
        ),
      )
      .orderBy(asc(subscriptions.createdAt), asc(subscriptions.stripeSubscriptionId));
  }

  /** The newest subscription whose refund was made: what a repeated refund request answers. */
  async findRefunded(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.refundId} is not null`))
      .orderBy(sql`${subscriptions.updatedAt} desc`)
      .limit(1);
    return row;
  }

  /**
   * Takes the refund lease of a subscription row: one conditional UPDATE, so of any number of
   * racing requests exactly one gets the row back. A lease older than `staleBefore` belonged
   * to a request that died and may be taken over.
   */
  async claimRefund(id: string, now: Date, staleBefore: Date): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .update(subscriptions)
      .set({ refundClaimedAt: now })
      .where(
        and(
          eq(subscriptions.id, id),
          or(isNull(subscriptions.refundClaimedAt), lt(subscriptions.refundClaimedAt, staleBefore)),
        ),
      )
      .returning();
    return row;
  }

  async releaseRefund(id: string, claimedAt: Date): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({ refundClaimedAt: null })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.refundClaimedAt, claimedAt)));
  }

  /**
   * Fixes what the refund refunds before Stripe is first asked, so every retry sends Stripe the
   * same parameters under the same idempotency key. The first pin wins; later ones read it.
   */
  async pinRefund(
    id: string,
    invoiceId: string,
    amount: number,
  ): Promise<{ invoiceId: string; amount: number }> {
    await this.db
      .update(subscriptions)
      .set({ refundInvoiceId: invoiceId, refundAmount: amount })
      .where(and(eq(subscriptions.id, id), isNull(subscriptions.refundInvoiceId)));
    const [row] = await this.db
      .select({ invoiceId: subscriptions.refundInvoiceId, amount: subscriptions.refundAmount })
      .from(subscriptions)
      .where(eq(subscriptions.id, id));
    return { invoiceId: row?.invoiceId ?? invoiceId, amount: row?.amount ?? amount };
  }

  async recordRefund(id: string, refundId: string): Promise<void> {
    await this.db.update(subscriptions).set({ refundId }).where(eq(subscriptions.id, id));
  }

  async findByStripeId(stripeSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
      .limit(1);
    return row;
  }

  async userByCustomer(customerId: string) {
    const [row] = await this.db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
    return row;
  }

  /** Stores the Stripe customer once; a racing second request gets the first one's id. */
  async attachCustomer(userId: string, customerId: string): Promise<string> {
    const updated = await this.db
      .update(users)
      .set({ stripeCustomerId: customerId })
      .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
      .returning({ id: users.stripeCustomerId });
    if (updated[0]?.id) return updated[0].id;
    const [row] = await this.db
      .select({ id: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, userId));
    return row?.id ?? customerId;
  }

  /** Takes the checkout lease of a user (see `claimRefund`); answers their Stripe customer id. */
  async claimCheckout(
    userId: string,
    now: Date,
    staleBefore: Date,
  ): Promise<{ stripeCustomerId: string | null } | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ checkoutClaimedAt: now })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.checkoutClaimedAt), lt(users.checkoutClaimedAt, staleBefore)),
        ),
      )
      .returning({ stripeCustomerId: users.stripeCustomerId });
    return row;
  }

  async releaseCheckout(userId: string, claimedAt: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ checkoutClaimedAt: null })
      .where(and(eq(users.id, userId), eq(users.checkoutClaimedAt, claimedAt)));
  }

  /** Premium follows the subscription; roles set by hand (developer, friend) are left alone. */
  async setPremium(tx: Tx, userId: string, premium: boolean): Promise<void> {
    await tx
      .update(users)
      .set({ role: premium ? 'premium' : 'user', updatedAt: new Date() })
      .where(and(eq(users.id, userId), inArray(users.role, premium ? ['user', 'premium'] : ['premium'])));
  }
}
