import { and, asc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { TesterOptions } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { dictionaries, reviewLog, testItems, testSessions, users, wordCards, words } from '../../db/schema';
import type { StoredCard, TestWord } from '@wordhoard/shared';
import { toStored } from './cards.repository';
import type { NewReviewLogEntry } from './review-log.repository';
import type { Tx } from './testing.repository';

/** The learner's active test with every word, as a device keeps it to go on offline. */
export interface ActiveTest {
  id: string;
  dictionaryId: string | null;
  options: TesterOptions | null;
  position: number;
  items: TestWord[];
}

/** A word of the learner's, as late answers are graded against it now. */
export interface OwnWord {
  id: string;
  term: string;
  definitions: string[];
  examDate: string | null;
}

/** Reads for offline tests, and the writes of answers that arrive after their test was replaced. */
export class OfflineTestingRepository {
  constructor(private readonly db: Db) {}

  async activeTest(userId: string): Promise<ActiveTest | undefined> {
    const [test] = await this.db
      .select({
        id: testSessions.id,
        dictionaryId: testSessions.dictionaryId,
        options: testSessions.options,
        position: testSessions.position,
      })
      .from(testSessions)
      .where(eq(testSessions.userId, userId))
      .limit(1);
    if (!test) return undefined;
    const rows = await this.db
      .select({ item: testItems.item })
      .from(testItems)
      .where(eq(testItems.testId, test.id))
      .orderBy(asc(testItems.position));
    return { ...test, items: rows.map((row) => row.item) };
  }

  /** The id of the learner's active test, if any. */
  async activeTestId(tx: Tx, userId: string): Promise<string | undefined> {
    const [test] = await tx
      .select({ id: testSessions.id })
      .from(testSessions)
      .where(eq(testSessions.userId, userId))
      .limit(1);
    return test?.id;
  }

  /**
   * Runs `work` in a transaction that holds the learner's row: two deliveries of the same late
   * answers (two tabs, a retry) run one after the other, so the second sees the first's log.
   */
  async forLearner<T>(userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return work(tx);
    });
  }

  /** The learner's own words among `wordIds` (others' and deleted ones are left out). */
  async ownWords(tx: Tx, userId: string, wordIds: string[]): Promise<OwnWord[]> {
    if (wordIds.length === 0) return [];
    return tx
      .select({
        id: words.id,
        term: words.term,
        definitions: words.definitions,
        examDate: dictionaries.examDate,
      })
      .from(words)
      .innerJoin(dictionaries, eq(dictionaries.id, words.dictionaryId))
      .where(
        and(
          eq(dictionaries.userId, userId),
          sql`${words.id} in (select unnest(${sql.param(wordIds)}::uuid[]))`,
        ),
      );
  }

  async cardOf(tx: Tx, wordId: string, reversed: boolean): Promise<StoredCard | null> {
    const [row] = await tx
      .select()
      .from(wordCards)
      .where(and(eq(wordCards.wordId, wordId), eq(wordCards.reversed, reversed)))
      .limit(1);
    return row ? toStored(row) : null;
  }

  /**
   * Whether the learner has a review (an attempt that graded the card) of this word in this
   * direction within `withinMs` of `reviewedAt`: a late answer near one is that review again.
   */
  async isReviewedNear(
    tx: Tx,
    userId: string,
    wordId: string,
    reversed: boolean,
    reviewedAt: Date,
    withinMs: number,
  ): Promise<boolean> {
    const [row] = await tx
      .select({ id: reviewLog.id })
      .from(reviewLog)
      .where(
        and(
          eq(reviewLog.wordId, wordId),
          eq(reviewLog.userId, userId),
          eq(reviewLog.reversed, reversed),
          isNotNull(reviewLog.rating),
          gt(reviewLog.reviewedAt, new Date(reviewedAt.getTime() - withinMs)),
          lt(reviewLog.reviewedAt, new Date(reviewedAt.getTime() + withinMs)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async log(tx: Tx, entry: NewReviewLogEntry & { reviewedAt: Date }): Promise<void> {
    await tx.insert(reviewLog).values(entry);
  }
}
