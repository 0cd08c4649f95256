// Dictionaries and their words: what a list, a page of words and one word look like, and the
// bodies and queries that create, change and list them.
import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants';
import { VALIDATION_KEYS } from '../messageCodec';
import {
  definitionsSchema,
  dictionaryNameSchema,
  examplesSchema,
  searchSchema,
  termSchema,
} from '../validation';
import { contentLanguageSchema, idSchema, isoDateSchema, sortDirectionInputSchema } from './common';
import { wordAudioSchema, wordPictureSchema } from './media';
import { dictionariesSortSchema, wordsSortSchema } from './users';

export const dictionarySchema = z.object({
  id: idSchema,
  name: z.string(),
  fromLanguage: contentLanguageSchema,
  toLanguage: contentLanguageSchema,
  wordsCount: z.number().int(),
  /**
   * The day of the learner's exam on these words, if any: no review is planned past its eve,
   * so every word comes up before it (docs/decisions/0050-exam-date.md).
   */
  examDate: z.iso.date().nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Dictionary = z.infer<typeof dictionarySchema>;

/** A dictionary after a batch of changes, with the ids of the words the batch created. */
export const updatedDictionarySchema = dictionarySchema.extend({
  /** The new words' ids, in the order of `words.create` (pictures chosen for them go by id). */
  createdWordIds: z.array(idSchema),
});
export type UpdatedDictionary = z.infer<typeof updatedDictionarySchema>;

export const wordSchema = z.object({
  id: idSchema,
  term: z.string(),
  definitions: z.array(z.string()),
  /** Example sentences, 0–5, in the order the learner wrote them (decision 0060). */
  examples: z.array(z.string()),
  /**
   * Bumped by every edit: an update that names the version it was made on is refused with 409
   * `WORD_CHANGED` once another edit got in first (decision 0060).
   */
  version: z.number().int(),
  /** Left out of every test and of the due counts until resumed (a leech set aside). */
  suspended: z.boolean(),
  picture: wordPictureSchema.nullable(),
  audio: wordAudioSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Word = z.infer<typeof wordSchema>;

/**
 * A word in a page of the dictionary's list, with its number: its place in the order the words
 * were added (oldest 1), the same whatever the sort, search or page.
 */
export const listedWordSchema = wordSchema.extend({ number: z.number().int().positive() });
export type ListedWord = z.infer<typeof listedWordSchema>;

export const dictionaryWithWordsSchema = dictionarySchema.extend({
  words: z.array(listedWordSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type DictionaryWithWords = z.infer<typeof dictionaryWithWordsSchema>;

const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const limitSchema = (fallback: number) =>
  z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(fallback);

export const dictionariesQuerySchema = z.object({
  search: searchSchema.optional(),
  sort: dictionariesSortSchema.optional(),
  direction: sortDirectionInputSchema.optional(),
  page: pageSchema,
  limit: limitSchema(40),
});
export type DictionariesQuery = z.input<typeof dictionariesQuerySchema>;

export const dictionaryQuerySchema = z.object({
  search: searchSchema.optional(),
  sort: wordsSortSchema.optional(),
  direction: sortDirectionInputSchema.optional(),
  page: pageSchema,
  limit: limitSchema(40),
});
export type DictionaryQuery = z.input<typeof dictionaryQuerySchema>;

/** An exam day (YYYY-MM-DD), or null to clear it. Year 0000 matches the format but is no date. */
export const examDateSchema = z.iso
  .date({ error: VALIDATION_KEYS.invalidDate })
  .refine((day) => !day.startsWith('0000'), { error: VALIDATION_KEYS.invalidDate })
  .nullable();

export const createDictionaryBodySchema = z.object({
  name: dictionaryNameSchema,
  fromLanguage: contentLanguageSchema,
  toLanguage: contentLanguageSchema,
  examDate: examDateSchema.optional(),
});
export type CreateDictionaryBody = z.input<typeof createDictionaryBodySchema>;

export const wordInputSchema = z.object({
  term: termSchema,
  definitions: definitionsSchema,
  /** Absent: none (files and clients from before examples). */
  examples: examplesSchema.optional(),
});
export type WordInput = z.input<typeof wordInputSchema>;

export const updateDictionaryBodySchema = z.object({
  name: dictionaryNameSchema.optional(),
  fromLanguage: contentLanguageSchema.optional(),
  toLanguage: contentLanguageSchema.optional(),
  examDate: examDateSchema.optional(),
  words: z
    .object({
      create: z.array(wordInputSchema).max(5000).optional(),
      update: z
        .array(
          z.object({
            id: idSchema,
            term: termSchema.optional(),
            definitions: definitionsSchema.optional(),
            examples: examplesSchema.optional(),
            /** The word's version the edit was made on: 409 `WORD_CHANGED` if it moved on. */
            version: z
              .number()
              .int()
              .min(1)
              .max(2 ** 31 - 1)
              .optional(),
          }),
        )
        .max(5000)
        .optional(),
      delete: z.array(idSchema).max(5000).optional(),
    })
    .optional(),
});
export type UpdateDictionaryBody = z.input<typeof updateDictionaryBodySchema>;

export const dictionaryListSchema = z.object({
  data: z.array(dictionarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DictionaryList = z.infer<typeof dictionaryListSchema>;
