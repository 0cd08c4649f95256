import { languageSchema, testerOptionsSchema, type Language, type TesterOptions } from '@wordhoard/shared';
import { z } from 'zod';

/**
 * What the browser remembers about the test it started: the options (for "try again" and as
 * the tester form's defaults) and the languages of the prompt and of the expected answer. The
 * main menu starts tests too (the due words of every dictionary), hence shared. Each word of
 * a test started since decision 0048 carries its own direction and languages, which win over
 * these; a test of several dictionaries has no languages of its own.
 */
export interface ActiveTest {
  /** Whose test it is: another account signing in on this tab must not inherit it. */
  userId: string;
  options: TesterOptions;
  /** The language of what is shown: the terms, or the definitions when swapped. */
  promptLanguage?: Language;
  /** The language the learner types in: the definitions, or the terms when swapped. */
  answerLanguage?: Language;
}

const activeTestSchema = z.object({
  userId: z.string(),
  options: testerOptionsSchema,
  promptLanguage: languageSchema.optional(),
  answerLanguage: languageSchema.optional(),
});

const STORAGE_KEY = 'wordhoard.testing.activeTest';

/** The test of the due words of every dictionary, both directions (decision 0048). */
export const EVERY_DICTIONARY_DUE: TesterOptions = {
  dictionaryId: null,
  swap: false,
  range: { type: 'due' },
};

/** The prompt and answer languages of a test on a dictionary of `from` terms and `to` definitions. */
export function testLanguages(
  dictionary: { fromLanguage: Language; toLanguage: Language },
  swap: boolean,
): Required<Pick<ActiveTest, 'promptLanguage' | 'answerLanguage'>> {
  return swap
    ? { promptLanguage: dictionary.toLanguage, answerLanguage: dictionary.fromLanguage }
    : { promptLanguage: dictionary.fromLanguage, answerLanguage: dictionary.toLanguage };
}

/** The test `userId` started in this tab, if the tab remembers one. */
export function readActiveTest(userId: string | undefined): ActiveTest | null {
  if (userId === undefined) return null;
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const parsed = activeTestSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.userId === userId ? parsed.data : null;
  } catch {
    // Storage may be disabled or hold something unreadable; both mean "unknown".
    return null;
  }
}

export function saveActiveTest(test: ActiveTest): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(test));
  } catch {
    // Without storage the test still runs; only the languages and "try again" are lost.
  }
}
