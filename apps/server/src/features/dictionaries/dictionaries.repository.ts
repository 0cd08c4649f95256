import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { searchFold, type DictionariesSort, type SortDirection } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import { dictionaries, users, words } from '../../db/schema';
import { ownDictionary } from '../../db/ownership';
import { callerColumns, callerCte } from '../../db/caller-session';
import { type TimeIdCursor } from '../../db/keyset';
import type { Caller } from '../../domain/caller';
import type { CallerSession as SessionRecord } from '../../domain/caller';

export type DictionaryRow = typeof dictionaries.$inferSelect;
/** A word as read back: without its answer forms (see `wordColumns`). */
export type WordRow = Omit<typeof words.$inferSelect, 'answerForms' | 'termForms'>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type WordCursor = TimeIdCursor<string>;
/** A word of an export's page, with what the next page starts after. */
export type WordPageRow = WordRow & { cursorAt: string };

/** LIKE treats % and _ as wildcards; a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const order = (direction: SortDirection) => (direction === 1 ? asc : desc);

/** Every query names the owner: another user's ids simply find nothing. */
export class DictionariesRepository {
  private readonly prepared = new PreparedQueries('dictionaries');

  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * One page of the caller's dictionaries and their total, found through the caller's session
   * in one round trip (features/session/caller.ts). Undefined only for a page past the end,
   * where no row tells whether the session was live: the service then looks it up.
   */
  async listForCaller(
    caller: Caller['params'],
    options: {
      search?: string;
      sort: DictionariesSort;
      direction: SortDirection;
      page: number;
      limit: number;
    },
  ): Promise<{ session: SessionRecord | null; rows: DictionaryRow[]; total: number } | undefined> {
    const { search, sort, direction } = options;
    const query = this.prepared.get(
      `list_${sort}_${direction === 1 ? 'asc' : 'desc'}_${search ? 'search' : 'all'}`,
      (name) => {
        const me = callerCte(this.db);
        const conditions: SQL[] = [eq(dictionaries.userId, me.userId)];
        if (search) conditions.push(ilike(dictionaries.name, sql.placeholder('pattern')));
        const sortColumn =
          sort === 'name'
            ? sql`lower(${dictionaries.name})`
            : sort === 'words'
              ? dictionaries.wordsCount
              : dictionaries.updatedAt;
        // The session's row comes back even without dictionaries (a left join, total 0).
        return this.db
          .with(me)
          .select({
            session: callerColumns(me),
            dictionary: dictionaries,
            total: sql<number>`(count(${dictionaries.id}) over ())::int`,
          })
          .from(me)
          .leftJoin(dictionaries, and(...conditions))
          .orderBy(order(direction)(sortColumn), order(direction)(dictionaries.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(name);
      },
    );
    const rows = await query.execute({
      ...caller,
      pattern: search ? likePattern(searchFold(search)) : '',
      limit: options.limit,
      offset: (options.page - 1) * options.limit,
    });
    const first = rows[0];
    if (first) {
      const found = rows.flatMap((row) => (row.dictionary ? [row.dictionary] : []));
      return { session: first.session, rows: found, total: first.total };
    }
    return options.page === 1 ? { session: null, rows: [], total: 0 } : undefined;
  }

  /** How many of the owner's dictionaries match `search` (for a page past the end). */
  async count(userId: string, search?: string): Promise<number> {
    const conditions: SQL[] = [eq(dictionaries.userId, userId)];
    if (search) conditions.push(ilike(dictionaries.name, likePattern(search)));
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(dictionaries)
      .where(and(...conditions));
    return count?.total ?? 0;
  }

  async find(userId: string, id: string): Promise<DictionaryRow | undefined> {
    const [row] = await this.db.select().from(dictionaries).where(ownDictionary(userId, id)).limit(1);
    return row;
  }

  /** Locks the owner's row so that concurrent creates count one after another. */
  async lockOwner(tx: Tx, userId: string): Promise<(typeof users.$inferSelect)['role'] | undefined> {
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    return row?.role;
  }

  async lockDictionary(tx: Tx, userId: string, id: string): Promise<DictionaryRow | undefined> {
    const [row] = await tx.select().from(dictionaries).where(ownDictionary(userId, id)).for('update');
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
      .where(ownDictionary(userId, id))
      .returning({ id: dictionaries.id });
    return removed.length > 0;
  }

  /** Every dictionary of a user, oldest first (for the account export). */
  async allForUser(userId: string): Promise<DictionaryRow[]> {
    return this.db
      .select()
      .from(dictionaries)
      .where(eq(dictionaries.userId, userId))
      .orderBy(asc(dictionaries.createdAt), asc(dictionaries.id));
  }
}
