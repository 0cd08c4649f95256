import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pushSubscriptions } from '../../db/schema';

export interface StoredPushSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The Web Push subscriptions of users' browsers (decision 0055). */
export class PushRepository {
  constructor(private readonly db: Db) {}

  /**
   * Keeps `subscription` for `userId`: one row per endpoint (a browser's endpoint belongs to one
   * account, so a re-subscribe from another account moves it), and at most `keep` per user, the
   * newest (an old device beyond that is forgotten).
   */
  async upsert(
    userId: string,
    subscription: { endpoint: string; p256dh: string; auth: string },
    now: Date,
    keep: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(pushSubscriptions)
        .values({ userId, ...subscription, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: now },
        });
      const newest = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(keep);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    });
  }

  /** Removes the caller's subscription with this endpoint; another user's stays. */
  async deleteForUser(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /** Removes one subscription the push service said is gone (404/410). */
  async deleteById(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  listForUser(userId: string): Promise<StoredPushSubscription[]> {
    return this.db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt);
  }
}
