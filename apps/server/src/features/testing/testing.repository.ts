import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import {
  dailyAttempts,
  dictionaries,
  testSessions,
  users,
  words,
  type TestSessionItem,
} from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type TestSessionRow = typeof testSessions.$inferSelect;
export type SnapshotWord = { id: string; term: string; definitions: string[] };

/** The UTC day an attempt counts for. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export class TestingRepository {
  private readonly prepared = new PreparedQueries('testing');

  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async role(userId: string, tx: Tx | Db = this.db) {
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.role;
  }

  async ownsDictionary(userId: string, dictionaryId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: dictionaries.id })
      .from(dictionaries)
      .where(and(eq(dictionaries.id, dictionaryId), eq(dictionaries.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  /** `count` words from the newest or oldest end (or all), oldest first. */
  async wordsByQuantity(
    dictionaryId: string,
    from: 'last' | 'first' | 'all',
    count: number,
  ): Promise<SnapshotWord[]> {
    const query = this.db
      .select({ id: words.id, term: words.term, definitions: words.definitions, createdAt: words.createdAt })
      .from(words)
      .where(eq(words.dictionaryId, dictionaryId))
      .orderBy(from === 'last' ? desc(words.createdAt) : asc(words.createdAt), asc(words.id));
    const rows = from === 'all' ? await query : await query.limit(count);
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Words added since `since`, oldest first. */
  async wordsSince(dictionaryId: string, since: Date): Promise<SnapshotWord[]> {
    return this.db
      .select({ id: words.id, term: words.term, definitions: words.definitions })
      .from(words)
      .where(and(eq(words.dictionaryId, dictionaryId), gte(words.createdAt, since)))
      .orderBy(asc(words.createdAt), asc(words.id));
  }

  /**
   * Counts one attempt for `day` unless `limit` is reached, atomically: the conditional upsert
   * returns no row when the day's budget is spent, so racing starts cannot exceed it.
   */
  async takeAttempt(tx: Tx, userId: string, day: string, limit: number): Promise<number | undefined> {
    const [row] = await tx
      .insert(dailyAttempts)
      .values({ userId, day, count: 1 })
      .onConflictDoUpdate({
        target: [dailyAttempts.userId, dailyAttempts.day],
        set: { count: sql`${dailyAttempts.count} + 1` },
        setWhere: sql`${dailyAttempts.count} < ${limit}`,
      })
      .returning({ count: dailyAttempts.count });
    return row?.count;
  }

  /** Replaces the user's one active test. */
  async saveNewTest(tx: Tx, values: typeof testSessions.$inferInsert): Promise<void> {
    await tx
      .insert(testSessions)
      .values(values)
      .onConflictDoUpdate({
        target: testSessions.userId,
        set: {
          dictionaryId: values.dictionaryId,
          swap: values.swap,
          range: values.range,
          items: values.items,
          position: 0,
          createdAt: values.createdAt,
          updatedAt: values.updatedAt,
        },
      });
  }

  /** The active test (or null) and the attempts used on `day`, in one round trip. */
  async stateOf(userId: string, day: string): Promise<{ test: TestSessionRow | null; used: number }> {
    const query = this.prepared.get('state', (name) =>
      this.db
        .select({ test: testSessions, used: sql<number>`coalesce(${dailyAttempts.count}, 0)` })
        .from(users)
        .leftJoin(testSessions, eq(testSessions.userId, users.id))
        .leftJoin(
          dailyAttempts,
          and(eq(dailyAttempts.userId, users.id), eq(dailyAttempts.day, sql.placeholder('day'))),
        )
        .where(eq(users.id, sql.placeholder('userId')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ userId, day });
    return { test: row?.test ?? null, used: row?.used ?? 0 };
  }

  /** The active test, locked until the transaction ends (two answers at once apply in turn). */
  async lockTest(tx: Tx, userId: string): Promise<TestSessionRow | undefined> {
    const [row] = await tx.select().from(testSessions).where(eq(testSessions.userId, userId)).for('update');
    return row;
  }

  async saveProgress(
    tx: Tx,
    id: string,
    items: TestSessionItem[],
    position: number,
    now: Date,
  ): Promise<void> {
    await tx.update(testSessions).set({ items, position, updatedAt: now }).where(eq(testSessions.id, id));
  }
}
