import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dailyAttempts, subscriptions, testItems, testSessions } from '../../db/schema';

/**
 * The account export's reads of the tables no other service hands out whole: every
 * subscription the user ever had, their test with its words, and their daily attempts.
 */
export class AccountExportRepository {
  constructor(private readonly db: Db) {}

  subscriptionHistory(userId: string) {
    return this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.createdAt));
  }

  async test(userId: string) {
    const [test] = await this.db.select().from(testSessions).where(eq(testSessions.userId, userId)).limit(1);
    if (!test) return undefined;
    const items = await this.db
      .select({ item: testItems.item })
      .from(testItems)
      .where(eq(testItems.testId, test.id))
      .orderBy(asc(testItems.position));
    return { ...test, items: items.map((row) => row.item) };
  }

  attempts(userId: string) {
    return this.db
      .select({ day: dailyAttempts.day, count: dailyAttempts.count })
      .from(dailyAttempts)
      .where(eq(dailyAttempts.userId, userId))
      .orderBy(asc(dailyAttempts.day));
  }
}
