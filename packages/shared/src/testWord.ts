import { editDistance, findMatch, gradeAnswer, normalizeAnswer } from './grading';
import type { ContentLanguage } from './languages';
import type { AnswerResult, Report, SkipResult, TestItem, TesterOptions, TestResult } from './schemas';

/**
 * What one answer, skip or "I was right" does to a word of a test, in one place (DESIGN §5,
 * decisions 0018, 0043, 0049, 0058). The server applies these to the word it read and saves the
 * result; the device applies them to its offline pack; late answers typed offline are a fold
 * over them. Pure: no clock, no storage, no randomness — side effects stay with the callers.
 */

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

/** `answers` with `typed` added, the newest MAX_RECORDED_ANSWERS kept. */
const record = (answers: readonly string[], typed: string) =>
  [...answers, typed.trim()].slice(-MAX_RECORDED_ANSWERS);

/** The word's applied attempts with `attempt` added, as bounded as the typed answers. */
function remember(word: WordProgress, attempt: AppliedAttempt | undefined): Pick<WordProgress, 'attempts'> {
  if (!attempt) return word.attempts ? { attempts: word.attempts } : {};
  return { attempts: [...(word.attempts ?? []), attempt].slice(-MAX_RECORDED_ANSWERS) };
}

const remaining = (word: WordProgress) =>
  word.definitions.filter((definition) => !word.done.includes(definition));

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

/**
 * The other word whose answer `typed` is (its definition; its term in a swapped test), when it
 * is not an answer of this word: a confusion (docs/decisions/0043).
 */
function otherWordAnswered(
  typed: string,
  left: string[],
  reversed: boolean,
  others: readonly ConfusableWord[],
): ConfusableWord | undefined {
  const answers = others.flatMap((word) =>
    (reversed ? [word.term] : word.definitions).map((answer) => ({ answer, word })),
  );
  const grade = gradeAnswer(typed, left, { otherDefinitions: answers.map((entry) => entry.answer) });
  if (grade.kind !== 'wrong' || !grade.otherDefinition) return undefined;
  const word = answers[grade.otherDefinition.index]?.word;
  return word && { id: word.id, term: word.term, definitions: word.definitions };
}

export interface AnswerOptions {
  /** The client's id of this attempt, remembered so that a repeat changes nothing. */
  attemptId?: string;
  /**
   * The other words of the dictionary this answer may be the answer of (read with the test by
   * its normalised form), and the word's direction: a wrong answer that is one of theirs is a
   * confusion. Left out where they are not known (offline): no confusion is found then.
   */
  others?: readonly ConfusableWord[];
  reversed?: boolean;
}

/**
 * Checks one typed definition of the current word: it may complete one more definition (exactly
 * or as a near miss); a wrong one is a mistake, and the word then counts wrong when finished;
 * another word's answer is never accepted, not even as a near miss; a definition already
 * accepted, typed again, changes nothing (`alreadyEntered`).
 */
