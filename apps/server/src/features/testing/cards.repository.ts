import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ContentLanguage, StoredCard } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { dictionaries, wordCards, words } from '../../db/schema';
import { ownDictionary } from '../../db/ownership';
import type { Tx } from './testing.repository';

export type SnapshotWord = { id: string; term: string; definitions: string[]; examples: string[] };
/** The dictionary a snapshotted word comes from: its id and the languages it is shown in. */
export type SnapshotSource = {
  dictionaryId: string;
  fromLanguage: ContentLanguage;
  toLanguage: ContentLanguage;
  /** The dictionary's exam day (decision 0050), null without one. */
  examDate: string | null;
};

/** A memory card's own fields, as values of one `word_cards` row. */
type CardValues = { [K in keyof StoredCard | 'reversed']: SQL | Placeholder };

/**
 * The `word_cards` row of word `wordId` with `values`, read from the word itself (so a word
 * deleted since the test started gets none) and upserted over the card it had: every column
 * in the table's order, as drizzle inserts a select into all of them.
 */
export function upsertCard(db: Db | Tx, wordId: SQL, values: CardValues, condition?: SQL) {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  return db
    .insert(wordCards)
    .select(
      db
        .select({
          wordId: words.id,
          dictionaryId: words.dictionaryId,
          reversed: sql`${values.reversed}::boolean`.as('reversed'),
          due: sql`${values.due}::timestamptz`.as('due'),
          stability: sql`${values.stability}::double precision`.as('stability'),
          difficulty: sql`${values.difficulty}::double precision`.as('difficulty'),
          scheduledDays: sql`${values.scheduledDays}::int`.as('scheduled_days'),
          learningSteps: sql`${values.learningSteps}::int`.as('learning_steps'),
          reps: sql`${values.reps}::int`.as('reps'),
          lapses: sql`${values.lapses}::int`.as('lapses'),
          state: sql`${values.state}::int`.as('state'),
          lastReview: sql`${values.lastReview}::timestamptz`.as('last_review'),
        })
        .from(words)
        .where(and(eq(words.id, wordId), condition)),
    )
    .onConflictDoUpdate({
      target: [wordCards.wordId, wordCards.reversed],
      set: {
        due: excluded('due'),
        stability: excluded('stability'),
        difficulty: excluded('difficulty'),
        scheduledDays: excluded('scheduled_days'),
        learningSteps: excluded('learning_steps'),
        reps: excluded('reps'),
        lapses: excluded('lapses'),
        state: excluded('state'),
        lastReview: excluded('last_review'),
      },
    });
}

/** Words set aside (decision 0049) are in no test and no due count. */
export const notSuspended = isNull(words.suspendedAt);
type CardRow = typeof wordCards.$inferSelect;

export const toStored = (row: CardRow): StoredCard => ({
  due: row.due.toISOString(),
  stability: row.stability,
  difficulty: row.difficulty,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  lastReview: row.lastReview ? row.lastReview.toISOString() : null,
});

/**
 * The words a new test snapshots (docs/decisions/0048-due-across-dictionaries.md for the due
 * words of every dictionary) and their memory cards (docs/decisions/0011-spaced-repetition.md).
 */
export class CardsRepository {
  constructor(private readonly db: Db) {}

