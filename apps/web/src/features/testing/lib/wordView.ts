import type { ContentLanguage } from '@wordhoard/shared';
import type { ActiveTest } from '../../../shared/testing/activeTest';

/**
 * What a word of a test says of itself: its dictionary, direction and languages. A test of the
 * due words of every dictionary mixes them, so each word carries its own (decision 0048); words
 * of tests started before do not.
 */
export interface WordMeta {
  dictionaryId?: string | null;
  reversed?: boolean;
  promptLanguage?: ContentLanguage;
  answerLanguage?: ContentLanguage;
}

/** How to show one word: as it says, else as the test this tab started says. */
export interface WordView {
  /** The definitions are shown and the term is expected. */
  swapped: boolean;
  /** The language of what is shown; undefined when unknown. */
  promptLanguage: ContentLanguage | undefined;
  /** The language the answer is typed in; undefined when unknown. */
  answerLanguage: ContentLanguage | undefined;
  /** The word's dictionary; null once deleted, undefined when unknown. */
  dictionaryId: string | null | undefined;
}

export function wordView(word: WordMeta, activeTest: ActiveTest | null): WordView {
  return {
    swapped: word.reversed ?? activeTest?.options.swap ?? false,
    promptLanguage: word.promptLanguage ?? activeTest?.promptLanguage,
    answerLanguage: word.answerLanguage ?? activeTest?.answerLanguage,
    // A test of several dictionaries (no dictionary of its own) cannot say.
    dictionaryId:
      word.dictionaryId !== undefined ? word.dictionaryId : (activeTest?.options.dictionaryId ?? undefined),
  };
}

/** The language of a word's example sentences: its term's (shown, or typed in a swapped test). */
export const exampleLanguage = (view: Pick<WordView, 'swapped' | 'promptLanguage' | 'answerLanguage'>) =>
  view.swapped ? view.answerLanguage : view.promptLanguage;

/** The fields of `word` that say how to show it, for a screen that receives the word in its state. */
export function wordMeta(word: WordMeta): WordMeta {
  const { dictionaryId, reversed, promptLanguage, answerLanguage } = word;
  return {
    ...(dictionaryId === undefined ? {} : { dictionaryId }),
    ...(reversed === undefined ? {} : { reversed }),
    ...(promptLanguage === undefined ? {} : { promptLanguage }),
    ...(answerLanguage === undefined ? {} : { answerLanguage }),
  };
}