export function answerWord<W extends WordProgress>(
  word: W,
  typed: string,
  options: AnswerOptions = {},
): WordAnswered<W> {
  const left = remaining(word);
  let match = findMatch(typed, left);
  const repeat = findMatch(typed, word.done);
  let confusedWith: ConfusableWord | undefined;
  if (options.others && match?.kind !== 'exact' && repeat?.kind !== 'exact') {
    confusedWith = otherWordAnswered(typed, left, options.reversed ?? false, options.others);
    if (confusedWith) match = null;
  }
  // A definition already accepted, typed again (a double submit, or a slip): not a mistake, and
  // nothing to record. A new definition it matches exactly still wins.
  if (repeat && (!match || (match.kind === 'almost' && repeat.kind === 'exact'))) {
    return {
      result: {
        result: 'correct',
        almost: repeat.kind === 'almost',
        answer: repeat.definition,
        correctAnswers: [repeat.definition],
        needAnswers: word.definitions.length - word.done.length,
        doneDefinitions: word.done,
        status: 'alreadyEntered',
        wordResult: null,
        ...examplesOf(word),
      },
    };
  }
  const attemptId = options.attemptId;
  let changed: W;
  let finished = false;
  if (match) {
    const done = [...word.done, match.definition];
    finished = done.length === word.definitions.length;
    const kind = match.kind === 'almost' ? 'almost' : 'correct';
    changed = {
      ...word,
      done,
      answers: record(word.answers, typed),
      // A word needed help if it was checked wrong before being completed.
      result: finished ? (word.mistakes > 0 ? 'wrong' : 'correct') : null,
      ...(match.kind === 'almost' ? { almost: true } : {}),
      ...remember(
        word,
        attemptId === undefined
          ? undefined
          : {
              id: attemptId,
              kind,
              done: done.length,
              // A near miss keeps what was typed, for the report to show beside the spelling.
              ...(kind === 'almost' ? { typed: typed.trim() } : {}),
            },
      ),
    };
  } else {
    const confusions = word.confusions ?? [];
    const shown = confusedWith && { term: confusedWith.term, definitions: confusedWith.definitions };
    changed = {
      ...word,
      answers: normalizeAnswer(typed) === '' ? word.answers : record(word.answers, typed),
      mistakes: word.mistakes + 1,
      // The check shows the answers: what is typed from now on was helped.
      helpedAt: word.helpedAt ?? word.done.length,
      ...(confusedWith && !confusions.includes(confusedWith.term)
        ? { confusions: [...confusions, confusedWith.term].slice(-MAX_CONFUSIONS) }
        : {}),
      ...remember(
        word,
        attemptId === undefined
          ? undefined
          : {
              id: attemptId,
              kind: 'wrong',
              done: word.done.length,
              typed: typed.trim(),
              ...(shown ? { confusedWith: shown } : {}),
            },
      ),
    };
  }
  return {
    word: changed,
    finished,
    log: {
      definition: match?.definition ?? null,
      typed: typed.trim(),
      result: match ? (match.kind === 'almost' ? 'almost' : 'correct') : 'wrong',
      confusedWordId: confusedWith?.id ?? null,
    },
    result: {
      result: match ? 'correct' : 'wrong',
      almost: match?.kind === 'almost',
      // For an almost-right answer, the exact spelling to learn.
      answer: match ? match.definition : typed.trim(),
      correctAnswers: match ? [match.definition] : word.definitions,
      needAnswers: changed.definitions.length - changed.done.length,
      doneDefinitions: changed.done,
      status: 'applied',
      wordResult: changed.result,
      ...(confusedWith
        ? { confusedWith: { term: confusedWith.term, definitions: confusedWith.definitions } }
        : {}),
      ...examplesOf(word),
    },
  };
}

/**
 * "I was right": accepts the wrong attempt `overrides` of the current word, once, as the
 * remaining definition closest to what was typed. The check no longer counts as a mistake; when
 * it completes the word, it is graded as any answer is. Null when it cannot be: a right or
 * skipped attempt, one already overridden, one forgotten (past the last MAX_RECORDED_ANSWERS),
 * a word with nothing left to type.
 */
export function overrideWord<W extends WordProgress>(
  word: W,
  overrides: string,
  attemptId: string,
): WordChanged<W, WordAnswerResult> | null {
  const wrong = word.attempts?.find(
    (attempt) => attempt.id === overrides && attempt.kind === 'wrong' && !attempt.overridden,
  );
  const left = remaining(word);
  const typed = wrong?.typed ?? '';
  const given = normalizeAnswer(typed);
  if (!wrong || left.length === 0 || given === '') return null;
  // The definition the learner meant: the remaining one nearest to what they typed.
  const distance = (definition: string) => editDistance(given, normalizeAnswer(definition));
  const definition = left.reduce((best, candidate) =>
    distance(candidate) < distance(best) ? candidate : best,
  );
  const done = [...word.done, definition];
  const mistakes = Math.max(0, word.mistakes - 1);
  const finished = done.length === word.definitions.length;
  // With no wrong check left standing, nothing typed was helped.
  const { helpedAt, ...rest } = word;
  const marked = word.attempts?.map((attempt) =>
    attempt === wrong ? { ...attempt, overridden: true as const } : attempt,
  );
  const changed = {
    ...rest,
    ...(mistakes > 0 && helpedAt !== undefined ? { helpedAt } : {}),
    done,
    mistakes,
    result: finished ? (mistakes > 0 ? 'wrong' : 'correct') : null,
    ...remember({ ...word, attempts: marked }, { id: attemptId, kind: 'override', done: done.length }),
  } as W;
  return {
    word: changed,
    finished,
    log: { definition, typed, result: 'overridden' },
    result: {
      result: 'correct',
      almost: false,
      answer: definition,
      correctAnswers: [definition],
      needAnswers: changed.definitions.length - changed.done.length,
      doneDefinitions: changed.done,
      status: 'applied',
      wordResult: changed.result,
      ...examplesOf(word),
    },
  };
}

