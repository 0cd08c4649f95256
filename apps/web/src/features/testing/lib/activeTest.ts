import { languageSchema, testerOptionsSchema, type Language, type TesterOptions } from '@wordhoard/shared';
import { z } from 'zod';

/**
 * What the browser remembers about the test it started: the options (for "try again" and as
 * the form's defaults) and the languages of the prompt and of the expected answer. The server's
 * test state does not carry them, so a test resumed on another device simply has no languages.
 */
export interface ActiveTest {
  /** Whose test it is: another account signing in on this tab must not inherit it. */
  userId: string;
  options: TesterOptions;
  /** The language of what is shown: the terms, or the definitions when swapped. */
  promptLanguage: Language;
  /** The language the learner types in: the definitions, or the terms when swapped. */
  answerLanguage: Language;
}

const activeTestSchema = z.object({
  userId: z.string(),
  options: testerOptionsSchema,
  promptLanguage: languageSchema,
  answerLanguage: languageSchema,
});

const STORAGE_KEY = 'wordhoard.testing.activeTest';

/** The prompt and answer languages of a test on a dictionary of `from` terms and `to` definitions. */
export function testLanguages(
  dictionary: { fromLanguage: Language; toLanguage: Language },
  swap: boolean,
): Pick<ActiveTest, 'promptLanguage' | 'answerLanguage'> {
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
