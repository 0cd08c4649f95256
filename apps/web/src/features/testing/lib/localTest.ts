import {
  findMatch,
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

/**
 * The word's direction and languages, when the test kept them, and its cloze sentence in a
 * cloze test (decision 0060), as the server shows them.
 */
function shownAs(
  word: OfflineWord,
): Pick<TestItem, 'reversed' | 'promptLanguage' | 'answerLanguage' | 'cloze'> {
  return {
    ...(word.reversed === undefined ? {} : { reversed: word.reversed }),
    ...(word.promptLanguage === undefined ? {} : { promptLanguage: word.promptLanguage }),
    ...(word.answerLanguage === undefined ? {} : { answerLanguage: word.answerLanguage }),
    ...(word.cloze === undefined ? {} : { cloze: word.cloze }),
  };
}

/** The word's example sentences, shown after a check, a skip and in the report (as the server's). */
const examplesOf = (word: OfflineWord): { examples?: string[] } =>
  word.examples?.length ? { examples: word.examples } : {};

/** The pack's word at `position` (1-based) as GET /testing shows the current word. */
export function testItemOf(pack: OfflinePack, position: number): TestItem | null {
  const word = pack.words[position - 1];
  if (!word) return null;
  return {
    wordId: word.wordId,
    term: word.term,
    position,
    total: pack.words.length,
    needAnswers: word.definitions.length - word.done.length,
    doneDefinitions: word.done,
    ...(word.dictionaryId === undefined ? {} : { dictionaryId: word.dictionaryId }),
    ...(word.contrast === undefined ? {} : { contrast: word.contrast }),
    ...shownAs(word),
  };
}

/** The current word, or null once every word is done. */
export const currentItem = (pack: OfflinePack): TestItem | null => testItemOf(pack, pack.position + 1);

export function localReport(pack: OfflinePack): Report {
  const count = (result: string) => pack.words.filter((word) => word.result === result).length;
  return {
    dictionaryId: pack.dictionaryId,
    options: pack.options,
    total: pack.words.length,
    correct: count('correct'),
    wrong: count('wrong'),
    skipped: count('skipped'),
    items: pack.words.map((word) => ({
      wordId: word.wordId,
      term: word.term,
      definitions: word.definitions,
      result: word.result ?? 'skipped',
      answers: word.answers,
      confusedWith: [],
      leech: false,
      suspended: false,
      ...(word.dictionaryId === undefined ? {} : { dictionaryId: word.dictionaryId }),
      ...examplesOf(word),
      ...shownAs(word),
    })),
  };
}

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

/** The most typed answers a word keeps, as on the server. */
const MAX_ANSWERS = 20;
const record = (answers: string[], typed: string) => [...answers, typed.trim()].slice(-MAX_ANSWERS);

/** Checks one typed definition as the server would; null when the word is not the current one. */
export function answerLocally(pack: OfflinePack, body: AnswerBody): LocalOutcome<AnswerResult> | null {
  const word = wordFor(pack, body);
  if (word === null || word === 'finished') return null;
  const typed = body.answer;
  const remaining = word.definitions.filter((definition) => !word.done.includes(definition));
  const match = findMatch(typed, remaining);
  const repeat = findMatch(typed, word.done);
  // A definition accepted before, typed again: not a mistake, nothing changes.
  if (repeat && (!match || (match.kind === 'almost' && repeat.kind === 'exact'))) {
    return {
      pack,
      verdict: { result: 'correct', almost: repeat.kind === 'almost', wordResult: null },
      result: {
        result: 'correct',
        almost: repeat.kind === 'almost',
        answer: repeat.definition,
        correctAnswers: [repeat.definition],
        needAnswers: word.definitions.length - word.done.length,
        doneDefinitions: word.done,
        status: 'alreadyEntered',
        wordResult: null,
        next: currentItem(pack),
        ...examplesOf(word),
      },
    };
  }
  let changed: OfflineWord;
  let finished = false;
  if (match) {
    const done = [...word.done, match.definition];
    finished = done.length === word.definitions.length;
    changed = {
      ...word,
      done,
      answers: record(word.answers, typed),
      result: finished ? (word.mistakes > 0 ? 'wrong' : 'correct') : null,
      almost: word.almost || match.kind === 'almost',
    };
  } else {
    changed = {
      ...word,
      answers: typed.trim() === '' ? word.answers : record(word.answers, typed),
      mistakes: word.mistakes + 1,
    };
  }
  const next = replaceWord(pack, changed, finished);
  const result: AnswerResult = {
    result: match ? 'correct' : 'wrong',
    almost: match?.kind === 'almost',
    answer: match ? match.definition : typed.trim(),
    correctAnswers: match ? [match.definition] : word.definitions,
    needAnswers: changed.definitions.length - changed.done.length,
    doneDefinitions: changed.done,
    status: 'applied',
    wordResult: changed.result,
    next: currentItem(next),
    ...examplesOf(word),
  };
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
  const wordResult = word.mistakes > 0 ? 'wrong' : 'skipped';
  const next = replaceWord(pack, { ...word, result: wordResult }, true);
  return {
    pack: next,
    result: {
      answer: word.definitions,
      status: 'applied',
      wordResult,
      next: currentItem(next),
      ...examplesOf(word),
    },
    verdict: { result: 'skipped', almost: false, wordResult },
  };
}
