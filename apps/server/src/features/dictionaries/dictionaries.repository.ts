import { and, asc, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { searchFold, type DictionariesSort, type SortDirection, type WordsSort } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import { dictionaries, users, wordColumns, wordMedia, words } from '../../db/schema';
import { ownDictionary, ownWord } from '../../db/ownership';
import { answerFormsOf, termFormsOf } from './answer-forms';
import { MEDIA_URL_PREFIX, refsByWord, type WordMediaRefs } from '../../domain/media';
import { callerColumns, callerCte } from '../../db/caller-session';
import { afterCursor, exactTime, type TimeIdCursor } from '../../db/keyset';
import type { Caller } from '../../domain/caller';
import type { CallerSession as SessionRecord } from '../../domain/caller';

export type DictionaryRow = typeof dictionaries.$inferSelect;
/** A word as read back: without its answer forms (see `wordColumns`). */
export type WordRow = Omit<typeof words.$inferSelect, 'answerForms' | 'termForms'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type WordCursor = TimeIdCursor<string>;
/** A word of an export's page, with what the next page starts after. */
export type WordPageRow = WordRow & { cursorAt: string };

/** LIKE treats % and _ as wildcards; a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const order = (direction: SortDirection) => (direction === 1 ? asc : desc);

/** A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
function isoTimestamp(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Three word characters in a row: what a trigram index can look a LIKE pattern up by. */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** The page query's text, `{"total":N|null,"words":[…]}`, as the count and the words' JSON. */
function pageParts(text: string): { total: number | null; wordsJson: string } {
  const head = /^\{"total":(null|\d+),"words":/.exec(text);
  if (!head || !text.endsWith('}')) throw new Error('unexpected page text from the words query');
  return { total: head[1] === 'null' ? null : Number(head[1]), wordsJson: text.slice(head[0].length, -1) };
}

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

  // --- words ---------------------------------------------------------------------------------

  /**
   * The owner's dictionary with one page of its words, in one round trip. The page comes back
   * as one JSON value already shaped like the contract's `Word` (dates as ISO strings): parsing
   * one JSON text is far cheaper in Node than decoding 40 rows column by column, array by array
   * (the profiler put that, with the Date objects it made, at a third of the route's time).
   * Without a search the total is the stored `words_count`, so the cost does not grow with the
   * dictionary; a search goes through the trigram index (docs/decisions/0010) and counts its
   * matches with a window. The caller's session comes from the same query (features/session/
   * caller.ts): `found` is undefined when the dictionary is not the caller's, the whole result
   * when the session is not live.
   */
  async pageOfWords(
    caller: Caller['params'],
    dictionaryId: string,
    options: { search?: string; sort: WordsSort; direction: SortDirection; page: number; limit: number },
  ): Promise<
    | {
        session: SessionRecord;
        /** `wordsJson`: the page's words, a JSON array of wordSchema objects as text. */
        found: { dictionary: DictionaryRow; wordsJson: string; total: number } | undefined;
      }
    | undefined
  > {
    const { search, sort, direction } = options;
    // The first page of a whole dictionary, the page nearly every visit opens, has a statement
    // of its own without OFFSET: PostgreSQL guesses an unknown offset skips a tenth of the rows,
    // so with it the generic plan always looked dearer and the query was planned on every call
    // (planning cost more than running it). The words subquery names its dictionary through the
    // outer row, so a custom plan never saw the dictionary's size either: the plan is the same.
    const firstPage = !search && options.page === 1;
    const folded = search ? searchFold(search) : '';
    // Prepared statements get a generic plan after five calls, one plan for every pattern, and
    // for a search it reads the trigram index. A text without three letters in a row gives
    // that index nothing to look up ("ba" read all 5,000 entries of a dictionary: 8.6 ms, where
    // reading the dictionary's words and testing each took 3.4), and searching while typing
    // sends exactly such texts first: they get a statement the index cannot serve.
    const searchKind = !search ? (firstPage ? 'first' : 'all') : TRIGRAM.test(folded) ? 'search' : 'scan';
    const variant = `page_${sort}_${direction === 1 ? 'asc' : 'desc'}_${searchKind}`;
    const query = this.prepared.get(variant, (name) => {
      // Written with explicit names: in a one-table select Drizzle renders columns unqualified,
      // which would make the correlation to the outer dictionary ambiguous.
      const sortColumn = sql.raw(
        sort === 'term' ? 'w.term_key' : sort === 'update' ? 'w.updated_at' : 'w.created_at',
      );
      const dir = sql.raw(direction === 1 ? 'asc' : 'desc');
      // search_text is stored folded (wordhoard_fold, migration 0014); the pattern is folded alike.
      const matches =
        searchKind === 'search'
          ? sql`and w.search_text like ${sql.placeholder('pattern')}`
          : searchKind === 'scan'
            ? sql`and strpos(w.search_text, ${sql.placeholder('pattern')}::text) > 0`
            : sql``;
      const total = search ? sql`count(*) over ()` : sql`0`;
      // Each word's number is its place in the order the words were added (oldest 1), whatever
      // the sort, search or page. In that order itself (the default sort) and without a search
      // it is the row's place in the list, counted as the rows stream past; otherwise the
      // dictionary's words are numbered once, in one pass, and the page joins them.
      const byCreation = sort === 'create' && !search;
      const number = byCreation
        ? direction === 1
          ? sql`row_number() over (order by w.created_at asc, w.id asc)`
          : sql`"dictionaries"."words_count" + 1 - row_number() over (order by w.created_at desc, w.id desc)`
        : sql`numbered.number`;
      const numbering = byCreation
        ? sql``
        : sql`join (
            select x.id, row_number() over (order by x.created_at asc, x.id asc) as number
            from words x where x.dictionary_id = "dictionaries"."id"
          ) numbered on numbered.id = w.id`;
      // The page as JSON text, written by concatenation: json_build_object looks up how to
      // write each of its arguments on every row, and building 40 words that way was most of
      // the query's time (a loop of the page query: 530–580 µs → 290–410). Every value is
      // written by PostgreSQL's own JSON functions (to_json, array_to_json) or is a number,
      // boolean, uuid or timestamp, which need no escaping. The server sends the words as they
      // come (domain/json-text.ts): its contract is listedWordSchema, field for field.
      const page = sql<string>`(
        select '{"total":' || coalesce(max(page.total)::text, 'null') || ',"words":[' || coalesce(string_agg(
            '{"id":"' || page.id
            || '","number":' || page.number || ',"term":' || to_json(page.term)
            || ',"definitions":' || array_to_json(page.definitions)
            || ',"examples":' || array_to_json(page.examples)
            || ',"version":' || page.version
            || ',"suspended":' || (page.suspended_at is not null)
            || ',"picture":' || coalesce(page.picture::text, 'null')
            || ',"audio":' || coalesce(page.audio::text, 'null')
            || ',"createdAt":"' || ${isoTimestamp(sql`page.created_at`)}
            || '","updatedAt":"' || ${isoTimestamp(sql`page.updated_at`)} || '"}',
            ',' order by page.sort_key ${dir}, page.id ${dir}
          ), '') || ']}'
        from (
          select w.id, w.term, w.definitions, w.examples, w.version, w.suspended_at, w.created_at, w.updated_at,
            ${sortColumn} as sort_key, ${total} as total, ${number} as number,
            (select json_build_object('url', ${MEDIA_URL_PREFIX}::text || m.id, 'width', m.width, 'height', m.height)
              from word_media m where m.word_id = w.id and m.kind = 'picture' and m.owner_id = "dictionaries"."user_id") as picture,
            (select json_build_object('url', ${MEDIA_URL_PREFIX}::text || m.id, 'durationMs', m.duration_ms)
              from word_media m where m.word_id = w.id and m.kind = 'audio' and m.owner_id = "dictionaries"."user_id") as audio
          from words w ${numbering}
          where w.dictionary_id = "dictionaries"."id" ${matches}
          order by ${sortColumn} ${dir}, w.id ${dir}
          limit ${sql.placeholder('limit')} ${firstPage ? sql`` : sql`offset ${sql.placeholder('offset')}`}
        ) page
      )`;
      const me = callerCte(this.db);
      return this.db
        .with(me)
        .select({ session: callerColumns(me), dictionary: dictionaries, page })
        .from(me)
        .leftJoin(
          dictionaries,
          and(eq(dictionaries.id, sql.placeholder('dictionaryId')), eq(dictionaries.userId, me.userId)),
        )
        .prepare(name);
    });
    const [row] = await query.execute({
      ...caller,
      dictionaryId,
      pattern: searchKind === 'search' ? likePattern(folded) : folded,
      limit: options.limit,
      offset: (options.page - 1) * options.limit,
    });
    if (!row) return undefined;
    const { session, dictionary } = row;
    if (!dictionary) return { session, found: undefined };
    const page = pageParts(row.page);
    if (!search)
      return { session, found: { dictionary, wordsJson: page.wordsJson, total: dictionary.wordsCount } };
    if (page.total !== null)
      return { session, found: { dictionary, wordsJson: page.wordsJson, total: page.total } };
    // A page past the last match has no rows to carry the count: ask for it alone.
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(words)
      .where(and(eq(words.dictionaryId, dictionaryId), sql`${words.searchText} like ${likePattern(folded)}`));
    return { session, found: { dictionary, wordsJson: page.wordsJson, total: count?.total ?? 0 } };
  }

  /** The pictures and recordings of some of the owner's words (docs/decisions/0063-word-media.md). */
  async mediaOf(userId: string, wordIds: readonly string[]): Promise<Map<string, WordMediaRefs>> {
    if (wordIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        wordId: wordMedia.wordId,
        id: wordMedia.id,
        kind: wordMedia.kind,
        width: wordMedia.width,
        height: wordMedia.height,
        durationMs: wordMedia.durationMs,
      })
      .from(wordMedia)
      .where(
        // An export's thousands of words: all of the owner's media (one index scan) beats a list.
        wordIds.length > 500
          ? eq(wordMedia.ownerId, userId)
          : and(eq(wordMedia.ownerId, userId), inArray(wordMedia.wordId, [...wordIds])),
      );
    return refsByWord(wordIds, rows);
  }

  /** The ids of a dictionary's words by term key (an import's new words). */
  async idsByTermKey(dictionaryId: string, termKeys: readonly string[]): Promise<Map<string, string>> {
    if (termKeys.length === 0) return new Map();
    const rows = await this.db
      .select({ id: words.id, termKey: words.termKey })
      .from(words)
      .where(and(eq(words.dictionaryId, dictionaryId), inArray(words.termKey, [...termKeys])));
    return new Map(rows.map((row) => [row.termKey, row.id]));
  }

  /**
   * One page of a dictionary's words, oldest first, after `after` (keyset pages: the exports
   * read a dictionary a page at a time, decision 0076).
   */
  async wordsPage(dictionaryId: string, after: WordCursor | null, limit: number): Promise<WordPageRow[]> {
    return this.db
      .select({ ...wordColumns, cursorAt: exactTime(words.createdAt) })
      .from(words)
      .where(and(eq(words.dictionaryId, dictionaryId), afterCursor(words.createdAt, words.id, after, 'uuid')))
      .orderBy(asc(words.createdAt), asc(words.id))
      .limit(limit);
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

  async insertWords(tx: Tx, values: (typeof words.$inferInsert)[]): Promise<void> {
    // Chunks keep each statement under the driver's parameter limit.
    for (let start = 0; start < values.length; start += 1000) {
      await tx.insert(words).values(values.slice(start, start + 1000).map(withAnswerForms));
    }
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
