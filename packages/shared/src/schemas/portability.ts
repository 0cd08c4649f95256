// Data portability (docs/decisions/0012-data-portability.md): importing words and dictionaries,
// Anki packages (docs/decisions/0061-anki-import-export.md), a dictionary's export and the
// account's.
import { z } from 'zod';
import { MAX_IMPORT_WORDS } from '../constants';
import { idSchema, isoDateSchema, languageSchema, roleSchema } from './common';
import { createDictionaryBodySchema, dictionarySchema, wordInputSchema, wordSchema } from './dictionaries';
import { userPlanSchema } from './payments';
import { reviewLogEntrySchema } from './reviewLog';
import { schedulerStatusSchema } from './scheduling';
import { testRangeSchema, testResultSchema } from './testing';
import { sortingConfigsSchema } from './users';

const importWordsSchema = z.array(wordInputSchema).max(MAX_IMPORT_WORDS);
/**
 * A word as read from a file, not judged yet: with `skipInvalid: true` the server checks each
 * one itself and skips (and reports) those that break the rules, instead of refusing them all.
 */
export const rawImportWordSchema = z.object({
  term: z.string(),
  definitions: z.array(z.string()),
  examples: z.array(z.string()).optional(),
});
export type RawImportWord = z.infer<typeof rawImportWordSchema>;
const rawImportWordsSchema = z.array(rawImportWordSchema).max(MAX_IMPORT_WORDS);

/** Every word valid, or nothing saved (400); or, with `skipInvalid: true`, the valid ones only. */
export const importWordsBodySchema = z.discriminatedUnion('skipInvalid', [
  z.object({ skipInvalid: z.literal(false).optional(), words: importWordsSchema.min(1) }),
  z.object({ skipInvalid: z.literal(true), words: rawImportWordsSchema.min(1) }),
]);
export type ImportWordsBody = z.input<typeof importWordsBodySchema>;
/** An imported dictionary starts without an exam date. */
const importDictionaryInfoSchema = createDictionaryBodySchema.omit({ examDate: true });
export const importDictionaryBodySchema = z.discriminatedUnion('skipInvalid', [
  importDictionaryInfoSchema.extend({ skipInvalid: z.literal(false).optional(), words: importWordsSchema }),
  importDictionaryInfoSchema.extend({ skipInvalid: z.literal(true), words: rawImportWordsSchema }),
]);
export type ImportDictionaryBody = z.input<typeof importDictionaryBodySchema>;

/**
 * Why a word was not saved: its term was earlier in the import or is already in the
 * dictionary; or (only with `skipInvalid`) it breaks the rules, or there was no room left
 * under the role's word limit.
 */
export const IMPORT_SKIP_REASONS = [
  'duplicateInFile',
  'alreadyInDictionary',
  'invalid',
  'overWordLimit',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];
