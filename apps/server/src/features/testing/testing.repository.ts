import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { MASTERED_STABILITY_DAYS, type ContentLanguage, type TesterOptions } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import {
  dailyAttempts,
  dictionaries,
  reviewLog,
  testDays,
  testItems,
  testSessions,
  users,
  wordCards,
  words,
  type StoredSchedulerSettings,
} from '../../db/schema';
import { ownDictionary } from '../../db/ownership';
import type { ConfusableWord, StoredCard, TestWord } from '@wordhoard/shared';
import { callerColumns, callerCte } from '../../db/caller-session';
import { afterCursor, exactTime, inIndexOrder, type TimeIdCursor } from '../../db/keyset';
import type { Caller } from '../../domain/caller';
import type { CallerSession as SessionRecord } from '../../domain/caller';
import type { MediaRefRow } from '../../domain/media';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** One logged attempt as the export and the optimizer read it. */
export type ReviewLogRow = Omit<typeof reviewLog.$inferSelect, 'id' | 'userId'>;
/**
 * What the answer path logs with a save; the time is the save's. `recalled`/`missed` on the
 * attempt that finished the word, `confusedWordId` on a wrong answer that was another word's
 * (docs/decisions/0049-weak-spots.md).
 */
export type NewReviewLogEntry = Omit<ReviewLogRow, 'reviewedAt'> &
  Pick<typeof reviewLog.$inferSelect, 'userId'>;
export type TestSessionRow = typeof testSessions.$inferSelect;
export type ReviewLogCursor = TimeIdCursor<number>;
/** A row of a review log page, with what the next page starts after. */
export type ReviewLogPageRow = ReviewLogRow & { id: number; cursorAt: string };

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

/** The test's word at the `position` placeholder (0-based), whichever word is current. */
const askedItemJoin = and(
  eq(testItems.testId, testSessions.id),
  eq(testItems.position, sql`${sql.placeholder('position')}::int`),
);

/**
 * The other words of the asked word's dictionary that `form` (a normalised answer, placeholder
 * `form`) may be the answer of, as a column of `findVersionedAt`: those with it among their
 * stored answer forms (their definitions', or their term's in a reversed test), and those whose
 * forms are not computed yet. Indexed lookups, not a read of the whole dictionary; the caller
 * grades the few it gets with the shared grader, which stays the judge
 * (docs/decisions/0066-answer-forms-index.md). The word's own dictionary and direction come from
 * the row being read (a test may mix them: decision 0048); each direction's lookup is a branch
 * of its own that the row switches on or off, so the GIN indexes still serve it.
 */
const askedDictionary = sql`coalesce((${testItems.item}->>'dictionaryId')::uuid, ${testSessions.dictionaryId})`;
const askedWord = sql`(${testItems.item}->>'wordId')::uuid`;
const askedReversed = sql`coalesce((${testItems.item}->>'reversed')::boolean, ${testSessions.swap})`;
const otherWordsOfAsked = sql<ConfusableWord[] | null>`(
  select json_agg(json_build_object('id', o.id, 'term', o.term, 'definitions', o.definitions)
    order by o.created_at, o.id)
  from (
    select f.id, f.term, f.definitions, f.created_at from words f
    where not ${askedReversed} and f.dictionary_id = ${askedDictionary} and f.id <> ${askedWord}
      and f.answer_forms @> array[${sql.placeholder('form')}::text]
    union
    select f.id, f.term, f.definitions, f.created_at from words f
    where ${askedReversed} and f.dictionary_id = ${askedDictionary} and f.id <> ${askedWord}
      and f.term_forms @> array[${sql.placeholder('form')}::text]
    union
    select f.id, f.term, f.definitions, f.created_at from words f
    where f.dictionary_id = ${askedDictionary} and f.id <> ${askedWord}
      and (f.answer_forms is null or f.term_forms is null)
  ) o
  where ${sql.placeholder('form')}::text <> ''
)`;

/** What `saveItemIf` saved: the test's word at its new position, read by the saving statement. */
export interface SavedItem {
  /**
   * The word at `nextPosition` when the save moved the test on (null past its last word); null
   * as well when it stayed on the saved word, which the caller has already.
   */
  next: TestWord | null;
  /** The picture and recording of the word at `nextPosition`, read by the same statement. */
  nextMedia: MediaRefRow[];
}

