import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimits } from '../../db/schema';
import { CountingRateLimitStore, secondsUntil, type RateDecision } from './rate-limiter';

/** The rate-limit counters in the database, for a deployment without Redis (decision 0006). */
export class DatabaseRateLimitStore extends CountingRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {
    super();
  }

  async add(
    key: string,
    amount: number,
    windowMs: number,
  ): Promise<{ count: number; retryAfterSeconds: number }> {
    const now = this.clock();
    const resetAt = new Date(now.getTime() + windowMs);
    // One atomic upsert: a window that is over starts again at `amount`.
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: amount, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${amount}::integer else ${rateLimits.count} + ${amount}::integer end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (!row) throw new Error('rate limit upsert returned nothing');
    return { count: row.count, retryAfterSeconds: secondsUntil(row.resetAt.getTime(), now.getTime()) };
  }

  async subtract(key: string, amount: number): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - ${amount}::integer, 0)` })
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, this.clock())));
  }

  async peek(key: string, limit: number): Promise<RateDecision> {
    const now = this.clock();
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
    if (!row || row.resetAt <= now) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: row.count < limit,
      retryAfterSeconds: secondsUntil(row.resetAt.getTime(), now.getTime()),
    };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  async deleteExpired(): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.resetAt, this.clock()));
  }
}
