// No zod here: the main menu imports this module, and the schemas would double its start-up
// JavaScript. Reading the stored test back (with validation) is ./readActiveTest.ts.
import type { ContentLanguage, TesterOptions } from '@wordhoard/shared';

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
  promptLanguage?: ContentLanguage;
  /** The language the learner types in: the definitions, or the terms when swapped. */
  answerLanguage?: ContentLanguage;
}

/** Where the tab keeps it (sessionStorage); read back by ./readActiveTest.ts. */
export const ACTIVE_TEST_STORAGE_KEY = 'wordhoard.testing.activeTest';

/** The test of the due words of every dictionary, both directions (decision 0048). */
export const EVERY_DICTIONARY_DUE: TesterOptions = {
  dictionaryId: null,
  swap: false,
  range: { type: 'due' },
};

/** The prompt and answer languages of a test on a dictionary of `from` terms and `to` definitions. */
export function testLanguages(
  dictionary: { fromLanguage: ContentLanguage; toLanguage: ContentLanguage },
  swap: boolean,
): Required<Pick<ActiveTest, 'promptLanguage' | 'answerLanguage'>> {
  return swap
    ? { promptLanguage: dictionary.toLanguage, answerLanguage: dictionary.fromLanguage }
    : { promptLanguage: dictionary.fromLanguage, answerLanguage: dictionary.toLanguage };
}

export function saveActiveTest(test: ActiveTest): void {
  try {
    window.sessionStorage.setItem(ACTIVE_TEST_STORAGE_KEY, JSON.stringify(test));
  } catch {
    // Without storage the test still runs; only the languages and "try again" are lost.
  }
}
