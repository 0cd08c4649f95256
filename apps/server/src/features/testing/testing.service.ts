import {
  ROLE_LIMITS,
  type AnswerResult,
  type Report,
  type TestItem,
  type TestRange,
  type TestState,
  type TesterOptions,
  type Role,
} from '@wordhoard/shared';
import type { TestSessionItem } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { findMatch, normalizeAnswer } from './answer-matching';
import { utcDay, type SnapshotWord, type TestSessionRow, type TestingRepository } from './testing.repository';

const MINUTE = 60_000;
/** The report shows what was typed; more tries than this on one word add nothing to it. */
export const MAX_RECORDED_ANSWERS = 20;
const record = (answers: string[], typed: string) => [...answers, typed.trim()].slice(-MAX_RECORDED_ANSWERS);
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

/** A snapshot item: swapped tests show the definitions and expect the term. */
function toItem(word: SnapshotWord, swap: boolean): TestSessionItem {
  return {
    wordId: word.id,
    term: swap ? word.definitions.join(', ') : word.term,
    definitions: swap ? [word.term] : word.definitions,
    done: [],
    result: null,
    answers: [],
    mistakes: 0,
  };
}

function currentItem(test: TestSessionRow): TestSessionItem | undefined {
  return test.items[test.position];
}

function toTestItem(test: TestSessionRow, item: TestSessionItem): TestItem {
  return {
    wordId: item.wordId,
    term: item.term,
    position: test.position + 1,
    total: test.items.length,
    needAnswers: item.definitions.length - item.done.length,
    doneDefinitions: item.done,
  };
}

function toReport(items: TestSessionItem[]): Report {
  const count = (result: string) => items.filter((item) => item.result === result).length;
  return {
    total: items.length,
    correct: count('correct'),
    wrong: count('wrong'),
    skipped: count('skipped'),
    items: items.map((item) => ({
      wordId: item.wordId,
      term: item.term,
      definitions: item.definitions,
      result: item.result ?? 'skipped',
      answers: item.answers,
    })),
  };
}

/**
 * Self-tests (DESIGN §5): a tester snapshots words into the user's one active test; each word
 * is done when every definition is typed; a wrong check lets the user try again or go on
 * (then the word counts wrong); skip reveals the word and counts it skipped.
 */
export class TestingService {
  constructor(
    private readonly repository: TestingRepository,
    private readonly clock: () => Date,
  ) {}

  private async limitFor(userId: string): Promise<number> {
    const role = await this.repository.role(userId);
    if (!role) throw new AppError(401, 'UNAUTHORIZED');
    return ROLE_LIMITS[role].testsPerDay;
  }

  async create(userId: string, options: TesterOptions): Promise<{ testsLeft: number }> {
    if (!(await this.repository.ownsDictionary(userId, options.dictionaryId))) throw notFound();
    const now = this.clock();
    const range = options.range;
    const words =
      range.type === 'quantity'
        ? await this.repository.wordsByQuantity(options.dictionaryId, range.from, range.count)
        : await this.repository.wordsSince(options.dictionaryId, rangeStart(range, now));
    // An empty test uses no attempt.
    if (words.length === 0) throw badRequest('EMPTY_TEST');
    const ordered = range.type === 'quantity' && range.order === 'desc' ? [...words].reverse() : words;

    const limit = await this.limitFor(userId);
    const used = await this.repository.transaction(async (tx) => {
      const count = await this.repository.takeAttempt(tx, userId, utcDay(now), limit);
      if (count === undefined) throw forbidden('MAX_TESTS');
      await this.repository.saveNewTest(tx, {
        userId,
        dictionaryId: options.dictionaryId,
        swap: options.swap,
        range,
        items: ordered.map((word) => toItem(word, options.swap)),
        position: 0,
        createdAt: now,
        updatedAt: now,
      });
      return count;
    });
    return { testsLeft: Math.max(0, limit - used) };
  }

  /** `role` is the caller's, from the session this request was authenticated with. */
  async state(userId: string, role: Role): Promise<TestState> {
    const { test, used } = await this.repository.stateOf(userId, utcDay(this.clock()));
    const testsLeft = Math.max(0, ROLE_LIMITS[role].testsPerDay - used);
    if (!test) return { test: null, testsLeft, report: null };
    const item = currentItem(test);
    return item
      ? { test: toTestItem(test, item), testsLeft, report: null }
      : { test: null, testsLeft, report: toReport(test.items) };
  }

  async answer(userId: string, typed: string): Promise<AnswerResult> {
    return this.repository.transaction(async (tx) => {
      const test = await this.repository.lockTest(tx, userId);
      const item = test && currentItem(test);
      if (!test || !item) throw conflict('NO_ACTIVE_TEST');

      const remaining = item.definitions.filter((definition) => !item.done.includes(definition));
      const match = findMatch(typed, remaining);
      const items = [...test.items];
      let position = test.position;

      if (match) {
        const done = [...item.done, match.definition];
        const finished = done.length === item.definitions.length;
        items[position] = {
          ...item,
          done,
          answers: record(item.answers, typed),
          // A word needed help if it was checked wrong before being completed.
          result: finished ? (item.mistakes > 0 ? 'wrong' : 'correct') : null,
        };
        if (finished) position += 1;
      } else {
        items[position] = {
          ...item,
          answers: normalizeAnswer(typed) === '' ? item.answers : record(item.answers, typed),
          mistakes: item.mistakes + 1,
        };
      }
      await this.repository.saveProgress(tx, test.id, items, position, this.clock());
      const saved = items[test.position] ?? item;
      return {
        result: match ? 'correct' : 'wrong',
        almost: match?.kind === 'almost',
        // For an almost-right answer, the exact spelling to learn.
        answer: match ? match.definition : typed.trim(),
        correctAnswers: match ? [match.definition] : item.definitions,
        needAnswers: saved.definitions.length - saved.done.length,
        doneDefinitions: saved.done,
      };
    });
  }

  /** Reveals the word and moves on: skipped, or wrong when a check already failed. */
  async skip(userId: string): Promise<{ answer: string[] }> {
    return this.repository.transaction(async (tx) => {
      const test = await this.repository.lockTest(tx, userId);
      const item = test && currentItem(test);
      if (!test || !item) throw conflict('NO_ACTIVE_TEST');
      const items = [...test.items];
      items[test.position] = { ...item, result: item.mistakes > 0 ? 'wrong' : 'skipped' };
      await this.repository.saveProgress(tx, test.id, items, test.position + 1, this.clock());
      return { answer: item.definitions };
    });
  }
}
