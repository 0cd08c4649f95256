import {
  answerWord,
  itemOf,
  reportOf,
  skipWord,
  type AnswerBody,
  type AnswerResult,
  type AnswerTarget,
  type OfflinePack,
  type OfflineWord,
  type Report,
  type SkipResult,
  type TestItem,
  type TestState,
} from '@wordhoard/shared';
import type { LocalVerdict, StoredPack } from '../../../shared/offline';

/**
 * The test as the device runs it without a connection (docs/decisions/0058-offline-tests.md):
 * the same rules as the server's (DESIGN §5, decision 0018) over the pack, graded by the shared
 * grader. What only the server knows is left out: whether a wrong answer was another word's
 * (a confusion), leeches, suspensions. The server grades every answer again when it is sent.
 */

/** A change of the pack, the result to show, and how the device graded it. */
export interface LocalOutcome<R> {
  pack: OfflinePack;
  result: R;
  verdict: LocalVerdict;
}

/** The pack's word at `position` (1-based) as GET /testing shows the current word. */
export function testItemOf(pack: OfflinePack, position: number): TestItem | null {
  const word = pack.words[position - 1];
  return word ? itemOf(word, position, pack.words.length) : null;
}

/** The current word, or null once every word is done. */
export const currentItem = (pack: OfflinePack): TestItem | null => testItemOf(pack, pack.position + 1);

export const localReport = (pack: OfflinePack): Report => reportOf(pack, pack.words);

/** GET /testing's answer from what the device has: the current word, or the report. */
export function localState(stored: StoredPack): TestState {
  const test = currentItem(stored.pack);
  return {
    test,
    testsLeft: stored.testsLeft,
    testsResetAt: stored.testsResetAt,
    report: test ? null : localReport(stored.pack),
  };
}

/** Whether two items show the same word of the same test at the same progress. */
export const sameProgress = (a: TestItem, b: TestItem): boolean =>
  a.position === b.position &&
  a.total === b.total &&
  a.wordId === b.wordId &&
  a.doneDefinitions.length === b.doneDefinitions.length &&
  a.doneDefinitions.every((definition, index) => definition === b.doneDefinitions[index]);

/**
 * Whether the server graded an answer as the device did (what the screen showed at once): the
 * same verdict, the same progress, the same word next.
 */
export function sameOutcome(device: AnswerResult, server: AnswerResult): boolean {
  const sameNext =
    device.next == null || server.next == null
      ? device.next == null && server.next == null
      : sameProgress(device.next, server.next);
  return (
    device.status === server.status &&
    device.result === server.result &&
    device.almost === server.almost &&
    device.needAnswers === server.needAnswers &&
    sameNext
  );
}

/** Whether the pack stands where the server's current word does: same word, same progress. */
export function packShows(pack: OfflinePack, item: TestItem): boolean {
  const word = pack.words[item.position - 1];
  return (
    pack.words.length === item.total &&
    pack.position === item.position - 1 &&
    word?.wordId === item.wordId &&
    word.done.length === item.doneDefinitions.length &&
    word.done.every((definition, index) => definition === item.doneDefinitions[index])
  );
}

/** The word a submission names, if it is the current one: an earlier word is finished. */
function wordFor(pack: OfflinePack, target: AnswerTarget): OfflineWord | 'finished' | null {
  const index = target.position - 1;
  const word = pack.words[index];
  if (!word || word.wordId !== target.wordId || index > pack.position) return null;
  return index < pack.position ? 'finished' : word;
}

function replaceWord(pack: OfflinePack, changed: OfflineWord, finished: boolean): OfflinePack {
  const words = pack.words.map((word, index) => (index === pack.position ? changed : word));
  return { ...pack, words, position: pack.position + (finished ? 1 : 0) };
}

/** Checks one typed definition as the server would; null when the word is not the current one. */
export function answerLocally(pack: OfflinePack, body: AnswerBody): LocalOutcome<AnswerResult> | null {
  const word = wordFor(pack, body);
  if (word === null || word === 'finished') return null;
  const step = answerWord(word, body.answer, { attemptId: body.attemptId });
  // A definition accepted before, typed again: not a mistake, nothing changes.
  const next = 'word' in step ? replaceWord(pack, step.word, step.finished) : pack;
  const result: AnswerResult = { ...step.result, next: currentItem(next) };
  return {
    pack: next,
    result,
    verdict: { result: result.result, almost: result.almost, wordResult: result.wordResult },
  };
}

/** Skips the current word as the server would; null when the word is not the current one. */
export function skipLocally(pack: OfflinePack, target: AnswerTarget): LocalOutcome<SkipResult> | null {
  const word = wordFor(pack, target);
  if (word === null || word === 'finished') return null;
  const step = skipWord(word, target.attemptId);
  const next = replaceWord(pack, step.word, true);
  return {
    pack: next,
    result: { ...step.result, next: currentItem(next) },
    verdict: { result: 'skipped', almost: false, wordResult: step.result.wordResult },
  };
}
