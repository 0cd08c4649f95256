import { firstCloze, type StoredCard, type TestRange, type TestWord } from '@wordhoard/shared';
import type { SnapshotSource, SnapshotWord } from './cards.repository';

/*
 * How a tester's words become the words of a test (a snapshot, DESIGN §5): which words a range
 * takes, and each word as the test keeps it.
 */

const MINUTE = 60_000;
const PERIOD_MS = {
  lastDay: 24 * 60 * MINUTE,
  last3Days: 3 * 24 * 60 * MINUTE,
  lastWeek: 7 * 24 * 60 * MINUTE,
};
const UNIT_MS = { minutes: MINUTE, hours: 60 * MINUTE, days: 24 * 60 * MINUTE, weeks: 7 * 24 * 60 * MINUTE };

/** How far back a date range reaches. */
export function rangeStart(range: Extract<TestRange, { type: 'date' }>, now: Date): Date {
  const span =
    range.period === 'custom' ? (range.amount ?? 1) * UNIT_MS[range.unit ?? 'days'] : PERIOD_MS[range.period];
  return new Date(now.getTime() - span);
}

/**
 * A snapshot item: reversed (swapped) words show the definitions and expect the term. Each
 * carries its dictionary, direction and languages, since a test may mix them (decision 0048).
 */
export function toItem(
  word: SnapshotWord,
  source: SnapshotSource,
  reversed: boolean,
  card: StoredCard | null | undefined,
): TestWord {
  return {
    wordId: word.id,
    term: reversed ? word.definitions.join(', ') : word.term,
    definitions: reversed ? [word.term] : word.definitions,
    done: [],
    result: null,
    answers: [],
    mistakes: 0,
    // Undefined: a practice item, which does not move the word's schedule (decision 0049).
    ...(card === undefined ? {} : { card }),
    dictionaryId: source.dictionaryId,
    reversed,
    promptLanguage: reversed ? source.toLanguage : source.fromLanguage,
    answerLanguage: reversed ? source.fromLanguage : source.toLanguage,
    ...(source.examDate ? { examDate: source.examDate } : {}),
    ...(word.examples.length > 0 ? { examples: word.examples } : {}),
  };
}

/**
 * The cloze question of a word (decision 0060): asked through its first example sentence that
 * holds the term, with the term blanked; the definitions stay as the hint and the term is the
 * one answer, as in the "definitions → term" direction it counts for. Null when no sentence
 * holds the term: the word is left out of the test.
 */
export function toClozeItem(
  word: SnapshotWord,
  source: SnapshotSource,
  card: StoredCard | null | undefined,
): TestWord | null {
  const cloze = firstCloze(word.examples, word.term);
  return cloze && { ...toItem(word, source, true, card), cloze };
}