/** Reveals the word and ends it: skipped, or wrong when a check already failed. */
export function skipWord<W extends WordProgress>(
  word: W,
  attemptId?: string,
): WordChanged<W, WordSkipResult> {
  const result = word.mistakes > 0 ? 'wrong' : 'skipped';
  return {
    word: {
      ...word,
      result,
      ...remember(
        word,
        attemptId === undefined ? undefined : { id: attemptId, kind: 'skip', done: word.done.length },
      ),
    },
    finished: true,
    log: { definition: null, typed: null, result: 'skipped' },
    result: { answer: word.definitions, status: 'applied', wordResult: result, ...examplesOf(word) },
  };
}

/** What an answer typed for a word finished before gets: that word's result; nothing changes. */
export function finishedWordAnswer(word: WordProgress, typed: string): WordAnswerResult {
  const match = findMatch(typed, word.definitions);
  return {
    result: match ? 'correct' : 'wrong',
    almost: match?.kind === 'almost',
    answer: match ? match.definition : typed.trim(),
    correctAnswers: word.definitions,
    needAnswers: 0,
    doneDefinitions: word.done,
    status: 'wordFinished',
    wordResult: finalResult(word),
    ...examplesOf(word),
  };
}

/** What a skip of a word finished before gets: that word's result; nothing changes. */
export function finishedWordSkip(word: WordProgress): WordSkipResult {
  return {
    answer: word.definitions,
    status: 'wordFinished',
    wordResult: finalResult(word),
    ...examplesOf(word),
  };
}

/**
 * The first result of an attempt already applied to this word, rebuilt from what the word
 * recorded (`done` only grows); undefined when the attempt is not of the kind asked for.
 */
export function replayAttempt(
  word: WordProgress,
  attempt: AppliedAttempt,
  as: 'answer' | 'override',
): WordAnswerResult | undefined;
export function replayAttempt(
  word: WordProgress,
  attempt: AppliedAttempt,
  as: 'skip',
): WordSkipResult | undefined;
export function replayAttempt(
  word: WordProgress,
  attempt: AppliedAttempt,
  as: 'answer' | 'override' | 'skip',
): WordAnswerResult | WordSkipResult | undefined {
  if (as === 'skip') {
    if (attempt.kind !== 'skip') return undefined;
    return {
      answer: word.definitions,
      status: 'applied',
      wordResult: finalResult(word),
      ...examplesOf(word),
    };
  }
  if (
    as === 'override' ? attempt.kind !== 'override' : attempt.kind === 'skip' || attempt.kind === 'override'
  )
    return undefined;
  const doneDefinitions = word.done.slice(0, attempt.done);
  const needAnswers = word.definitions.length - attempt.done;
  if (attempt.kind === 'wrong') {
    return {
      result: 'wrong',
      almost: false,
      answer: attempt.typed ?? '',
      correctAnswers: word.definitions,
      needAnswers,
      doneDefinitions,
      status: 'applied',
      wordResult: null,
      ...(attempt.confusedWith ? { confusedWith: attempt.confusedWith } : {}),
      ...examplesOf(word),
    };
  }
  const definition = word.done[attempt.done - 1] ?? '';
  return {
    result: 'correct',
    almost: attempt.kind === 'almost',
    answer: definition,
    correctAnswers: [definition],
    needAnswers,
    doneDefinitions,
    status: 'applied',
    // The answer that completed the word decided its result, which nothing changes after.
    wordResult: needAnswers === 0 ? word.result : null,
    ...examplesOf(word),
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

/** What a word's late answers add up to, graded as the test would have: finished or not. */
export interface LateOutcome<A> {
  result: TestResult;
  almost: boolean;
  /** The answer or skip that finished the word: its time is the review's. */
  finishing: A;
}

/**
 * Replays one word's answers typed offline, in the order typed, through the same rules as an
 * answer online (`answerWord`, `skipWord`): undefined while they did not finish the word.
 */
export function replayLateAnswers<A extends { kind: 'answer' | 'skip'; answer?: string }>(
  expected: readonly string[],
  answers: readonly A[],
): LateOutcome<A> | undefined {
  let word: WordProgress = {
    wordId: '',
    term: '',
    definitions: [...expected],
    done: [],
    result: null,
    answers: [],
    mistakes: 0,
  };
  for (const answer of answers) {
    const step = answer.kind === 'skip' ? skipWord(word) : answerWord(word, answer.answer ?? '');
    if (!('word' in step)) continue;
    word = step.word;
    if (step.finished) return { result: finalResult(word), almost: word.almost === true, finishing: answer };
  }
  return undefined;
}
