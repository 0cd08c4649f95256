// Answers typed offline for a test replaced meanwhile: replayed through the same rules as online,
// they still count for the word's schedule (docs/decisions/0058-offline-tests.md).
import type { TestResult } from '../schemas';
import { answerWord, skipWord } from './answer';
import { finalResult, type WordProgress } from './word';

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