/** Null for the row of a user without a test (every column null from the outer join). */
function toCursor(row: {
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
export type SnapshotWord = { id: string; term: string; definitions: string[]; examples: string[] };
/** The dictionary a snapshotted word comes from: its id and the languages it is shown in. */
export type SnapshotSource = {
  dictionaryId: string;
  fromLanguage: ContentLanguage;
  toLanguage: ContentLanguage;
  /** The dictionary's exam day (decision 0050), null without one. */
  examDate: string | null;
};

/** A text[] from a JSON array placeholder (null stays null). */
const textArray = (name: string) =>
  sql`case when ${sql.placeholder(name)}::jsonb is null then null
    else array(select jsonb_array_elements_text(${sql.placeholder(name)}::jsonb)) end`;

/** A placeholder cast to its column's type, named as the column (an insert's select). */
const param = (name: string, type: string, column: string) =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}`.as(column);

/** A memory card's own fields, as values of one `word_cards` row. */
type CardValues = { [K in keyof StoredCard | 'reversed']: SQL | Placeholder };

/**
 * The `word_cards` row of word `wordId` with `values`, read from the word itself (so a word
 * deleted since the test started gets none) and upserted over the card it had: every column
 * in the table's order, as drizzle inserts a select into all of them.
 */
function upsertCard(db: Db | Tx, wordId: SQL, values: CardValues, condition?: SQL) {
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
const notSuspended = isNull(words.suspendedAt);
/** A `word_media` row `m` as `MediaRefRow` JSON. */
const MEDIA_REF_JSON = sql.raw(
  `json_build_object('wordId', m.word_id, 'id', m.id, 'kind', m.kind, 'width', m.width, 'height', m.height, 'durationMs', m.duration_ms)`,
);

/** A finished word as the report reads it: its dictionary is null once that was deleted. */
export type ReportItem = Omit<TestWord, 'dictionaryId'> & { dictionaryId?: string | null };
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

  async ownsDictionary(userId: string, dictionaryId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: dictionaries.id })
      .from(dictionaries)
      .where(ownDictionary(userId, dictionaryId))
      .limit(1);
    return row !== undefined;
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

  /**
   * The caller's session (`callerCte`) with their active test at its current word
   * (`cursorColumns`) and `extra` columns: the shape both the test screen and an answer read.
   */
  private callerCursor<Extra extends SelectedFields>(extra: Extra, itemJoin = currentItemJoin) {
    const me = callerCte(this.db);
    const query = this.db
      .with(me)
      .select({ session: callerColumns(me), ...cursorColumns, ...extra })
      .from(me)
      .leftJoin(testSessions, eq(testSessions.userId, me.userId))
      .leftJoin(testItems, itemJoin);
    return { me, query };
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
      const { query: cursor } = this.callerCursor({
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
   * The caller's session (in the same query: features/session/caller.ts), their active test
   * with the row's version (PostgreSQL's `xmin`, which changes on every update), and the
   * test's word at `position` (0-based; null when the test has none there), whether or not it
   * is the current one. For an optimistic write: `saveItemIf` succeeds only if nobody saved in
   * between. An answer is then a read and a write, instead of BEGIN, SELECT … FOR UPDATE,
   * UPDATE, COMMIT.
   */
  async findVersionedAt(
    caller: Caller['params'],
    position: number,
    /**
     * An answer's normalised form: the same statement then also reads the other words of the
     * asked word's dictionary it may be the answer of (`others`), which an answer that is not
     * right needs to tell a confusion (decision 0043), instead of a second round trip.
     */
    answerForm?: string,
  ): Promise<
    | {
        session: SessionRecord;
        test: TestHead | null;
        item: TestWord | null;
        version: string | null;
        /** The asked word's picture and recording (docs/decisions/0063-word-media.md). */
        media: MediaRefRow[];
        /** With `answerForm`: the other words it may be the answer of (`otherWordsOfAsked`). */
        others?: ConfusableWord[];
      }
    | undefined
  > {
    const withOthers = answerForm !== undefined;
    const query = this.prepared.get(withOthers ? 'versioned_at_form' : 'versioned_at', (name) =>
      this.callerCursor(
        {
          version: sql<string | null>`${testSessions}.xmin::text`,
          media: sql<MediaRefRow[] | null>`(
            select json_agg(${MEDIA_REF_JSON}) from word_media m
            where m.owner_id = caller.user_id and m.word_id = (${testItems.item}->>'wordId')::uuid
          )`,
          ...(withOthers ? { others: otherWordsOfAsked } : {}),
        },
        askedItemJoin,
      )
        .query.limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ ...caller, position, form: answerForm ?? '' });
    if (!row) return undefined;
    const { session, version, media, others, ...cursor } = row as typeof row & {
      others?: ConfusableWord[] | null;
    };
    const test = toCursor(cursor);
    if (!test) return { session, test: null, item: null, version, media: [] };
    const { current: item, ...head } = test;
    return {
      session,
      test: head,
      item,
      version,
      media: media ?? [],
      ...(withOthers ? { others: others ?? [] } : {}),
    };
  }

  /**
   * Replaces the word at `position` and moves to `nextPosition`, unless the test changed since
   * `version` was read; undefined when it did. One statement: the test row moves (and gets a new
   * version) only if unchanged, only then is its one word row rewritten, and only then is the
   * attempt added to the review log — so an attempt applied once is logged once. A word deleted
   * since the test started is not logged (its log went with it). The same statement reads the
   * word at `nextPosition` when it differs from `position`, so the answer can show the next word
   * without another query (docs/decisions/0045-one-round-trip-per-answer.md). An answer that
   * finishes its word passes the word's new memory `card`, written by the same statement and
   * under the same condition: one round trip instead of a transaction of four (BEGIN, this,
   * the card, COMMIT), and still all or nothing.
   */
  async saveItemIf(
    id: string,
    version: string,
    change: { position: number; item: TestWord; nextPosition: number; now: Date },
    logged: NewReviewLogEntry,
    card?: StoredCard,
  ): Promise<SavedItem | undefined> {
    const build = (db: Db, name: string, withCard: boolean) => {
      const moved = db.$with('moved').as(
        db
          .update(testSessions)
          .set({
            position: sql`${sql.placeholder('nextPosition')}::int`,
            updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
          })
          .where(
            and(
              eq(testSessions.id, sql.placeholder('id')),
              sql`${testSessions}.xmin = ${sql.placeholder('version')}::xid`,
            ),
          )
          .returning({ id: testSessions.id }),
      );
      const saved = db.$with('saved').as(
        db
          .update(testItems)
          .set({ item: sql`${sql.placeholder('item')}::jsonb` })
          .where(
            and(
              sql`${testItems.testId} = (select ${moved.id} from ${moved})`,
              eq(testItems.position, sql`${sql.placeholder('position')}::int`),
            ),
          )
          .returning({ testId: testItems.testId }),
      );
      // Every column in the table's order: drizzle names each column of the table in the insert
      // and refuses, when it builds the statement, a select whose fields are not those in that
      // order ("Insert select error"): a column added to review_log fails the first answer's
      // statement loudly (every answer API test), never writes into the wrong column.
      const entry = db
        .select({
          id: sql`nextval('review_log_id_seq')`.as('id'),
          userId: param('userId', 'uuid', 'user_id'),
          wordId: param('wordId', 'uuid', 'word_id'),
          reversed: param('reversed', 'boolean', 'reversed'),
          definition: param('definition', 'text', 'definition'),
          typed: param('typed', 'text', 'typed'),
          result: param('result', 'text', 'result'),
          rating: param('rating', 'smallint', 'rating'),
          state: param('state', 'smallint', 'state'),
          durationMs: param('durationMs', 'int', 'duration_ms'),
          reviewedAt: param('now', 'timestamptz', 'reviewed_at'),
          // Arrays travel as JSON: both drivers pass a JSON text parameter the same way.
          recalled: sql`${textArray('recalled')}`.as('recalled'),
          missed: sql`${textArray('missed')}`.as('missed'),
          // A word deleted since the confusion was found is no pair any more (nor a broken key).
          confusedWordId: sql`(select ${words.id} from ${words}
            where ${words.id} = ${sql.placeholder('confusedWordId')}::uuid)`.as('confused_word_id'),
        })
        .from(saved)
        .where(sql`exists (select 1 from ${words} where ${words.id} = ${sql.placeholder('wordId')}::uuid)`);
      const log = db.$with('log').as(db.insert(reviewLog).select(entry).returning({ id: reviewLog.id }));
      // The finished word's card, only if the word row was saved.
      const cardSaved = db.$with('card').as(
        upsertCard(
          db,
          sql`${sql.placeholder('wordId')}::uuid`,
          {
            reversed: sql.placeholder('reversed'),
            due: sql.placeholder('cardDue'),
            stability: sql.placeholder('cardStability'),
            difficulty: sql.placeholder('cardDifficulty'),
            scheduledDays: sql.placeholder('cardScheduledDays'),
            learningSteps: sql.placeholder('cardLearningSteps'),
            reps: sql.placeholder('cardReps'),
            lapses: sql.placeholder('cardLapses'),
            state: sql.placeholder('cardState'),
            lastReview: sql.placeholder('cardLastReview'),
          },
          sql`exists (select 1 from ${saved})`,
        ).returning({ wordId: wordCards.wordId }),
      );
      // The word the test moved on to. The statement reads the table as it was before it
      // (data-modifying CTEs do not see each other's writes), which is right for a row it does
      // not write; the saved word itself is the caller's, so it is not read back.
      const nextItem = alias(testItems, 'next_item');
      return db
        .with(...(withCard ? [moved, saved, log, cardSaved] : [moved, saved, log]))
        .select({
          testId: saved.testId,
          next: nextItem.item,
          // The next word's picture and recording, in the same statement (decision 0063).
          nextMedia: sql<MediaRefRow[] | null>`(
            select json_agg(${MEDIA_REF_JSON}) from word_media m
            where m.owner_id = ${sql.placeholder('userId')}::uuid
              and m.word_id = (${nextItem.item}->>'wordId')::uuid
          )`,
        })
        .from(saved)
        .leftJoin(
          nextItem,
          and(
            eq(nextItem.testId, saved.testId),
            eq(nextItem.position, sql`${sql.placeholder('nextPosition')}::int`),
            sql`${sql.placeholder('nextPosition')}::int <> ${sql.placeholder('position')}::int`,
          ),
        )
        .prepare(name);
    };
    const query = card
      ? this.prepared.get('save_item_card', (name) => build(this.db, name, true))
      : this.prepared.get('save_item', (name) => build(this.db, name, false));
    const [saved] = await query.execute({
      id,
      version,
      position: change.position,
      item: JSON.stringify(change.item),
      nextPosition: change.nextPosition,
      now: change.now,
      ...logged,
      recalled: logged.recalled && JSON.stringify(logged.recalled),
      missed: logged.missed && JSON.stringify(logged.missed),
      ...(card && {
        cardDue: card.due,
        cardStability: card.stability,
        cardDifficulty: card.difficulty,
        cardScheduledDays: card.scheduledDays,
        cardLearningSteps: card.learningSteps,
        cardReps: card.reps,
        cardLapses: card.lapses,
        cardState: card.state,
        cardLastReview: card.lastReview,
      }),
    });
    return saved && { next: saved.next, nextMedia: saved.nextMedia ?? [] };
  }

  /**
   * One page of a learner's review log, oldest first, after `after` (keyset pages, decision
   * 0076): the export reads it a page at a time. `graded`: only the attempts that graded a card
   * (the reviews of the FSRS file).
   */
  async reviewLogPage(
    userId: string,
    after: ReviewLogCursor | null,
    limit: number,
    graded = false,
  ): Promise<ReviewLogPageRow[]> {
    return inIndexOrder(this.db, (tx) =>
      tx
        .select({
          id: reviewLog.id,
          cursorAt: exactTime(reviewLog.reviewedAt),
          wordId: reviewLog.wordId,
          reversed: reviewLog.reversed,
          definition: reviewLog.definition,
          typed: reviewLog.typed,
          result: reviewLog.result,
          rating: reviewLog.rating,
          state: reviewLog.state,
          durationMs: reviewLog.durationMs,
          reviewedAt: reviewLog.reviewedAt,
          recalled: reviewLog.recalled,
          missed: reviewLog.missed,
          confusedWordId: reviewLog.confusedWordId,
        })
        .from(reviewLog)
        .where(
          and(
            eq(reviewLog.userId, userId),
            graded ? isNotNull(reviewLog.rating) : undefined,
            afterCursor(reviewLog.reviewedAt, reviewLog.id, after, 'bigint'),
          ),
        )
        .orderBy(asc(reviewLog.reviewedAt), asc(reviewLog.id))
        .limit(limit),
    );
  }

  // --- Spaced repetition (docs/decisions/0011-spaced-repetition.md) ---------------------------

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
