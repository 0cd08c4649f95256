// Translation suggestions for a word, and the language pairs they are offered for (decision 0059).
import { z } from 'zod';
import { TEXT_LENGTH } from '../constants';
import { contentLanguageSchema } from './common';

export const translateParamsSchema = z.object({
  word: z.string().min(1).max(TEXT_LENGTH.middle),
});
export const translateQuerySchema = z.object({
  fromLanguage: contentLanguageSchema,
  toLanguage: contentLanguageSchema,
});
export const translationSchema = z.object({ translations: z.array(z.string()) });
/**
 * The language pairs the translation service knows, by source language ("ja": ["en", …]); null
 * when the service does not say, and every pair may be tried (decision 0059).
 */
export const translationLanguagesSchema = z.object({
  pairs: z.record(z.string(), z.array(z.string())).nullable(),
});
export type TranslationLanguages = z.infer<typeof translationLanguagesSchema>;
