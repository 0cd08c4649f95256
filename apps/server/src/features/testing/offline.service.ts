import {
  examplesOf,
  replayLateAnswers,
  shownAs,
  type LateAnswer,
  type LateReviewsBody,
  type OfflinePack,
  type OfflineWord,
  type TestWord,
} from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { RATE_LIMITS, type RateLimiter } from '../rate-limit/rate-limiter';
import type { OfflineTestingRepository, OwnWord } from './offline.repository';
import { NEW_CARD_STATE, capForExam, gradeOf, review, type SchedulerSettings } from './scheduling';
import type { CardsRepository } from './cards.repository';
import type { Tx } from './testing.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Late answers older than this, by the device's clock, are too old to say anything of memory now. */
const LATE_ANSWER_MAX_AGE_MS = 30 * DAY_MS;
/** A device clock ahead of ours by more than this is wrong, and so are its times. */
const LATE_ANSWER_MAX_SKEW_MS = DAY_MS;
/**
 * A late review within this long of a review of the same card already logged is that review
 * again (a replay, with or without a changed clock), not a new one: a card is finished once per
 * test, and a second review within the hour would barely move its schedule anyway
 * (docs/decisions/0076-bounded-exports-and-late-reviews.md).
 */
export const LATE_REVIEW_SAME_WITHIN_MS = 60 * 60 * 1000;

function toOfflineWord(item: TestWord): OfflineWord {
  return {
    wordId: item.wordId,
    term: item.term,
    definitions: item.definitions,
    done: item.done,
    mistakes: item.mistakes,
    result: item.result,
    answers: item.answers,
    almost: item.almost === true,
    ...(item.dictionaryId === undefined ? {} : { dictionaryId: item.dictionaryId }),
    ...(item.contrast === undefined ? {} : { contrast: item.contrast }),
    ...examplesOf(item),
    ...shownAs(item),
  };
}

/**
 * Offline tests (docs/decisions/0058-offline-tests.md): the active test's words for a device to
 * go on without a connection, and the answers typed offline in a test that another device
 * replaced before they could be sent.
 */
export class OfflineTestingService {
  constructor(
    private readonly repository: OfflineTestingRepository,
    private readonly cards: Pick<CardsRepository, 'saveCard'>,
    private readonly clock: () => Date,
    private readonly schedulerOf: (userId: string) => Promise<SchedulerSettings>,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async pack(caller: Caller): Promise<{ pack: OfflinePack | null }> {
    const { userId } = await caller.session();
    const test = await this.repository.activeTest(userId);
    if (!test) return { pack: null };
    return {
      pack: {
        testId: test.id,
        position: test.position,
        words: test.items.map(toOfflineWord),
        dictionaryId: test.dictionaryId,
        options: test.options,
      },
    };
  }

  /**
   * Counts late answers for the schedule: each word they finished is reviewed once, at the time
   * its last answer was typed, with the grade the test would have given; a delivery again (a
   * retry, another tab, a replay with other times) finds its review logged and counts nothing.
   * Answers of the test that is still active are not late: the device sends them to the test
   * itself. Deliveries per hour and reviews per day are limited per learner (429 with
   * Retry-After); a delivery past the day's budget counts the words it can and drops the rest.
   */
  async lateReviews(caller: Caller, body: LateReviewsBody): Promise<{ rescheduled: number }> {
    const { userId } = await caller.session();
    await this.rateLimiter.consume(RATE_LIMITS.lateReviewRequests, userId);
    const byWord = new Map<string, LateAnswer[]>();
    for (const answer of body.answers) {
      const key = `${answer.wordId}:${answer.reversed}`;
      const answers = byWord.get(key);
      if (answers) answers.push(answer);
      else byWord.set(key, [answer]);
    }
    // Each card can be reviewed once: reserve that many of the day's reviews, give back the rest.
    const budget = await this.rateLimiter.take(RATE_LIMITS.lateReviewsPerDay, userId, byWord.size);
    let rescheduled = 0;
    try {
      rescheduled = await this.reviewAll(userId, body.testId, byWord, budget);
    } finally {
      await this.rateLimiter.giveBack(RATE_LIMITS.lateReviewsPerDay, userId, budget - rescheduled);
    }
    return { rescheduled };
  }

  private async reviewAll(
    userId: string,
    testId: string,
    byWord: Map<string, LateAnswer[]>,
    budget: number,
  ): Promise<number> {
    const now = this.clock();
    const settings = await this.schedulerOf(userId);
    const answersOf = [...byWord.values()].flat();
    return this.repository.forLearner(userId, async (tx) => {
      if ((await this.repository.activeTestId(tx, userId)) === testId) return 0;
      const wordIds = [...new Set(answersOf.map((answer) => answer.wordId))];
      const owned = new Map(
        (await this.repository.ownWords(tx, userId, wordIds)).map((word) => [word.id, word]),
      );
      let rescheduled = 0;
      for (const answers of byWord.values()) {
        if (rescheduled >= budget) break;
        const first = answers[0];
        const word = first && owned.get(first.wordId);
        if (!first || !word) continue;
        if (await this.reviewLate(tx, userId, word, first.reversed, answers, now, settings)) rescheduled += 1;
      }
      return rescheduled;
    });
  }

  private async reviewLate(
    tx: Tx,
    userId: string,
    word: OwnWord,
    reversed: boolean,
    answers: LateAnswer[],
    now: Date,
    settings: SchedulerSettings,
  ): Promise<boolean> {
    // Reversed: the definitions were shown and the term is the answer.
    const outcome = replayLateAnswers(reversed ? [word.term] : word.definitions, answers);
    if (!outcome) return false;
    const answeredAt = new Date(outcome.finishing.answeredAt);
    const age = now.getTime() - answeredAt.getTime();
    if (age > LATE_ANSWER_MAX_AGE_MS || age < -LATE_ANSWER_MAX_SKEW_MS) return false;
    if (
      await this.repository.isReviewedNear(
        tx,
        userId,
        word.id,
        reversed,
        answeredAt,
        LATE_REVIEW_SAME_WITHIN_MS,
      )
    )
      return false;
    const card = await this.repository.cardOf(tx, word.id, reversed);
    // FSRS reviews go forward: not after now, and not before a review made since (in the new test).
    const lastReview = card?.lastReview ? new Date(card.lastReview).getTime() : 0;
    const reviewedAt = new Date(Math.max(Math.min(answeredAt.getTime(), now.getTime()), lastReview));
    const grade = gradeOf(outcome);
    const next = capForExam(review(card, grade, reviewedAt, settings), word.examDate, now);
    await this.cards.saveCard(tx, word.id, reversed, next);
    const { finishing } = outcome;
    await this.repository.log(tx, {
      userId,
      wordId: word.id,
      reversed,
      definition: null,
      typed: finishing.kind === 'skip' ? null : (finishing.answer ?? '').trim(),
      result: finishing.kind === 'skip' ? 'skipped' : outcome.almost ? 'almost' : 'correct',
      rating: grade,
      state: card?.state ?? NEW_CARD_STATE,
      durationMs: null,
      recalled: null,
      missed: null,
      confusedWordId: null,
      reviewedAt: answeredAt,
    });
    return true;
  }
}
