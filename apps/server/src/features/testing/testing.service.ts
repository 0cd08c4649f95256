import {
  CONFUSION_TEST_MAX_PAIRS,
  DUE_TEST_MAX_WORDS,
  ROLE_LIMITS,
  WEAK_TEST_MAX_DEFINITIONS,
  answerWord,
  finishedWordAnswer,
  finishedWordSkip,
  normalizeAnswer,
  overrideWord,
  replayAttempt,
  skipWord,
  type AnswerBody,
  type AnswerResult,
  type AnswerTarget,
  type AttemptLog,
  type ConfusableWord,
  type StoredCard,
  type TestWord,
  type OverrideBody,
  type SkipResult,
  type TestItem,
  type TestState,
  type TesterOptions,
  type Role,
  type RoleLimitsTable,
} from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { AppError, limitReached, notFound, tooManyRequests } from '../../domain/errors';
import { capForExam, gradeOf, NEW_CARD_STATE, review, type SchedulerSettings } from './scheduling';
import { learnerDay } from '../../domain/learner-day';
import { rangeStart, toClozeItem, toItem } from './test-snapshot';
import { retryOptions, standing, toReport, toTestItem, withNext, type ReportMarks } from './test-views';
import { refsByWord } from '../../domain/media';
import type { AnswersRepository } from './answers.repository';
import type { CardsRepository, SnapshotSource, SnapshotWord } from './cards.repository';
import type { NewReviewLogEntry } from './review-log.repository';
import type { ReportItem, TestHead, TestingRepository } from './testing.repository';
import { definitionOutcome, leeches, pairedWords, weakestDefinitions } from './weak-spots';
import type { WeakSpotsRepository } from './weak-spots.repository';

/** The word's direction: its own, or for a test saved before items carried it, the test's. */
const reversedOf = (test: Pick<TestHead, 'swap'>, item: TestWord) => item.reversed ?? test.swap;

/** The all-dictionaries due test as a test row keeps it: no one dictionary, no one direction. */
const EVERY_DICTIONARY = { dictionaryId: null, swap: false } as const;

/** Saves of one answer retried after another answer to the same test got in first. */
const MAX_SAVE_ATTEMPTS = 8;
/** What a burst that still lost every save is told to wait before sending again. */
const SAVE_RETRY_AFTER_SECONDS = 2;

/**
 * The word's memory card after this test's outcome; undefined when it is not graded (a test
 * saved before spaced repetition snapshotted no card). A word deleted since the test started
 * (with its dictionary, or alone) is graded for nothing: `saveCard` writes only an existing word.
 */
function reviewed(item: TestWord, now: Date, scheduler: SchedulerSettings | null): StoredCard | undefined {
  if (item.card === undefined) return undefined;
  // No review is planned past the eve of the dictionary's exam (decision 0050).
  return capForExam(review(item.card, gradeOf(item), now, scheduler ?? undefined), item.examDate, now);
}

/**
 * A practice drill of the learner's own weak spots (weak definitions, confusion pairs) of at
 * most this many words is free: it uses none of the day's tests (decision 0085).
 */
const FREE_DRILL_MAX_WORDS = 20;
const isFreeDrill = (options: TesterOptions, words: number) =>
  (options.range.type === 'weak' || options.range.type === 'confusions') && words <= FREE_DRILL_MAX_WORDS;

/** How an answer or a skip treats the word it names (`TestingService.changeWord`). */
interface WordChange<R> {
  /** The first result of an attempt already applied to this word; undefined if it is not of this kind. */
  replay(item: TestWord, attempt: NonNullable<TestWord['attempts']>[number]): R | undefined;
  /** The result for a word finished before: nothing changes. */
  finished(item: TestWord): R;
  /**
   * The current word changed, its result and what the review log keeps of it; or a result
   * alone when nothing is to change (the rules: `@wordhoard/shared`'s testWord).
   */
  apply(item: TestWord, test: TestHead, others?: ConfusableWord[]): Outcome<R>;
  /**
   * The normalised answer when the change is an answer: the read of the test then also brings
   * the other words it may be the answer of (`others` above), in the same round trip.
   */
  answerForm?: string;
}
type Outcome<R> = { word: TestWord; finished: boolean; result: R; log: AttemptLog } | { result: R };

/**
 * Self-tests (DESIGN §5): a tester snapshots words into the user's one active test; each word
 * is done when every definition is typed; a wrong check lets the user try again or go on
 * (then the word counts wrong); skip reveals the word and counts it skipped.
 */
