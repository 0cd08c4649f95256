// The rules of an attempt at a word: an answer, "I was right", a skip, an attempt at a word
// finished before, and the first result of an attempt sent again.
import { editDistance, findMatch, gradeAnswer, normalizeAnswer } from '../grading';
import {
  examplesOf,
  finalResult,
  MAX_CONFUSIONS,
  MAX_RECORDED_ANSWERS,
  type AppliedAttempt,
  type ConfusableWord,
  type WordAnswered,
  type WordAnswerResult,
  type WordChanged,
  type WordProgress,
  type WordSkipResult,
} from './word';

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
