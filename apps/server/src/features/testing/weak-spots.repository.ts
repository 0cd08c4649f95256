import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dictionaries, users, words } from '../../db/schema';
import type { SnapshotWord } from './cards.repository';

/**
 * One definition's record (docs/decisions/0049-weak-spots.md), from the outcomes the review
 * log keeps on the attempts that finished a word: `misses` the tests it was missed in,
 * `lapses` the misses right after a test where it was recalled unaided.
 */
export interface DefinitionRecord {
  wordId: string;
  term: string;
  reversed: boolean;
  definition: string;
  misses: number;
  lapses: number;
  lastMissAt: Date;
  suspended: boolean;
}

export interface ConfusionPair {
  first: { wordId: string; term: string; suspended: boolean };
  second: { wordId: string; term: string; suspended: boolean };
  times: number;
  lastAt: Date;
}

/** A timestamp as a raw query returns it: a Date from PGlite, text from node-postgres. */
const toDate = (value: Date | string) => new Date(value);

/**
 * What the review log says of a learner's weak spots: missed definitions, leeches and
 * confusion pairs. Every query names the learner and reads the log through its words, so
 * another learner's log is never read.
 */
export class WeakSpotsRepository {
  constructor(private readonly db: Db) {}

  async leechThreshold(userId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ threshold: users.leechThreshold })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.threshold;
  }

  /**
   * Every missed definition of one dictionary's words, or of the words `wordIds` (of any of the
   * learner's dictionaries), that the word still has: a definition rewritten since is a new
   * one with a clean record. Outcomes are ordered by time; a miss whose previous outcome was a
   * recall is a lapse.
   */
  async missedDefinitions(
    userId: string,
    scope: { dictionaryId: string } | { wordIds: string[] },
  ): Promise<DefinitionRecord[]> {
    if ('wordIds' in scope && scope.wordIds.length === 0) return [];
    const inScope: SQL =
      'dictionaryId' in scope
        ? sql`w.dictionary_id = ${scope.dictionaryId}::uuid`
        : sql`w.id in (${sql.join(
            scope.wordIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
    type Row = Omit<DefinitionRecord, 'lastMissAt'> & { lastMissAt: Date | string };
    const { rows } = await this.db.execute<Row>(sql`
      with outcomes as (
        select l.word_id, l.reversed, o.definition, o.missed, l.reviewed_at, l.id
        from review_log l
        join words w on w.id = l.word_id
        join dictionaries d on d.id = w.dictionary_id and d.user_id = ${userId}::uuid
        cross join lateral (
          select recalled as definition, false as missed from unnest(l.recalled) as recalled
          union all
          select missed, true from unnest(l.missed) as missed
        ) o
        where l.user_id = ${userId}::uuid and ${inScope}
          and (l.recalled is not null or l.missed is not null)
      ),
      sequenced as (
        select *, lag(missed) over (
          partition by word_id, reversed, definition order by reviewed_at, id
        ) as missed_before
        from outcomes
      )
      select s.word_id as "wordId", w.term, s.reversed, s.definition,
        (count(*) filter (where s.missed))::int as misses,
        (count(*) filter (where s.missed and s.missed_before = false))::int as lapses,
        max(s.reviewed_at) filter (where s.missed) as "lastMissAt",
        (w.suspended_at is not null) as suspended
      from sequenced s
      join words w on w.id = s.word_id
      where (s.reversed and s.definition = w.term)
        or (not s.reversed and s.definition = any(w.definitions))
      group by s.word_id, w.term, w.suspended_at, s.reversed, s.definition
      having count(*) filter (where s.missed) > 0`);
    return rows.map((row) => ({ ...row, lastMissAt: toDate(row.lastMissAt) }));
  }

  /**
   * Pairs of one dictionary's words whose answers the learner typed for each other (either
   * way round counts for the pair), most often and most recently first.
   */
  async confusionPairs(userId: string, dictionaryId: string, limit: number): Promise<ConfusionPair[]> {
    const { rows } = await this.db.execute<{
      firstId: string;
      firstTerm: string;
      firstSuspended: boolean;
      secondId: string;
      secondTerm: string;
      secondSuspended: boolean;
      times: number;
      lastAt: Date | string;
    }>(sql`
      with pairs as (
        select least(l.word_id, l.confused_word_id) as first_id,
          greatest(l.word_id, l.confused_word_id) as second_id,
          count(*)::int as times, max(l.reviewed_at) as last_at
        from review_log l
        join words w on w.id = l.word_id
        join dictionaries d on d.id = w.dictionary_id and d.user_id = ${userId}::uuid
        where l.user_id = ${userId}::uuid and w.dictionary_id = ${dictionaryId}::uuid
          and l.confused_word_id is not null
        group by 1, 2
      )
      select p.first_id as "firstId", a.term as "firstTerm", (a.suspended_at is not null) as "firstSuspended",
        p.second_id as "secondId", b.term as "secondTerm", (b.suspended_at is not null) as "secondSuspended",
        p.times, p.last_at as "lastAt"
      from pairs p
      join words a on a.id = p.first_id and a.dictionary_id = ${dictionaryId}::uuid
      join words b on b.id = p.second_id and b.dictionary_id = ${dictionaryId}::uuid
      order by p.times desc, p.last_at desc, p.first_id, p.second_id
      limit ${limit}`);
    return rows.map((row) => ({
      first: { wordId: row.firstId, term: row.firstTerm, suspended: row.firstSuspended },
      second: { wordId: row.secondId, term: row.secondTerm, suspended: row.secondSuspended },
      times: row.times,
      lastAt: toDate(row.lastAt),
    }));
  }

  /** The suspended words of one of the learner's dictionaries, by term. */
  async suspendedWords(userId: string, dictionaryId: string): Promise<{ wordId: string; term: string }[]> {
    return this.db
      .select({ wordId: words.id, term: words.term })
      .from(words)
      .innerJoin(dictionaries, eq(dictionaries.id, words.dictionaryId))
      .where(
        and(
          eq(words.dictionaryId, dictionaryId),
          eq(dictionaries.userId, userId),
          isNotNull(words.suspendedAt),
        ),
      )
      .orderBy(asc(words.termKey));
  }

  /** Words of one dictionary by id, not suspended, as a test snapshots them. */
  async activeWords(dictionaryId: string, wordIds: string[]): Promise<Map<string, SnapshotWord>> {
    if (wordIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: words.id, term: words.term, definitions: words.definitions, examples: words.examples })
      .from(words)
      .where(
        and(eq(words.dictionaryId, dictionaryId), inArray(words.id, wordIds), isNull(words.suspendedAt)),
      );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Which of `wordIds` are suspended now. */
  async suspendedAmong(wordIds: string[]): Promise<Set<string>> {
    if (wordIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: words.id })
      .from(words)
      .where(and(inArray(words.id, wordIds), isNotNull(words.suspendedAt)));
    return new Set(rows.map((row) => row.id));
  }
}
