import {
  DUE_TEST_MAX_WORDS,
  ROLE_LIMITS,
  type AnswerResult,
  type DictionaryProgress,
  type DueCounts,
  type Report,
  type TestItem,
  type TestRange,
  type TestState,
  type TesterOptions,
} from '@wordhoard/shared';
import type { StoredCard, TestSessionItem } from '../../db/schema';
import type { Caller } from '../session/caller';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { findMatch, normalizeAnswer } from './answer-matching';
import { chartDays, endOfUtcDay, gradeOf, review, streaks } from './scheduling';
import { utcDay, type SnapshotWord, type TestCursor, type TestingRepository } from './testing.repository';

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
function toItem(word: SnapshotWord, swap: boolean, card: StoredCard | null): TestSessionItem {
  return {
    wordId: word.id,
    term: swap ? word.definitions.join(', ') : word.term,
    definitions: swap ? [word.term] : word.definitions,
    done: [],
    result: null,
    answers: [],
    mistakes: 0,
    card,
  };
}

/** Saves of one answer retried after another answer to the same test got in first. */
const MAX_SAVE_ATTEMPTS = 8;

/** The word's memory card after this test's outcome; undefined when it is not graded. */
function reviewed(test: TestCursor, item: TestSessionItem, now: Date): StoredCard | undefined {
  if (test.dictionaryId === null || item.card === undefined) return undefined;
  return review(item.card, gradeOf(item), now);
}

function toTestItem(test: TestCursor, item: TestSessionItem): TestItem {
  return {
    wordId: item.wordId,
    term: item.term,
    position: test.position + 1,
    total: test.total,
    needAnswers: item.definitions.length - item.done.length,
    doneDefinitions: item.done,
  };
}

