import { and, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { TesterOptions, TestWord } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import {
  dailyAttempts,
  testDays,
  testItems,
  testSessions,
  users,
  type StoredSchedulerSettings,
} from '../../db/schema';
import { callerColumns, callerCte } from '../../db/caller-session';
import type { Caller } from '../../domain/caller';
import type { CallerSession as SessionRecord } from '../../domain/caller';
import type { MediaRefRow } from '../../domain/media';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An active test: which it is and where it stands. */
export interface TestHead {
  id: string;
  dictionaryId: string | null;
  swap: boolean;
  /** The current word, 0-based; every word before it is finished. */
  position: number;
  total: number;
  /** The learner's scheduler when the test started; null: the defaults. */
  scheduler: StoredSchedulerSettings | null;
}

/** An active test as the test screen sees it: where it is, and the word there. */
export interface TestCursor extends TestHead {
  /** The word at `position`; null once every word is done. */
  current: TestWord | null;
}

const cursorColumns = {
  id: testSessions.id,
  dictionaryId: testSessions.dictionaryId,
  swap: testSessions.swap,
  position: testSessions.position,
  total: testSessions.total,
  scheduler: testSessions.scheduler,
  current: testItems.item,
};

/** The test's word at its position (none once every word is done), for `cursorColumns`. */
const currentItemJoin = and(
  eq(testItems.testId, testSessions.id),
  eq(testItems.position, testSessions.position),
);

/** Null for the row of a user without a test (every column null from the outer join). */
export function toCursor(row: {
  [K in keyof TestCursor]: TestCursor[K] | null;
}): TestCursor | null {
  const { id, swap, position, total } = row;
  if (id === null || swap === null || position === null || total === null) return null;
  return {
    id,
    dictionaryId: row.dictionaryId,
    swap,
    position,
    total,
    scheduler: row.scheduler,
    current: row.current,
  };
}

/** A `word_media` row `m` as `MediaRefRow` JSON. */
export const MEDIA_REF_JSON = sql.raw(
  `json_build_object('wordId', m.word_id, 'id', m.id, 'kind', m.kind, 'width', m.width, 'height', m.height, 'durationMs', m.duration_ms)`,
);

/** A finished word as the report reads it: its dictionary is null once that was deleted. */
export type ReportItem = Omit<TestWord, 'dictionaryId'> & { dictionaryId?: string | null };

/**
 * The caller's session (`callerCte`) with their active test at its current word
 * (`cursorColumns`) and `extra` columns: the shape both the test screen and an answer read.
 */
export function callerCursor<Extra extends SelectedFields>(db: Db, extra: Extra, itemJoin = currentItemJoin) {
  const me = callerCte(db);
  const query = db
    .with(me)
    .select({ session: callerColumns(me), ...cursorColumns, ...extra })
    .from(me)
    .leftJoin(testSessions, eq(testSessions.userId, me.userId))
    .leftJoin(testItems, itemJoin);
  return { me, query };
}

/**
 * The learner's one active test: starting it (the day's attempts, the test and its words, the
 * days tested) and the test screen's read. The words it snapshots: `cards.repository.ts`; an
 * answer's read and save: `answers.repository.ts`.
 */
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

  /** The attempts counted for `day` so far, without taking one (a free drill, decision 0085). */
  async attemptsTaken(tx: Tx, userId: string, day: string): Promise<number> {
    const [row] = await tx
      .select({ count: dailyAttempts.count })
      .from(dailyAttempts)
      .where(and(eq(dailyAttempts.userId, userId), eq(dailyAttempts.day, day)));
    return row?.count ?? 0;
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

  /** Replaces the user's one active test (its words go with it: cascade). */
  async saveNewTest(
    tx: Tx,
    values: Omit<typeof testSessions.$inferInsert, 'total' | 'position'>,
    items: TestWord[],
  ): Promise<void> {
    await tx.delete(testSessions).where(eq(testSessions.userId, values.userId));
    const [test] = await tx
      .insert(testSessions)
      .values({ ...values, total: items.length, position: 0 })
      .returning({ id: testSessions.id });
    if (!test) throw new Error('insert returned no test');
    if (items.length > 0) {
      await tx.insert(testItems).values(items.map((item, position) => ({ testId: test.id, position, item })));
    }
  }

  /**
   * What the test screen needs, in one round trip: the caller's session, their active test's
   * current word (not its other words), all of its words only once it is finished (for the
   * report), and the attempts of their last few days (which one is the learner's today
   * depends on their time zone, which comes with the session: decision 0053).
   */
  async stateOf(caller: Caller['params']): Promise<
    | {
        session: SessionRecord;
        test: TestCursor | null;
        finishedItems: ReportItem[] | null;
        /** The options the test was started with; null without a test or in tests saved before. */
        options: TesterOptions | null;
        attempts: { day: string; count: number }[];
        /** The media of the current word, or of every word of a finished test. */
        media: MediaRefRow[];
      }
    | undefined
  > {
    const query = this.prepared.get('state', (name) => {
      const { query: cursor } = callerCursor(this.db, {
        // Written with explicit names: Drizzle does not qualify columns inside a subquery.
        // A word's dictionary turns null once it was deleted, as the test's does.
        finishedItems: sql<
          ReportItem[] | null
        >`case when ${testSessions.position} >= ${testSessions.total} then (
            select coalesce(json_agg(
              case when finished.item->>'dictionaryId' is not null and not exists (
                select 1 from dictionaries kept where kept.id = (finished.item->>'dictionaryId')::uuid
              ) then finished.item || '{"dictionaryId": null}'::jsonb else finished.item end
              order by finished.position), '[]'::json)
            from test_items finished where finished.test_id = ${testSessions.id}
          ) end`,
        attempts: sql<{ day: string; count: number }[]>`(
            select coalesce(json_agg(json_build_object('day', recent.day, 'count', recent.count)), '[]'::json)
            from daily_attempts recent
            where recent.user_id = caller.user_id and recent.day >= ${sql.placeholder('since')}
          )`,
        options: testSessions.options,
        // The pictures and recordings of the words shown: the current one, or every word of a
        // finished test (docs/decisions/0063-word-media.md), in the same round trip.
        media: sql<MediaRefRow[] | null>`(
            select json_agg(${MEDIA_REF_JSON})
            from word_media m
            where m.owner_id = caller.user_id and m.word_id in (
              select (shown.item->>'wordId')::uuid from test_items shown
              where shown.test_id = ${testSessions.id}
                and (shown.position = ${testSessions.position} or ${testSessions.position} >= ${testSessions.total})
            )
          )`,
      });
      return cursor.limit(1).prepare(name);
    });
    // A learner's day is never more than three UTC days behind now (decision 0053).
    const since = new Date(caller.now.getTime() - 4 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const [row] = await query.execute({ ...caller, since });
    if (!row) return undefined;
    const { session, finishedItems, options, attempts, media, ...cursor } = row;
    return { session, test: toCursor(cursor), finishedItems, options, attempts, media: media ?? [] };
  }

  /**
   * Counts a started test on the day of each dictionary it holds words of (distinct ids), for
   * the chart and the streak.
   */
  async logTest(tx: Tx, dictionaryIds: string[], day: string): Promise<void> {
    if (dictionaryIds.length === 0) return;
    await tx
      .insert(testDays)
      .values(dictionaryIds.map((dictionaryId) => ({ dictionaryId, day, tests: 1 })))
      .onConflictDoUpdate({
        target: [testDays.dictionaryId, testDays.day],
        set: { tests: sql`${testDays.tests} + 1` },
      });
  }
}
