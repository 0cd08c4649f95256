import { answerResultSchema, contentLanguageSchema, type AnswerResult } from '@wordhoard/shared';
import { z } from 'zod';

/** How the word is shown (its dictionary, direction and languages: `WordMeta`), when it says. */
const wordMetaFields = {
  dictionaryId: z.string().nullable().optional(),
  reversed: z.boolean().optional(),
  promptLanguage: contentLanguageSchema.optional(),
  answerLanguage: contentLanguageSchema.optional(),
};

/**
 * What /testing hands to /testing/check and /testing/skip in the history entry's state, so the
 * result survives a reload of that screen (and a visit without it goes back to /testing).
 */
const checkStateSchema = z.object({
  wordId: z.string(),
  /** The word's place in the test, for "Next" to name the word it skips. */
  position: z.number().int(),
  term: z.string(),
  result: answerResultSchema,
  /** The checked answer's attemptId: "I was right" names it. */
  attemptId: z.string().optional(),
  /** What the learner typed, trimmed: a near miss's result has the exact spelling instead. */
  typed: z.string().optional(),
  ...wordMetaFields,
});
export type CheckState = z.infer<typeof checkStateSchema>;

const skipStateSchema = z.object({
  wordId: z.string(),
  term: z.string(),
  answers: z.array(z.string()),
  /** The word's example sentences (decision 0060). */
  examples: z.array(z.string()).optional(),
  ...wordMetaFields,
});
export type SkipState = z.infer<typeof skipStateSchema>;

export const parseCheckState = (state: unknown): CheckState | null =>
  checkStateSchema.safeParse(state).data ?? null;
export const parseSkipState = (state: unknown): SkipState | null =>
  skipStateSchema.safeParse(state).data ?? null;

/** correct, almost (accepted with a near-miss spelling) or wrong. */
export function resultKind(result: AnswerResult): 'correct' | 'almost' | 'wrong' {
  if (result.result === 'wrong') return 'wrong';
  return result.almost ? 'almost' : 'correct';
}
