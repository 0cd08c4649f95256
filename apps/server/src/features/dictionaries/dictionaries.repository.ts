import { and, asc, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DictionariesSort, SortDirection, WordsSort } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { dictionaries, users, words } from '../../db/schema';

export type DictionaryRow = typeof dictionaries.$inferSelect;
export type WordRow = typeof words.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** LIKE treats % and _ as wildcards; a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const order = (direction: SortDirection) => (direction === 1 ? asc : desc);

/** Every query names the owner: another user's ids simply find nothing. */
export class DictionariesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async list(
    userId: string,
    options: {
      search?: string;
      sort: DictionariesSort;
      direction: SortDirection;
      page: number;
      limit: number;
    },
  ): Promise<{ rows: DictionaryRow[]; total: number }> {
    const conditions: SQL[] = [eq(dictionaries.userId, userId)];
    if (options.search) conditions.push(ilike(dictionaries.name, likePattern(options.search)));
    const where = and(...conditions);
    const sortColumn =
      options.sort === 'name'
        ? sql`lower(${dictionaries.name})`
        : options.sort === 'words'
          ? dictionaries.wordsCount
          : dictionaries.updatedAt;
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(dictionaries)
        .where(where)
        .orderBy(order(options.direction)(sortColumn), order(options.direction)(dictionaries.id))
        .limit(options.limit)
        .offset((options.page - 1) * options.limit),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(dictionaries)
        .where(where),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  async find(userId: string, id: string, tx: Tx | Db = this.db): Promise<DictionaryRow | undefined> {
    const [row] = await tx
      .select()
      .from(dictionaries)
      .where(and(eq(dictionaries.id, id), eq(dictionaries.userId, userId)))
      .limit(1);
    return row;
  }

  /** Locks the owner's row so that concurrent creates count one after another. */
  async lockOwner(tx: Tx, userId: string): Promise<(typeof users.$inferSelect)['role'] | undefined> {
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    return row?.role;
  }

  async lockDictionary(tx: Tx, userId: string, id: string): Promise<DictionaryRow | undefined> {
    const [row] = await tx
      .select()
      .from(dictionaries)
      .where(and(eq(dictionaries.id, id), eq(dictionaries.userId, userId)))
      .for('update');
    return row;
  }

  async countForUser(tx: Tx, userId: string): Promise<number> {
    const [row] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(dictionaries)
      .where(eq(dictionaries.userId, userId));
    return row?.total ?? 0;
  }

  async insert(tx: Tx, values: typeof dictionaries.$inferInsert): Promise<DictionaryRow> {
    const [row] = await tx.insert(dictionaries).values(values).returning();
    if (!row) throw new Error('insert returned no dictionary');
    return row;
  }

  async update(
    tx: Tx,
    id: string,
    values: Partial<typeof dictionaries.$inferInsert>,
  ): Promise<DictionaryRow> {
    const [row] = await tx.update(dictionaries).set(values).where(eq(dictionaries.id, id)).returning();
    if (!row) throw new Error('update returned no dictionary');
    return row;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const removed = await this.db
      .delete(dictionaries)
      .where(and(eq(dictionaries.id, id), eq(dictionaries.userId, userId)))
      .returning({ id: dictionaries.id });
    return removed.length > 0;
  }

  // --- words ---------------------------------------------------------------------------------

  async wordsPage(
    dictionaryId: string,
    options: { search?: string; sort: WordsSort; direction: SortDirection; page: number; limit: number },
  ): Promise<{ rows: WordRow[]; total: number }> {
    const conditions: SQL[] = [eq(words.dictionaryId, dictionaryId)];
    if (options.search) {
      const pattern = likePattern(options.search.toLocaleLowerCase());
      conditions.push(
        sql`(${words.termKey} like ${pattern} or lower(array_to_string(${words.definitions}, ' ')) like ${pattern})`,
      );
    }
    const where = and(...conditions);
    const sortColumn =
      options.sort === 'term' ? words.termKey : options.sort === 'update' ? words.updatedAt : words.createdAt;
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(words)
        .where(where)
        .orderBy(order(options.direction)(sortColumn), order(options.direction)(words.id))
        .limit(options.limit)
        .offset((options.page - 1) * options.limit),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(words)
        .where(where),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /** Every word of a dictionary, oldest first (for export). */
  async allWords(dictionaryIds: string[]): Promise<WordRow[]> {
    if (dictionaryIds.length === 0) return [];
    return this.db
      .select()
      .from(words)
      .where(inArray(words.dictionaryId, dictionaryIds))
      .orderBy(asc(words.createdAt), asc(words.id));
  }

  /** Every dictionary of a user, oldest first (for the account export). */
  async allForUser(userId: string): Promise<DictionaryRow[]> {
    return this.db
      .select()
      .from(dictionaries)
      .where(eq(dictionaries.userId, userId))
      .orderBy(asc(dictionaries.createdAt), asc(dictionaries.id));
  }

  async findWord(userId: string, dictionaryId: string, wordId: string): Promise<WordRow | undefined> {
    const [row] = await this.db
      .select({ word: words })
      .from(words)
      .innerJoin(dictionaries, eq(dictionaries.id, words.dictionaryId))
      .where(and(eq(words.id, wordId), eq(words.dictionaryId, dictionaryId), eq(dictionaries.userId, userId)))
      .limit(1);
    return row?.word;
  }

  async wordsByIds(tx: Tx, dictionaryId: string, ids: string[]): Promise<WordRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select()
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

  async updateWord(
    tx: Tx,
    dictionaryId: string,
    id: string,
    values: Partial<typeof words.$inferInsert>,
  ): Promise<void> {
    await tx
      .update(words)
      .set(values)
      .where(and(eq(words.dictionaryId, dictionaryId), eq(words.id, id)));
  }

  async insertWords(tx: Tx, values: (typeof words.$inferInsert)[]): Promise<void> {
    // Chunks keep each statement under the driver's parameter limit.
    for (let start = 0; start < values.length; start += 1000) {
      await tx.insert(words).values(values.slice(start, start + 1000));
    }
  }
}
