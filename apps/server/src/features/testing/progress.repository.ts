import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { MASTERED_STABILITY_DAYS } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { dictionaries, testDays, wordCards, words } from '../../db/schema';
import { ownDictionary } from '../../db/ownership';
import { notSuspended } from './cards.repository';

/** A learner's progress: due counts, word states and the days they tested. */
export class ProgressRepository {
  constructor(private readonly db: Db) {}

  async ownsDictionary(userId: string, dictionaryId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: dictionaries.id })
      .from(dictionaries)
      .where(ownDictionary(userId, dictionaryId))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Due cards before `before` in each of the user's dictionaries (or just one), by direction,
   * with the dictionary's name.
   */
  async dueCounts(
    userId: string,
    before: Date,
    dictionaryId?: string,
  ): Promise<{ dictionaryId: string; name: string; reversed: boolean; count: number }[]> {
    return this.db
      .select({
        dictionaryId: wordCards.dictionaryId,
        name: dictionaries.name,
        reversed: wordCards.reversed,
        count: sql<number>`count(*)::int`,
      })
      .from(wordCards)
      .innerJoin(dictionaries, eq(dictionaries.id, wordCards.dictionaryId))
      .innerJoin(words, eq(words.id, wordCards.wordId))
      .where(
        and(
          eq(dictionaries.userId, userId),
          lt(wordCards.due, before),
          notSuspended,
          dictionaryId === undefined ? undefined : eq(wordCards.dictionaryId, dictionaryId),
        ),
      )
      .groupBy(wordCards.dictionaryId, dictionaries.name, wordCards.reversed)
      .orderBy(wordCards.dictionaryId, wordCards.reversed);
  }

  /** New, learning and mastered words of a dictionary (every direction tested must be mastered). */
  async wordStates(dictionaryId: string): Promise<{ total: number; new: number; mastered: number }> {
    const perWord = this.db
      .select({
        wordId: wordCards.wordId,
        minStability: sql<number>`min(${wordCards.stability})`.as('min_stability'),
      })
      .from(wordCards)
      .where(eq(wordCards.dictionaryId, dictionaryId))
      .groupBy(wordCards.wordId)
      .as('per_word');
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        new: sql<number>`count(*) filter (where ${perWord.wordId} is null)::int`,
        mastered: sql<number>`count(*) filter (where ${perWord.minStability} >= ${MASTERED_STABILITY_DAYS})::int`,
      })
      .from(words)
      .leftJoin(perWord, eq(perWord.wordId, words.id))
      .where(eq(words.dictionaryId, dictionaryId));
    return row ?? { total: 0, new: 0, mastered: 0 };
  }

  /** Every day with a test on the dictionary (at most one row a day). */
  async testDays(dictionaryId: string): Promise<{ day: string; tests: number }[]> {
    return this.db
      .select({ day: testDays.day, tests: testDays.tests })
      .from(testDays)
      .where(eq(testDays.dictionaryId, dictionaryId))
      .orderBy(asc(testDays.day));
  }
}
