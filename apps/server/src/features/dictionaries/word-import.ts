import {
  importField,
  wordInputSchema,
  type ImportResult,
  type importWordsBodySchema,
} from '@wordhoard/shared';
import type { z } from 'zod';

type ImportWordsBody = z.output<typeof importWordsBodySchema>;
/** A word's fields as an import adds it. */
export type NewWord = Pick<z.output<typeof wordInputSchema>, 'term' | 'definitions' | 'examples'>;
/** A word to import, with where it was in the request. */
export type ImportCandidate = { index: number; word: NewWord };

/**
 * The words of an import worth looking at, with their positions. Without `skipInvalid` the
 * contract has already checked every one; with it, each is checked here with the same rules,
 * and an invalid one goes to `skipped` with its problems (encoded validation messages).
 */
export function judgeImport(body: ImportWordsBody, skipped: ImportResult['skipped']): ImportCandidate[] {
  if (!body.skipInvalid) return body.words.map((word, index) => ({ index, word }));
  const candidates: ImportCandidate[] = [];
  body.words.forEach((raw, index) => {
    const parsed = wordInputSchema.safeParse(raw);
    if (parsed.success) {
      candidates.push({ index, word: parsed.data });
      return;
    }
    const problems: NonNullable<ImportResult['skipped'][number]['problems']> = [];
    for (const issue of parsed.error.issues) {
      const field = importField(issue.path[0]);
      if (!problems.some((problem) => problem.field === field && problem.message === issue.message))
        problems.push({ field, message: issue.message });
    }
    skipped.push({ term: raw.term, reason: 'invalid', index, problems });
  });
  return candidates;
}
