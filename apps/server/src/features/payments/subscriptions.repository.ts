import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { stripeEvents, subscriptions, users } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
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

  /** Premium follows the subscription; roles set by hand (developer, friend) are left alone. */
  async setPremium(tx: Tx, userId: string, premium: boolean): Promise<void> {
    await tx
      .update(users)
      .set({ role: premium ? 'premium' : 'user', updatedAt: new Date() })
      .where(and(eq(users.id, userId), inArray(users.role, premium ? ['user', 'premium'] : ['premium'])));
  }
}
