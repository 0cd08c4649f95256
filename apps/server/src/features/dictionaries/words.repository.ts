import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dictionaries, wordColumns, wordMedia, wordMediaRefColumns, words } from '../../db/schema';
import { ownDictionary, ownWord } from '../../db/ownership';
import { answerFormsOf, termFormsOf } from './answer-forms';
import { refsByWord, type WordMediaRefs } from '../../domain/media';
import type { Tx, WordRow } from './dictionaries.repository';

/** A dictionary's words one by one: read, suspend, add, edit, delete, and their answer forms. */
export class WordsRepository {
  constructor(private readonly db: Db) {}

  /** The pictures and recordings of some of the owner's words (docs/decisions/0063-word-media.md). */
  async mediaOf(userId: string, wordIds: readonly string[]): Promise<Map<string, WordMediaRefs>> {
    if (wordIds.length === 0) return new Map();
    const rows = await this.db
      .select(wordMediaRefColumns)
      .from(wordMedia)
      .where(
        // An export's thousands of words: all of the owner's media (one index scan) beats a list.
        wordIds.length > 500
          ? eq(wordMedia.ownerId, userId)
          : and(eq(wordMedia.ownerId, userId), inArray(wordMedia.wordId, [...wordIds])),
      );
    return refsByWord(wordIds, rows);
  }

  async findWord(userId: string, dictionaryId: string, wordId: string): Promise<WordRow | undefined> {
    const [row] = await this.db
      .select({ word: wordColumns })
      .from(words)
      .innerJoin(dictionaries, eq(dictionaries.id, words.dictionaryId))
      .where(ownWord(userId, dictionaryId, wordId))
      .limit(1);
    return row?.word;
  }

  /**
   * Suspends the owner's word (keeping the first time it was suspended) or resumes it, in one
   * statement: two concurrent requests are serialized by the row lock, and the second one sees
   * the first one's `suspended_at`. Undefined when the word is not in the owner's dictionary.
   */
  async setSuspended(
    userId: string,
    dictionaryId: string,
    wordId: string,
    suspended: boolean,
    now: Date,
  ): Promise<WordRow | undefined> {
    const [row] = await this.db
      .update(words)
      .set({
        suspendedAt: suspended
          ? sql`coalesce(${words.suspendedAt}, ${now.toISOString()}::timestamptz)`
          : null,
      })
      .where(
        and(
          eq(words.id, wordId),
          inArray(
            words.dictionaryId,
            this.db
              .select({ id: dictionaries.id })
              .from(dictionaries)
              .where(ownDictionary(userId, dictionaryId)),
          ),
        ),
      )
      .returning();
    return row;
  }

  async wordsByIds(tx: Tx, dictionaryId: string, ids: string[]): Promise<WordRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select(wordColumns)
      .from(words)
      .where(and(eq(words.dictionaryId, dictionaryId), inArray(words.id, ids)));
  }

  /** Terms already in the dictionary among `termKeys`, ignoring the words in `exceptIds`. */
  async existingTerms(
    tx: Tx,
    dictionaryId: string,
    termKeys: string[],
    exceptIds: string[],
  ): Promise<string[]> {
    if (termKeys.length === 0) return [];
    const conditions: SQL[] = [eq(words.dictionaryId, dictionaryId), inArray(words.termKey, termKeys)];
    if (exceptIds.length > 0) conditions.push(notInArray(words.id, exceptIds));
    const rows = await tx
      .select({ term: words.term })
      .from(words)
      .where(and(...conditions));
    return rows.map((row) => row.term);
  }

  async deleteWords(tx: Tx, dictionaryId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const removed = await tx
      .delete(words)
      .where(and(eq(words.dictionaryId, dictionaryId), inArray(words.id, ids)))
      .returning({ id: words.id });
    return removed.length;
  }

  /**
   * Edits a word and bumps its version, if it is still at `version` (when given): false when
   * another edit got in first. The dictionary row is locked by the caller, so edits of its words
   * are one after another and the check cannot pass for two of them.
   */
  async updateWord(
    tx: Tx,
    dictionaryId: string,
    id: string,
    values: Omit<Partial<typeof words.$inferInsert>, 'version'>,
    version: number | undefined,
  ): Promise<boolean> {
    const conditions: SQL[] = [eq(words.dictionaryId, dictionaryId), eq(words.id, id)];
    if (version !== undefined) conditions.push(eq(words.version, version));
    const changed = await tx
      .update(words)
      .set({ ...withAnswerForms(values), version: sql`${words.version} + 1` })
      .where(and(...conditions))
      .returning({ id: words.id });
    return changed.length > 0;
  }

  /** Inserts the words and answers their ids, in the order of `values`. */
  async insertWords(tx: Tx, values: (typeof words.$inferInsert)[]): Promise<string[]> {
    const idByTermKey = new Map<string, string>();
    // Chunks keep each statement under the driver's parameter limit.
    for (let start = 0; start < values.length; start += 1000) {
      const inserted = await tx
        .insert(words)
        .values(values.slice(start, start + 1000).map(withAnswerForms))
        .returning({ id: words.id, termKey: words.termKey });
      // Matched by term (unique in a dictionary), not by position: RETURNING promises no order.
      for (const row of inserted) idByTermKey.set(row.termKey, row.id);
    }
    return values.map((value) => {
      const id = idByTermKey.get(value.termKey);
      if (id === undefined) throw new Error(`inserted word not returned: ${value.termKey}`);
      return id;
    });
  }

  /** Up to `limit` words whose answer forms are not computed yet, with the version they are at. */
  async wordsMissingForms(
    limit: number,
  ): Promise<{ id: string; term: string; definitions: string[]; version: number }[]> {
    return this.db
      .select({ id: words.id, term: words.term, definitions: words.definitions, version: words.version })
      .from(words)
      .where(sql`${words.answerForms} is null or ${words.termForms} is null`)
      .limit(limit);
  }

  /**
   * Stores computed answer forms, each only if its word is still at the version they were
   * computed from: an edit in between wrote its own forms, which must not be overwritten with
   * ones of the old text. Returns how many were stored.
   */
  async saveAnswerForms(
    rows: { id: string; version: number; answerForms: string[]; termForms: string[] }[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    // jsonb carries the nested arrays in one parameter (a text[][] cannot be ragged).
    const payload = JSON.stringify(rows);
    const saved = await this.db.execute<{ id: string }>(sql`
      update ${words} set
        answer_forms = array(select jsonb_array_elements_text(computed.value -> 'answerForms')),
        term_forms = array(select jsonb_array_elements_text(computed.value -> 'termForms'))
      from jsonb_array_elements(${payload}::jsonb) as computed(value)
      where ${words.id} = (computed.value ->> 'id')::uuid
        and ${words.version} = (computed.value ->> 'version')::int
        and (${words.answerForms} is null or ${words.termForms} is null)
      returning ${words.id}`);
    return saved.rows.length;
  }
}

/** The values of a word's insert or edit, with the answer forms of the term and definitions it sets. */
function withAnswerForms<T extends { term?: string; definitions?: string[] }>(
  values: T,
): T & { answerForms?: string[]; termForms?: string[] } {
  return {
    ...values,
    ...(values.definitions !== undefined ? { answerForms: answerFormsOf(values.definitions) } : {}),
    ...(values.term !== undefined ? { termForms: termFormsOf(values.term) } : {}),
  };
}
