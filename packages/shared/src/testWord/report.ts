// How a test word is shown: as the current word (`itemOf`) and in the report of a finished test
// (`reportOf`).
import type { Report, TestItem, TesterOptions, TestResult } from '../schemas';
import { examplesOf, finalResult, type WordProgress } from './word';

/** How the word is shown, when the test kept it (tests saved before decision 0048 do not). */
export function shownAs(
  word: Pick<WordProgress, 'reversed' | 'promptLanguage' | 'answerLanguage' | 'cloze'>,
): Pick<TestItem, 'reversed' | 'promptLanguage' | 'answerLanguage' | 'cloze'> {
  return {
    ...(word.reversed === undefined ? {} : { reversed: word.reversed }),
    ...(word.promptLanguage === undefined ? {} : { promptLanguage: word.promptLanguage }),
    ...(word.answerLanguage === undefined ? {} : { answerLanguage: word.answerLanguage }),
    ...(word.cloze === undefined ? {} : { cloze: word.cloze }),
  };
}

/** The word as GET /testing shows the current one, at `position` (1-based) of `total`; no media. */
export function itemOf(word: WordProgress, position: number, total: number): TestItem {
  return {
    wordId: word.wordId,
    term: word.term,
    position,
    total,
    needAnswers: word.definitions.length - word.done.length,
    doneDefinitions: word.done,
    ...(word.dictionaryId === undefined ? {} : { dictionaryId: word.dictionaryId }),
    ...(word.contrast === undefined ? {} : { contrast: word.contrast }),
    ...shownAs(word),
  };
}

/** What the report says of a word besides what the test recorded: the server's marks and media. */
export type ReportExtras = Pick<Report['items'][number], 'leech' | 'suspended' | 'picture' | 'audio'>;
const NO_EXTRAS: ReportExtras = { leech: false, suspended: false };

/**
 * How the word's answers were accepted when not as typed, for the report to say so: near misses
 * (what was typed, and the spelling it stood for) and wrong checks the learner overrode.
 */
function leniencyOf(word: ReportWord): Pick<Report['items'][number], 'almost' | 'overridden'> {
  const attempts = word.attempts ?? [];
  const almost = attempts.flatMap((attempt) =>
    attempt.kind === 'almost' && attempt.typed !== undefined
      ? [{ typed: attempt.typed, definition: word.done[attempt.done - 1] ?? '' }]
      : [],
  );
  const overridden = attempts.flatMap((attempt) =>
    attempt.kind === 'wrong' && attempt.overridden && attempt.typed ? [attempt.typed] : [],
  );
  return { ...(almost.length > 0 ? { almost } : {}), ...(overridden.length > 0 ? { overridden } : {}) };
}

/** A finished test's word: its dictionary is null once that was deleted. */
export type ReportWord = Omit<WordProgress, 'dictionaryId'> & { dictionaryId?: string | null };

/** The report of a finished test: its words in order, each with its result and what was typed. */
export function reportOf<W extends ReportWord>(
  test: { dictionaryId: string | null; options: TesterOptions | null },
  words: readonly W[],
  extrasOf: (word: W) => ReportExtras = () => NO_EXTRAS,
): Report {
  const count = (result: TestResult) => words.filter((word) => finalResult(word) === result).length;
  return {
    dictionaryId: test.dictionaryId,
    options: test.options,
    total: words.length,
    correct: count('correct'),
    wrong: count('wrong'),
    skipped: count('skipped'),
    items: words.map((word) => ({
      wordId: word.wordId,
      term: word.term,
      definitions: word.definitions,
      result: finalResult(word),
      answers: word.answers,
      confusedWith: word.confusions ?? [],
      ...(word.dictionaryId === undefined ? {} : { dictionaryId: word.dictionaryId }),
      ...examplesOf(word),
      ...leniencyOf(word),
      ...shownAs(word),
      ...extrasOf(word),
    })),
  };
}
