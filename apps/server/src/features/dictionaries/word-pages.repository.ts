import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { searchFold, type SortDirection, type WordsSort } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import { dictionaries, wordColumns, words } from '../../db/schema';
import { MEDIA_URL_PREFIX } from '../../domain/media';
import { callerColumns, callerCte } from '../../db/caller-session';
import { afterCursor, exactTime } from '../../db/keyset';
import type { Caller } from '../../domain/caller';
import type { CallerSession as SessionRecord } from '../../domain/caller';
import {
  likePattern,
  type DictionaryRow,
  type WordCursor,
  type WordPageRow,
} from './dictionaries.repository';

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

/**
 * A dictionary's words read a page at a time: the page the dictionary screen shows (with its
 * search and sort) and the keyset pages of the exports (decision 0076).
 */
export class WordPagesRepository {
  private readonly prepared = new PreparedQueries('word_pages');

  constructor(private readonly db: Db) {}

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
}
