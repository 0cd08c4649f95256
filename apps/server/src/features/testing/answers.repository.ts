import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConfusableWord, StoredCard, TestWord } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import { reviewLog, testItems, testSessions, wordCards, words } from '../../db/schema';
import type { Caller } from '../../domain/caller';
import type { CallerSession as SessionRecord } from '../../domain/caller';
import type { MediaRefRow } from '../../domain/media';
import { upsertCard } from './cards.repository';
import type { NewReviewLogEntry } from './review-log.repository';
import { callerCursor, MEDIA_REF_JSON, toCursor, type TestHead } from './testing.repository';

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

/** A text[] from a JSON array placeholder (null stays null). */
const textArray = (name: string) =>
  sql`case when ${sql.placeholder(name)}::jsonb is null then null
    else array(select jsonb_array_elements_text(${sql.placeholder(name)}::jsonb)) end`;

/** A placeholder cast to its column's type, named as the column (an insert's select). */
const param = (name: string, type: string, column: string) =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}`.as(column);

/**
 * An answer, a skip or an override: the read of the test at the word it names, and the one
 * statement that saves the word, logs the attempt and writes the card
 * (docs/decisions/0045-one-round-trip-per-answer.md).
 */
export class AnswersRepository {
  private readonly prepared = new PreparedQueries('answers');

  constructor(private readonly db: Db) {}

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
      callerCursor(
        this.db,
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
      // The insert names its columns: drizzle writes `insert into review_log ("id", "user_id",
      // …) select …` from the table's definition in db/schema, so the database's own column
      // order does not matter. The select's fields must be that definition's keys in its order,
      // which drizzle checks when it builds the statement ("Insert select error"): a column
      // added to review_log fails the first answer's statement loudly (every answer API test),
      // never writes into the wrong column.
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
}
