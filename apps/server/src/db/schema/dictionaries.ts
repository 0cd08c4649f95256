import { getTableColumns, sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContentLanguage } from '@wordhoard/shared';
import { timestamps, tz } from './columns';
import { users } from './accounts';

// Dictionaries and their words.

export const dictionaries = pgTable(
  'dictionaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fromLanguage: text('from_language').$type<ContentLanguage>().notNull(),
    toLanguage: text('to_language').$type<ContentLanguage>().notNull(),
    wordsCount: integer('words_count').notNull().default(0),
    /** No review is planned past this day's eve (docs/decisions/0050-exam-date.md). */
    examDate: date('exam_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('dictionaries_user_updated_idx').on(t.userId, t.updatedAt),
    index('dictionaries_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    index('dictionaries_user_words_idx').on(t.userId, t.wordsCount),
  ],
);

export const words = pgTable(
  'words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dictionaryId: uuid('dictionary_id')
      .notNull()
      .references(() => dictionaries.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    /** The term lower-cased: terms are unique per dictionary ignoring case. */
    termKey: text('term_key').notNull(),
    definitions: text('definitions').array().notNull(),
    /** Up to five example sentences, in order (docs/decisions/0060-example-sentences-and-cloze.md). */
    examples: text('examples')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Bumped by every edit of the word: an edit that names the version it was made on is refused
     * (409 `WORD_CHANGED`) once another edit got in first, so nothing is silently overwritten.
     */
    version: integer('version').notNull().default(1),
    /**
     * What a words search looks in: term and definitions, lower-cased, one per line. Kept by
     * the `words_search_text` trigger (migration 0001) so that no writer can forget it.
     */
    searchText: text('search_text').notNull().default(''),
    /** Set aside (a leech): in no test and no due count until resumed (decision 0049). */
    suspendedAt: tz('suspended_at'),
    /**
     * Every text that counts exactly as one of the definitions (`definitionForms` of each), and
     * as the term (for reversed tests): what a wrong answer is looked up in to find the word it
     * belongs to (a confusion) without reading the whole dictionary. Written with the word by
     * the repository; null until computed (older rows, raw inserts), when the answer-forms job
     * fills it in (docs/decisions/0066-answer-forms-index.md).
     */
    answerForms: text('answer_forms').array(),
    termForms: text('term_forms').array(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('words_dictionary_term_key').on(t.dictionaryId, t.termKey),
    // A confusion lookup: the dictionary's words with this exact form (btree_gin leads with the
    // dictionary, as the search index does), and the words whose forms are not computed yet.
    index('words_dictionary_answer_forms_idx')
      .using('gin', t.dictionaryId, t.answerForms)
      .with({ fastupdate: false }),
    index('words_dictionary_term_forms_idx')
      .using('gin', t.dictionaryId, t.termForms)
      .with({ fastupdate: false }),
    index('words_dictionary_forms_missing_idx')
      .on(t.dictionaryId)
      .where(sql`${t.answerForms} is null or ${t.termForms} is null`),
    index('words_dictionary_created_idx').on(t.dictionaryId, t.createdAt),
    index('words_dictionary_updated_idx').on(t.dictionaryId, t.updatedAt),
    // Substring search inside one dictionary without reading its other words: a trigram GIN
    // index led by the dictionary (btree_gin); see docs/decisions/0010-word-search-index.md.
    // fastupdate off: new words go straight into the index rather than into a pending list
    // that every search must read until a vacuum merges it.
    index('words_dictionary_search_idx')
      .using('gin', t.dictionaryId, t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/**
 * A word's columns without its answer forms, which only the confusion lookup and the job that
 * computes them read: every other read of whole words selects these.
 */
const { answerForms: _answerForms, termForms: _termForms, ...wordColumns } = getTableColumns(words);
export { wordColumns };