export class TestingService {
  constructor(
    private readonly repository: TestingRepository,
    /** An answer's read of the test and its one saving statement. */
    private readonly answers: AnswersRepository,
    /** The words a new test snapshots, with their memory cards. */
    private readonly cards: CardsRepository,
    private readonly clock: () => Date,
    /** The learner's scheduler now (decision 0046): a test keeps it for its answers. */
    private readonly schedulerOf: (userId: string) => Promise<SchedulerSettings>,
    /** The learner's missed definitions and confusion pairs (decision 0049). */
    private readonly weakSpots: WeakSpotsRepository,
    /** Each role's limits on this instance (the free plan's may be raised: config.limits). */
    private readonly limits: RoleLimitsTable = ROLE_LIMITS,
  ) {}

  private async limitFor(userId: string): Promise<{ role: Role; limit: number }> {
    const role = await this.repository.role(userId);
    if (!role) throw new AppError('UNAUTHORIZED');
    return { role, limit: this.limits[role].testsPerDay };
  }

  async create(caller: Caller, options: TesterOptions): Promise<{ testsLeft: number }> {
    const session = await caller.session();
    const { userId } = session;
    const now = this.clock();
    // The learner's day, not UTC's (decision 0053): its attempts, its due words.
    const today = learnerDay(session, now);
    const { head, items } = await this.snapshot(userId, options, now, today.endsAt);
    // An empty test uses no attempt.
    if (items.length === 0) throw new AppError('EMPTY_TEST');
    // The test counts on the day of every dictionary it holds words of.
    const tested = [...new Set(items.flatMap((item) => (item.dictionaryId ? [item.dictionaryId] : [])))];

    const [{ role, limit }, scheduler] = await Promise.all([this.limitFor(userId), this.schedulerOf(userId)]);
    const free = isFreeDrill(options, items.length);
    const used = await this.repository.transaction(async (tx) => {
      const count = free
        ? await this.repository.attemptsTaken(tx, userId, today.day)
        : await this.repository.takeAttempt(tx, userId, today.day, limit);
      if (count === undefined) {
        throw limitReached('MAX_TESTS', { role, limit, resetsAt: today.endsAt.toISOString() });
      }
      await this.repository.logTest(tx, tested, today.day);
      await this.repository.saveNewTest(
        tx,
        {
          userId,
          ...head,
          range: options.range,
          options,
          scheduler: {
            desiredRetention: scheduler.desiredRetention,
            parameters: scheduler.parameters ? [...scheduler.parameters] : null,
          },
          createdAt: now,
          updatedAt: now,
        },
        items,
      );
      return count;
    });
    return { testsLeft: Math.max(0, limit - used) };
  }

  /**
   * The words a new test asks, and its dictionary and direction: those of one dictionary of the
   * user (404 when it is not theirs), or without a dictionary the due words of all of them, in
   * both directions (decision 0048; the schema allows no other range then).
   */
  private async snapshot(
    userId: string,
    options: TesterOptions,
    now: Date,
    /** The end of the learner's day: words due before it are due today. */
    endOfDay: Date,
  ): Promise<{ head: { dictionaryId: string | null; swap: boolean }; items: TestWord[] }> {
    const { dictionaryId, range } = options;
    // A cloze test asks for the term: it is the "definitions → term" direction (decision 0060).
    const swap = options.cloze === true || options.swap;
    if (dictionaryId === null) {
      const due = await this.cards.dueWordsOfUser(userId, endOfDay, DUE_TEST_MAX_WORDS);
      return {
        head: EVERY_DICTIONARY,
        items: due.map((word) => toItem(word, word, word.reversed, word.card)),
      };
    }
    const source = await this.cards.dictionaryOf(userId, dictionaryId);
    if (!source) throw notFound();
    const head = { dictionaryId, swap };
    if (range.type === 'weak') return { head, items: await this.weakDefinitionItems(userId, source) };
    if (range.type === 'confusions') return { head, items: await this.pairItems(userId, source, swap) };
    const itemOf = (word: SnapshotWord, card: StoredCard | null): TestWord[] => {
      if (!options.cloze) return [toItem(word, source, swap, card)];
      const item = toClozeItem(word, source, card);
      return item ? [item] : [];
    };
    if (range.type === 'due') {
      const due = await this.cards.dueWords(dictionaryId, swap, endOfDay, DUE_TEST_MAX_WORDS);
      return { head, items: due.flatMap((word) => itemOf(word, word.card)) };
    }
    const words =
      range.type === 'quantity'
        ? await this.cards.wordsByQuantity(dictionaryId, range.from, range.count)
        : await this.cards.wordsSince(dictionaryId, rangeStart(range, now));
    const ordered = range.type === 'quantity' && range.order === 'desc' ? [...words].reverse() : words;
    // Each word's memory state rides in the snapshot, so grading an answer reads nothing.
    const cards = await this.cards.cardsFor(
      dictionaryId,
      ordered.map((word) => word.id),
      swap,
    );
    return { head, items: ordered.flatMap((word) => itemOf(word, cards.get(word.id) ?? null)) };
  }

