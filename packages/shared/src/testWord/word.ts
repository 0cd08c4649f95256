// A test word as every side keeps it (the server's stored word, the device's offline word), what
// an attempt logs and returns, and the limits on what a word records.
import type { ContentLanguage } from '../languages';
import type { AnswerResult, SkipResult, TestResult } from '../schemas';

/** The report shows what was typed; more tries than this on one word add nothing to it. */
export const MAX_RECORDED_ANSWERS = 20;
/** At most this many other words a word was mixed up with are kept for its report line. */
export const MAX_CONFUSIONS = 5;

/** An FSRS card as the test snapshot keeps it (docs/decisions/0011-spaced-repetition.md). */
export interface StoredCard {
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
}

/**
 * One applied attempt, as small as its first result can be rebuilt from: `done` is how many
 * definitions were done after it (`done` only grows), `typed` the trimmed text of a wrong one
 * or a near miss (absent in near misses saved before).
 */
export interface AppliedAttempt {
  id: string;
  /** `override`: the learner's "I was right" for a wrong attempt, accepted. */
  kind: 'correct' | 'almost' | 'wrong' | 'skip' | 'override';
  done: number;
  typed?: string;
  /** A wrong attempt the learner has since overridden: once per answer. */
  overridden?: true;
  /** The other word a wrong answer was the answer of, so a repeat says it again. */
  confusedWith?: { term: string; definitions: string[] };
}

/**
 * What every side keeps of a word's progress in a test: the server's stored word and the
 * device's offline word both are one. The rules below read and write only these fields.
 */
export interface WordProgress {
  wordId: string;
  /** What is shown: the term, or in a swapped test the definitions joined. */
  term: string;
  /** What is typed: the definitions, or in a swapped test the term alone. */
  definitions: string[];
  done: string[];
  result: TestResult | null;
  answers: string[];
  /** Wrong checks so far: a word completed or skipped after one counts wrong. */
  mistakes: number;
  /** Whether a definition was accepted only as a near miss (FSRS grade Hard). Absent: no. */
  almost?: boolean;
  /** Terms of other words of the dictionary whose answer was typed for this one (confusions). */
  confusions?: string[];
  /**
   * How many definitions were done when the first wrong check showed the answers: those typed
   * after it were helped (missed, for the weak spots). Absent while no check failed.
   */
  helpedAt?: number;
  /**
   * The answers and the skip applied to this word, by the client's attemptId, so that a repeat
   * returns its first result and changes nothing (docs/decisions/0018-answers-applied-once.md).
   * The last MAX_RECORDED_ANSWERS only; absent in tests saved before.
   */
  attempts?: AppliedAttempt[];
  /** The word's example sentences when the test started (decision 0060). */
  examples?: string[];
  /** In a test of confusion pairs, the term of the word this one was mixed up with. */
  contrast?: string;
  /** A cloze question: the example sentence around the blank the term fills (decision 0060). */
  cloze?: { before: string; after: string };
  /**
   * The word's dictionary, its direction (true: the definitions shown, the term expected) and
   * the languages shown and typed, as they were when the test started: a test of the due words
   * of every dictionary mixes them (decision 0048). Absent in tests saved before: then the
   * test's dictionary and `swap` apply.
   */
  dictionaryId?: string;
  reversed?: boolean;
  promptLanguage?: ContentLanguage;
  answerLanguage?: ContentLanguage;
}

/** One snapshotted word of a test as the server stores it, with what happened to it. */
export interface TestWord extends WordProgress {
  /**
   * How many of `done` were shown done from the start: a weak-definition test asks one
   * definition and shows the word's others (docs/decisions/0049-weak-spots.md).
   */
  given?: number;
  /** The exam day of the word's dictionary when the test started: no review is planned past its eve. */
  examDate?: string;
  /**
   * The word's memory state in this test's direction when the test started (null: never
   * reviewed). Only the active test changes it, so the answer path needs no read to grade.
   * Absent in tests saved before spaced repetition, and in practice: then it is not graded.
   */
  card?: StoredCard | null;
}

/** Another word of the dictionary, which a wrong answer may be the answer of (a confusion). */
export interface ConfusableWord {
  id: string;
  term: string;
  definitions: string[];
}

/** What the review log keeps of an applied attempt, besides the word, the time and the grade. */
export interface AttemptLog {
  definition: string | null;
  typed: string | null;
  result: 'correct' | 'almost' | 'wrong' | 'skipped' | 'overridden';
  confusedWordId?: string | null;
}

/** A result as the word alone decides it: the caller adds the test's next word. */
export type WordAnswerResult = Omit<AnswerResult, 'next'>;
export type WordSkipResult = Omit<SkipResult, 'next'>;

/** A change of the word: the word after it, whether that finished it, the result and its log line. */
export interface WordChanged<W, R> {
  word: W;
  finished: boolean;
  result: R;
  log: AttemptLog;
}
/** An answer either changes the word or (a definition typed again) only has a result. */
export type WordAnswered<W> = WordChanged<W, WordAnswerResult> | { result: WordAnswerResult };

/** The word's result in the report: a word left unfinished counts skipped. */
export const finalResult = (word: Pick<WordProgress, 'result'>): TestResult => word.result ?? 'skipped';

/** The word's example sentences, for a check, a skip or the report (left out when it has none). */
export function examplesOf(word: Pick<WordProgress, 'examples'>): { examples?: string[] } {
  return word.examples?.length ? { examples: word.examples } : {};
}