  /** The user's dictionary as a test snapshots its words; undefined when it is not theirs. */
  async dictionaryOf(userId: string, dictionaryId: string): Promise<SnapshotSource | undefined> {
    const [row] = await this.db
      .select({
        dictionaryId: dictionaries.id,
        fromLanguage: dictionaries.fromLanguage,
        toLanguage: dictionaries.toLanguage,
        examDate: dictionaries.examDate,
      })
      .from(dictionaries)
      .where(ownDictionary(userId, dictionaryId))
      .limit(1);
    return row;
  }
  /** `count` words from the newest or oldest end (or all), oldest first. */
  async wordsByQuantity(
    dictionaryId: string,
    from: 'last' | 'first' | 'all',
    count: number,
  ): Promise<SnapshotWord[]> {
    const query = this.db
      .select({
        id: words.id,
        term: words.term,
        definitions: words.definitions,
        examples: words.examples,
        createdAt: words.createdAt,
      })
      .from(words)
      .where(and(eq(words.dictionaryId, dictionaryId), notSuspended))
      .orderBy(from === 'last' ? desc(words.createdAt) : asc(words.createdAt), asc(words.id));
    const rows = from === 'all' ? await query : await query.limit(count);
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Words added since `since`, oldest first. */
  async wordsSince(dictionaryId: string, since: Date): Promise<SnapshotWord[]> {
    return this.db
      .select({ id: words.id, term: words.term, definitions: words.definitions, examples: words.examples })
      .from(words)
      .where(and(eq(words.dictionaryId, dictionaryId), gte(words.createdAt, since), notSuspended))
      .orderBy(asc(words.createdAt), asc(words.id));
  }

  /** The cards of `wordIds` in one direction, in one query. */
  async cardsFor(
    dictionaryId: string,
    wordIds: string[],
    reversed: boolean,
  ): Promise<Map<string, StoredCard>> {
    if (wordIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(wordCards)
      .where(
        and(
          eq(wordCards.dictionaryId, dictionaryId),
          eq(wordCards.reversed, reversed),
          inArray(wordCards.wordId, wordIds),
        ),
      );
    return new Map(rows.map((row) => [row.wordId, toStored(row)]));
  }

  /** Words whose card in this direction is due before `before`, most overdue first. */
  async dueWords(
    dictionaryId: string,
    reversed: boolean,
    before: Date,
    limit: number,
  ): Promise<(SnapshotWord & { card: StoredCard })[]> {
    const rows = await this.db
      .select({
        word: { id: words.id, term: words.term, definitions: words.definitions, examples: words.examples },
        card: wordCards,
      })
      .from(wordCards)
      .innerJoin(words, eq(words.id, wordCards.wordId))
      .where(
        and(
          eq(wordCards.dictionaryId, dictionaryId),
          eq(wordCards.reversed, reversed),
          lt(wordCards.due, before),
          notSuspended,
        ),
      )
      .orderBy(asc(wordCards.due), asc(wordCards.wordId))
      .limit(limit);
    return rows.map((row) => ({ ...row.word, card: toStored(row.card) }));
  }

  /**
   * The due cards of every dictionary of `userId`, both directions, due before `before`, most
   * overdue first (docs/decisions/0048-due-across-dictionaries.md), each with its word and its
   * dictionary's languages.
   */
  async dueWordsOfUser(
    userId: string,
    before: Date,
    limit: number,
  ): Promise<(SnapshotWord & SnapshotSource & { reversed: boolean; card: StoredCard })[]> {
    const rows = await this.db
      .select({
        word: { id: words.id, term: words.term, definitions: words.definitions, examples: words.examples },
        source: {
          dictionaryId: dictionaries.id,
          fromLanguage: dictionaries.fromLanguage,
          toLanguage: dictionaries.toLanguage,
          examDate: dictionaries.examDate,
        },
        card: wordCards,
      })
      .from(wordCards)
      .innerJoin(dictionaries, eq(dictionaries.id, wordCards.dictionaryId))
      .innerJoin(words, eq(words.id, wordCards.wordId))
      .where(and(eq(dictionaries.userId, userId), lt(wordCards.due, before), notSuspended))
      .orderBy(asc(wordCards.due), asc(wordCards.wordId), asc(wordCards.reversed))
      .limit(limit);
    return rows.map((row) => ({
      ...row.word,
      ...row.source,
      reversed: row.card.reversed,
      card: toStored(row.card),
    }));
  }

  /**
   * Saves a word's card after a review: one statement, and none at all when the word was
   * deleted since the test started (the snapshot outlives it; the card must not).
   */
  async saveCard(tx: Tx, wordId: string, reversed: boolean, card: StoredCard): Promise<void> {
    await upsertCard(tx, sql`${wordId}::uuid`, {
      reversed: sql`${reversed}`,
      due: sql`${card.due}`,
      stability: sql`${card.stability}`,
      difficulty: sql`${card.difficulty}`,
      scheduledDays: sql`${card.scheduledDays}`,
      learningSteps: sql`${card.learningSteps}`,
      reps: sql`${card.reps}`,
      lapses: sql`${card.lapses}`,
      state: sql`${card.state}`,
      lastReview: sql`${card.lastReview}`,
    });
  }
}