  /**
   * The learner's weakest definitions of one dictionary, each asked on its own: the word's
   * other definitions are shown done (`given`). Practice: no card rides along, so the answers
   * are logged (and count for the weak spots) but do not move the schedule (decision 0049).
   */
  private async weakDefinitionItems(userId: string, source: SnapshotSource): Promise<TestWord[]> {
    const records = await this.weakSpots.missedDefinitions(userId, { dictionaryId: source.dictionaryId });
    const weakest = weakestDefinitions(records, WEAK_TEST_MAX_DEFINITIONS);
    const found = await this.weakSpots.activeWords(source.dictionaryId, [
      ...new Set(weakest.map((record) => record.wordId)),
    ]);
    return weakest.flatMap((record) => {
      const word = found.get(record.wordId);
      if (!word) return [];
      const item = toItem(word, source, record.reversed, undefined);
      const given = item.definitions.filter((definition) => definition !== record.definition);
      // The definition may have been rewritten since the records were read: then skip it.
      if (given.length === item.definitions.length) return [];
      return [{ ...item, done: given, given: given.length }];
    });
  }

  /**
   * The words of the learner's most frequent confusion pairs in one dictionary, each pair side
   * by side and each word with the term it is to be told apart from. Whole words, graded as
   * any test's (their cards ride along).
   */
  private async pairItems(userId: string, source: SnapshotSource, swap: boolean): Promise<TestWord[]> {
    const pairs = await this.weakSpots.confusionPairs(userId, source.dictionaryId, CONFUSION_TEST_MAX_PAIRS);
    const order = pairedWords(pairs);
    const ids = order.map((entry) => entry.wordId);
    const [found, cards] = await Promise.all([
      this.weakSpots.activeWords(source.dictionaryId, ids),
      this.cards.cardsFor(source.dictionaryId, ids, swap),
    ]);
    return order.flatMap(({ wordId, contrast }) => {
      const word = found.get(wordId);
      return word ? [{ ...toItem(word, source, swap, cards.get(wordId) ?? null), contrast }] : [];
    });
  }

  /** Which of a finished test's words are leeches and which are suspended, now. */
  private async reportMarks(userId: string, items: ReportItem[]): Promise<ReportMarks> {
    const wordIds = [...new Set(items.map((item) => item.wordId))];
    const [threshold, records, suspended] = await Promise.all([
      this.weakSpots.leechThreshold(userId),
      this.weakSpots.missedDefinitions(userId, { wordIds }),
      this.weakSpots.suspendedAmong(wordIds),
    ]);
    const found = threshold === undefined ? [] : leeches(records, threshold);
    return { leeches: new Set(found.map((word) => word.wordId)), suspended };
  }

  /** The caller's test screen, read with their session in one query. */
  async state(caller: Caller): Promise<TestState> {
    const now = this.clock();
    const found = await this.repository.stateOf(caller.params);
    const session = await caller.admit(found?.session);
    const { userId, role } = session;
    if (!found) throw new AppError('UNAUTHORIZED');
    const { test, finishedItems, options, attempts } = found;
    const media = refsByWord([], found.media);
    // The learner's day (decision 0053): its attempts, and its end.
    const today = learnerDay(session, now);
    const used = attempts.find((row) => row.day === today.day)?.count ?? 0;
    const testsLeft = Math.max(0, this.limits[role].testsPerDay - used);
    const testsResetAt = today.endsAt.toISOString();
    if (!test) return { test: null, testsLeft, testsResetAt, report: null };
    if (test.current) {
      return { test: toTestItem(test, test.current, media), testsLeft, testsResetAt, report: null };
    }
    const items = finishedItems ?? [];
    const marks = await this.reportMarks(userId, items);
    return {
      test: null,
      testsLeft,
      testsResetAt,
      report: toReport(test.dictionaryId, retryOptions(test, options), items, marks, media),
    };
  }

  /**
   * Checks one typed definition of the word `body` names. It applies only to the current word,
   * once per attempt (docs/decisions/0018-answers-applied-once.md): a repeat of an applied
   * attempt gets its first result, an answer for a finished word gets that word's result, a
   * definition typed again gets `alreadyEntered`; none of these change anything.
   */
  async answer(caller: Caller, body: AnswerBody): Promise<AnswerResult> {
    const typed = body.answer;
    return this.changeWord<AnswerResult>(caller, body, {
      answerForm: normalizeAnswer(typed),
      replay: (item, attempt) => replayAttempt(item, attempt, 'answer'),
      finished: (item) => finishedWordAnswer(item, typed),
      apply: (item, test, others) => {
        // The other words of the word's own dictionary and direction (a test may mix them,
        // decision 0048), read with the test by the answer's form: a wrong answer may be theirs.
        const ofDictionary = (item.dictionaryId ?? test.dictionaryId) !== null;
        if (ofDictionary && !others) throw new Error('an answer reads the test with its normalised form');
        return answerWord(item, typed, {
          attemptId: body.attemptId,
          ...(ofDictionary ? { others, reversed: reversedOf(test, item) } : {}),
        });
      },
    });
  }