function toReport(dictionaryId: string | null, items: TestSessionItem[]): Report {
  const count = (result: string) => items.filter((item) => item.result === result).length;
  return {
    dictionaryId,
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
    const { range, dictionaryId, swap } = options;
    let items: TestSessionItem[];
    if (range.type === 'due') {
      const due = await this.repository.dueWords(dictionaryId, swap, endOfUtcDay(now), DUE_TEST_MAX_WORDS);
      items = due.map((word) => toItem(word, swap, word.card));
    } else {
      const words =
        range.type === 'quantity'
          ? await this.repository.wordsByQuantity(dictionaryId, range.from, range.count)
          : await this.repository.wordsSince(dictionaryId, rangeStart(range, now));
      const ordered = range.type === 'quantity' && range.order === 'desc' ? [...words].reverse() : words;
      // Each word's memory state rides in the snapshot, so grading an answer reads nothing.
      const cards = await this.repository.cardsFor(
        dictionaryId,
        ordered.map((word) => word.id),
        swap,
      );
      items = ordered.map((word) => toItem(word, swap, cards.get(word.id) ?? null));
    }
    // An empty test uses no attempt.
    if (items.length === 0) throw badRequest('EMPTY_TEST');

    const limit = await this.limitFor(userId);
    const used = await this.repository.transaction(async (tx) => {
      const count = await this.repository.takeAttempt(tx, userId, utcDay(now), limit);
      if (count === undefined) throw forbidden('MAX_TESTS');
      await this.repository.logTest(tx, dictionaryId, utcDay(now));
      await this.repository.saveNewTest(
        tx,
        { userId, dictionaryId, swap, range, createdAt: now, updatedAt: now },
        items,
      );
      return count;
    });
    return { testsLeft: Math.max(0, limit - used) };
  }

  /** The caller's test screen, read with their session in one query. */
  async state(caller: Caller): Promise<TestState> {
    const found = await this.repository.stateOf(caller.params, utcDay(this.clock()));
    const { role } = await caller.admit(found?.session);
    if (!found) throw new AppError(401, 'UNAUTHORIZED');
    const { test, finishedItems, used } = found;
    const testsLeft = Math.max(0, ROLE_LIMITS[role].testsPerDay - used);
    if (!test) return { test: null, testsLeft, report: null };
    if (test.current) return { test: toTestItem(test, test.current), testsLeft, report: null };
    return { test: null, testsLeft, report: toReport(test.dictionaryId, finishedItems ?? []) };
  }

  async answer(caller: Caller, typed: string): Promise<AnswerResult> {
    return this.changeCurrentWord(caller, (item) => {
      const remaining = item.definitions.filter((definition) => !item.done.includes(definition));
      const match = findMatch(typed, remaining);
      let changed: TestSessionItem;
      let finished = false;
      if (match) {
        const done = [...item.done, match.definition];
        finished = done.length === item.definitions.length;
        changed = {
          ...item,
          done,
          answers: record(item.answers, typed),
          // A word needed help if it was checked wrong before being completed.
          result: finished ? (item.mistakes > 0 ? 'wrong' : 'correct') : null,
          ...(match.kind === 'almost' ? { almost: true } : {}),
        };
      } else {
        changed = {
          ...item,
          answers: normalizeAnswer(typed) === '' ? item.answers : record(item.answers, typed),
          mistakes: item.mistakes + 1,
        };
      }
      return {
        item: changed,
        finished,
        result: {
          result: match ? 'correct' : 'wrong',
          almost: match?.kind === 'almost',
          // For an almost-right answer, the exact spelling to learn.
          answer: match ? match.definition : typed.trim(),
          correctAnswers: match ? [match.definition] : item.definitions,
          needAnswers: changed.definitions.length - changed.done.length,
          doneDefinitions: changed.done,
        },
      };
    });
  }

  /** Reveals the word and moves on: skipped, or wrong when a check already failed. */
  async skip(caller: Caller): Promise<{ answer: string[] }> {
    return this.changeCurrentWord(caller, (item) => ({
      item: { ...item, result: item.mistakes > 0 ? 'wrong' : 'skipped' },
      finished: true,
      result: { answer: item.definitions },
    }));
  }

  /**
   * Applies `change` to the current word of the user's test and saves it with an optimistic
   * check: if another answer of the same user was saved in between, it reads the test again
   * and re-applies, so concurrent answers apply one after another and none is lost. A word
   * that is finished also updates its memory card, in one transaction with the progress.
   */
  private async changeCurrentWord<R>(
    caller: Caller,
    change: (item: TestSessionItem) => { item: TestSessionItem; finished: boolean; result: R },
  ): Promise<R> {
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt += 1) {
      const found = await this.repository.findCurrentVersioned(caller.params);
      await caller.admit(found?.session);
      const { test, version } = found ?? {};
      const item = test?.current;
      if (!test || !item || !version) throw conflict('NO_ACTIVE_TEST');
      const now = this.clock();
      const outcome = change(item);
      const card = outcome.finished ? reviewed(test, outcome.item, now) : undefined;
      const progress = {
        position: test.position,
        item: card ? { ...outcome.item, card } : outcome.item,
        nextPosition: test.position + (outcome.finished ? 1 : 0),
        now,
      };
      const saved = card
        ? await this.repository.transaction(async (tx) => {
            if (!(await this.repository.saveItemIf(tx, test.id, version, progress))) return false;
            await this.repository.saveCard(tx, outcome.item.wordId, test.swap, card);
            return true;
          })
        : await this.repository.saveItemIf(undefined, test.id, version, progress);
      if (saved) return outcome.result;
    }
    // Only a burst of answers to one test, faster than they can be saved, gets here.
    throw new AppError(429, 'TOO_MANY_REQUESTS');
  }

  /** Words due by the end of today in each of the user's dictionaries. */
  async dueCounts(userId: string): Promise<DueCounts> {
    const until = endOfUtcDay(this.clock());
    const rows = await this.repository.dueCounts(userId, until);
    const byDictionary = new Map<string, DueCounts['dictionaries'][number]>();
    for (const row of rows) {
      const entry = byDictionary.get(row.dictionaryId) ?? {
        dictionaryId: row.dictionaryId,
        forward: 0,
        swapped: 0,
      };
      entry[row.reversed ? 'swapped' : 'forward'] += row.count;
      byDictionary.set(row.dictionaryId, entry);
    }
    const dictionaries = [...byDictionary.values()];
    return {
      total: dictionaries.reduce((sum, entry) => sum + entry.forward + entry.swapped, 0),
      until: until.toISOString(),
      dictionaries,
    };
  }

  /** One dictionary's learning progress: word states, due words, tests per day and the streak. */
  async progress(userId: string, dictionaryId: string): Promise<DictionaryProgress> {
    if (!(await this.repository.ownsDictionary(userId, dictionaryId))) throw notFound();
    const now = this.clock();
    const until = endOfUtcDay(now);
    const [states, due, days] = await Promise.all([
      this.repository.wordStates(dictionaryId),
      this.repository.dueCounts(userId, until, dictionaryId),
      this.repository.testDays(dictionaryId),
    ]);
    const dueIn = (reversed: boolean) => due.find((row) => row.reversed === reversed)?.count ?? 0;
    return {
      dictionaryId,
      words: {
        total: states.total,
        new: states.new,
        mastered: states.mastered,
        learning: states.total - states.new - states.mastered,
      },
      due: { forward: dueIn(false), swapped: dueIn(true), until: until.toISOString() },
      days: chartDays(new Map(days.map((row) => [row.day, row.tests])), now),
      streak: streaks(
        days.map((row) => row.day),
        now,
      ),
    };
  }
}
