// How one word of a test is shown, shared by the current word, the report and the offline pack.
// Not exported from the package: the shapes that spread these fields are.
import { z } from 'zod';
import { contentLanguageSchema } from './common';
import { wordAudioSchema, wordPictureSchema } from './media';

/**
 * How one word of a test is shown, carried by the word since a test may mix dictionaries and
 * directions (decision 0048). Absent in tests started before: the test's (the tab's) apply.
 */
export const testWordFields = {
  /** The direction: true when the definitions are shown and the term is expected. */
  reversed: z.boolean().optional(),
  /** The language of what is shown (`term`). */
  promptLanguage: contentLanguageSchema.optional(),
  /** The language the answer is typed in. */
  answerLanguage: contentLanguageSchema.optional(),
  /**
   * A cloze question (decision 0060): the example sentence around the blank the term (the one
   * answer) fills; `term` still holds the definitions, as a hint. Absent: not a cloze.
   */
  cloze: z.object({ before: z.string(), after: z.string() }).optional(),
};

/** The word's example sentences, shown once its answer is checked (decision 0060). */
export const examplesField = z.array(z.string()).optional();

/**
 * The word's picture and recording (docs/decisions/0063-word-media.md), as they are now. `audio`
 * is null while a question asks for the term (definitions → term, cloze): hearing it would give
 * the answer away. Absent where the server did not read them (an answer's `next`, offline tests).
 */
export const mediaFields = {
  picture: wordPictureSchema.nullable().optional(),
  audio: wordAudioSchema.nullable().optional(),
};