  /**
   * "I was right" (`overrideWord`): refused (NOT_OVERRIDABLE) for anything but a wrong attempt
   * of the current word not overridden yet; logged `overridden`, and graded as any answer is
   * when it completes the word.
   */
  async override(caller: Caller, body: OverrideBody): Promise<AnswerResult> {
    return this.changeWord<AnswerResult>(caller, body, {
      replay: (item, attempt) => replayAttempt(item, attempt, 'override'),
      finished: () => {
        throw new AppError('NOT_OVERRIDABLE');
      },
      apply: (item) => {
        const changed = overrideWord(item, body.overrides, body.attemptId);
        if (!changed) throw new AppError('NOT_OVERRIDABLE');
        return changed;
      },
    });
  }

  /**
   * Reveals the word `target` names and moves on: skipped, or wrong when a check already
   * failed. The same rules as `answer`: the current word only, once.
   */
  async skip(caller: Caller, target: AnswerTarget): Promise<SkipResult> {
    return this.changeWord<SkipResult>(caller, target, {
      replay: (item, attempt) => replayAttempt(item, attempt, 'skip'),
      finished: (item) => finishedWordSkip(item),
      apply: (item) => skipWord(item, target.attemptId),
    });
  }

  /**
   * Applies `change` to the word `target` names, if it is the current word of the user's test,
   * and saves it with an optimistic check: if another answer of the same user was saved in
   * between, it reads the test again and decides again, so concurrent answers apply one after
   * another, none is lost, and none lands on a word it was not typed for. A word that is
   * finished also updates its memory card, in the same statement as the progress.
   */
  private async changeWord<R extends { next?: TestItem | null }>(
    caller: Caller,
    target: AnswerTarget,
    change: WordChange<R>,
  ): Promise<R> {
    const index = target.position - 1;
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt += 1) {
      const found = await this.answers.findVersionedAt(caller.params, index, change.answerForm);
      const { userId } = await caller.admit(found?.session);
      const { test, item, version, others } = found ?? {};
      const media = refsByWord([], found?.media ?? []);
      if (!test || !version) throw new AppError('NO_ACTIVE_TEST');
      // Not a word of this test, one it has not reached yet, or a word of a test replaced since.
      if (!item || index > test.position || item.wordId !== target.wordId)
        throw new AppError('WORD_NOT_CURRENT');
      const applied = item.attempts?.find((candidate) => candidate.id === target.attemptId);
      const replayed = applied && change.replay(item, applied);
      if (replayed) return withNext(replayed, standing(test, item, index, media));
      if (index < test.position) return withNext(change.finished(item), standing(test, item, index, media));

      const outcome = change.apply(item, test, others);
      if (!('word' in outcome)) return withNext(outcome.result, standing(test, item, index, media));
      const now = this.clock();
      const card = outcome.finished ? reviewed(outcome.word, now, test.scheduler) : undefined;
      // The word's own direction: a test of every dictionary's due words mixes them (decision 0048).
      const reversed = reversedOf(test, item);
      const progress = {
        position: test.position,
        item: card ? { ...outcome.word, card } : outcome.word,
        nextPosition: test.position + (outcome.finished ? 1 : 0),
        now,
      };
      const outcomes = outcome.finished ? definitionOutcome(outcome.word) : null;
      const logged: NewReviewLogEntry = {
        confusedWordId: null,
        ...outcome.log,
        // What the finished word says of each definition (decision 0049).
        recalled: outcomes?.recalled ?? null,
        missed: outcomes?.missed ?? null,
        userId,
        wordId: item.wordId,
        reversed,
        // The grade the schedule took from this attempt, when it finished the word.
        rating: card ? gradeOf(outcome.word) : null,
        state: item.card?.state ?? NEW_CARD_STATE,
        durationMs: target.durationMs ?? null,
      };
      // The word, its log entry and (when finished) its card in one statement, all or nothing.
      const saved = await this.answers.saveItemIf(test.id, version, progress, logged, card);
      if (saved) {
        // The word just saved, or the one the saving statement read at the new position.
        const at = { position: progress.nextPosition, total: test.total };
        let next: TestItem | null | undefined;
        if (!outcome.finished) next = toTestItem(at, progress.item, media);
        else if (at.position >= at.total) next = null;
        else next = saved.next ? toTestItem(at, saved.next, refsByWord([], saved.nextMedia)) : undefined;
        return withNext(outcome.result, next);
      }
    }
    // Only a burst of answers to one test, faster than they can be saved, gets here.
    throw tooManyRequests(SAVE_RETRY_AFTER_SECONDS);
  }
}