export const importSkippedWordSchema = z.object({
  term: z.string(),
  reason: z.enum(IMPORT_SKIP_REASONS),
  /** Where the word was in the request's `words` (0-based). */
  index: z.number().int().nonnegative(),
  /** duplicateInFile: where the term was first. */
  firstIndex: z.number().int().nonnegative().optional(),
  /** invalid: what is wrong, as encoded validation messages. */
  problems: z
    .array(z.object({ field: z.enum(['term', 'definitions', 'examples']), message: z.string() }))
    .optional(),
});
export type ImportSkippedWord = z.infer<typeof importSkippedWordSchema>;
export const importResultSchema = z.object({
  dictionary: dictionarySchema,
  imported: z.number().int(),
  /** Words not saved, in the order of the request, each with its reason. */
  skipped: z.array(importSkippedWordSchema),
  /** The ids of the words saved, in the order of the request's words (those not skipped). */
  wordIds: z.array(idSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** An Anki package (.apkg, a zip) as base64; the server reads it (WASM SQLite) and judges its notes. */
/** One note of the package as the import would take it, with what would happen to it. */
export const ankiPreviewRowSchema = z.object({
  /** The note's position in the package (1-based, in the order Anki created them). */
  line: z.number().int(),
  term: z.string(),
  definitions: z.array(z.string()),
  examples: z.array(z.string()),
  status: z.enum(['ready', 'skipped', 'error']),
  problems: z.array(
    z.object({ field: z.enum(['term', 'definitions', 'examples', 'line']), message: z.string() }),
  ),
});
export type AnkiPreviewRow = z.infer<typeof ankiPreviewRowSchema>;

/** What importing a package into a dictionary would do; nothing is saved. */
export const ankiPreviewSchema = z.object({
  /** The package's deck name (the first one with notes), when it has one. */
  deck: z.string().nullable(),
  /** Media files the package carries (pictures and sounds), used or not. */
  media: z.number().int(),
  /**
   * The words to add that would bring a picture, and a recording, from the package (a note's
   * first of each): each is checked as an upload is, and one that fails or is past the storage
   * quota is left out, so these are at most what is stored.
   */
  pictures: z.number().int(),
  sounds: z.number().int(),
  rows: z.array(ankiPreviewRowSchema),
  /** ready: to add; skipped: duplicates; overLimit: past the word limit; invalid: broken notes. */
  counts: z.object({
    total: z.number().int(),
    ready: z.number().int(),
    skipped: z.number().int(),
    overLimit: z.number().int(),
    invalid: z.number().int(),
  }),
});
export type AnkiPreview = z.infer<typeof ankiPreviewSchema>;

export const EXPORT_FORMATS = ['csv', 'json', 'apkg'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const dictionaryExportSchema = z.object({
  format: z.literal('wordhoard.dictionary'),
  version: z.literal(1),
  exportedAt: isoDateSchema,
  dictionary: dictionarySchema.extend({ words: z.array(wordSchema) }),
});
export type DictionaryExport = z.infer<typeof dictionaryExportSchema>;
/** JSON, or the CSV text when `format=csv` (sent as text/csv). */
export const dictionaryExportResponseSchema = z.union([dictionaryExportSchema, z.string()]);

export const accountExportSchema = z.object({
  format: z.literal('wordhoard.account'),
  version: z.literal(1),
  exportedAt: isoDateSchema,
  user: z.object({
    id: idSchema,
    email: z.string().nullable(),
    role: roleSchema,
    interfaceLanguage: languageSchema,
    sortingConfigs: sortingConfigsSchema,
    googleLinked: z.boolean(),
    emailVerifiedAt: isoDateSchema.nullable(),
    policyAcceptedAt: isoDateSchema.nullable(),
    guestExpiresAt: isoDateSchema.nullable(),
    createdAt: isoDateSchema,
    updatedAt: isoDateSchema,
  }),
  plan: userPlanSchema,
  subscriptions: z.array(
    z.object({
      status: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: isoDateSchema,
      endedAt: isoDateSchema.nullable(),
      createdAt: isoDateSchema,
    }),
  ),
  dictionaries: z.array(dictionarySchema.extend({ words: z.array(wordSchema) })),
  test: z
    .object({
      dictionaryId: idSchema.nullable(),
      swap: z.boolean(),
      range: testRangeSchema,
      position: z.number().int(),
      items: z.array(
        z.object({
          wordId: idSchema,
          term: z.string(),
          definitions: z.array(z.string()),
          done: z.array(z.string()),
          result: testResultSchema.nullable(),
          answers: z.array(z.string()),
          mistakes: z.number().int(),
        }),
      ),
      createdAt: isoDateSchema,
      updatedAt: isoDateSchema,
    })
    .nullable(),
  testAttempts: z.array(z.object({ day: z.string(), count: z.number().int() })),
  reviewLog: z.array(reviewLogEntrySchema),
  /** The learner's scheduler: desired retention and the last fit of their own parameters. */
  scheduler: schedulerStatusSchema,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
