import type { FastifyBaseLogger } from 'fastify';
import {
  FORECAST_DAYS,
  PERSONAL_PARAMETERS_MIN_REVIEWS,
  type SchedulerStatus,
  type WorkloadForecast,
} from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { AppError } from '../../domain/errors';
import { RATE_LIMITS, type RateLimiter } from '../rate-limit/rate-limiter';
import { schedulerFor, type SchedulerSettings } from '../testing/scheduling';
import type { UsersService } from '../users/users.service';
import type { ReviewHistory } from './fit';
import type { ParameterFitter } from './fitter';
import type { GradedReview, LearnerParametersRow, LearningRepository } from './learning.repository';
import { memoryModel } from './memory-model';
import { forecastWorkload, utcDay } from './workload';
import { learnerDay, zoneOffsetMs } from '../../domain/learner-day';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A fit lease older than this belongs to an instance that died: another may take it. */
export const FIT_LEASE_MS = 10 * 60 * 1000;

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Whether a stored fit predicted the held-back reviews better than the defaults. */
const fitInUse = (
  row: LearnerParametersRow | undefined,
): row is LearnerParametersRow & { parameters: number[] } =>
  row?.parameters != null &&
  row.fittedLogLoss !== null &&
  row.defaultLogLoss !== null &&
  row.fittedLogLoss < row.defaultLogLoss;

/** The optimizer's arrays: cards numbered in order of first review, days as UTC day numbers. */
function toHistory(reviews: readonly GradedReview[]): ReviewHistory {
  const cardNumbers = new Map<string, number>();
  const history: ReviewHistory = {
    cards: new Int32Array(reviews.length),
    days: new Int32Array(reviews.length),
    ratings: new Uint8Array(reviews.length),
  };
  reviews.forEach((entry, index) => {
    const key = `${entry.wordId}:${entry.reversed ? 'r' : 'f'}`;
    let card = cardNumbers.get(key);
    if (card === undefined) cardNumbers.set(key, (card = cardNumbers.size));
    history.cards[index] = card;
    history.days[index] = utcDay(entry.reviewedAt);
    history.ratings[index] = entry.rating;
  });
  return history;
}

/**
 * Personal scheduling (docs/decisions/0046-personal-scheduling.md): the learner's desired
 * retention and what it costs (the workload forecast), and their own FSRS parameters, fitted
 * from the review log in a worker thread, on demand and nightly, one fit per learner at a time.
 */
export class LearningService {
  /** This instance's fits in progress, by learner. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      repository: LearningRepository;
      users: UsersService;
      rateLimiter: RateLimiter;
      fitter: ParameterFitter;
      clock: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * How `userId` is scheduled now: their retention, and their fitted parameters once those
   * predicted their held-back reviews better than the defaults (otherwise the defaults). The
   * answer path snapshots this into a test and hands it to `review` (testing/scheduling.ts).
   */
  async settingsFor(userId: string): Promise<SchedulerSettings> {
    const [user, row] = await Promise.all([
      this.deps.users.findById(userId),
      this.deps.repository.parametersOf(userId),
    ]);
    if (!user) throw new AppError('UNAUTHORIZED');
    return { desiredRetention: user.desiredRetention, parameters: fitInUse(row) ? row.parameters : null };
  }

  async status(caller: Caller): Promise<SchedulerStatus> {
    const { userId } = await caller.session();
    return this.statusOf(userId);
  }

  private async statusOf(userId: string): Promise<SchedulerStatus> {
    const [user, row, stats] = await Promise.all([
      this.deps.users.findById(userId),
      this.deps.repository.parametersOf(userId),
      this.deps.repository.reviewStats(userId),
    ]);
    if (!user) throw new AppError('UNAUTHORIZED');
    const leaseFrom = this.deps.clock().getTime() - FIT_LEASE_MS;
    const pair = (defaults: number | null, personal: number | null) =>
      defaults === null || personal === null ? null : { defaults, personal };
    return {
      desiredRetention: user.desiredRetention,
      reviews: stats.reviews,
      minReviews: PERSONAL_PARAMETERS_MIN_REVIEWS,
      fitting:
        this.running.has(userId) || (row?.fitClaimedAt != null && row.fitClaimedAt.getTime() > leaseFrom),
      fit:
        row?.parameters && row.fittedAt
          ? {
              fittedAt: row.fittedAt.toISOString(),
              reviews: row.reviews ?? 0,
              scored: row.scored ?? 0,
              logLoss: pair(row.defaultLogLoss, row.fittedLogLoss),
              rmse: pair(row.defaultRmse, row.fittedRmse),
              inUse: fitInUse(row),
              parameters: row.parameters,
            }
          : null,
    };
  }

  /**
   * "Fit now": refused below the minimum of reviews (409 NOT_ENOUGH_REVIEWS); otherwise starts
   * a fit in the background unless one is running or the last one has read every review, and
   * answers at once (202) with the status, `fitting` while it runs.
   */
  async requestFit(caller: Caller): Promise<SchedulerStatus> {
    const { userId } = await caller.session();
    await this.deps.rateLimiter.consume(RATE_LIMITS.fitParameters, userId);
    const stats = await this.deps.repository.reviewStats(userId);
    if (stats.reviews < PERSONAL_PARAMETERS_MIN_REVIEWS) {
      throw new AppError('NOT_ENOUGH_REVIEWS', {
        min: PERSONAL_PARAMETERS_MIN_REVIEWS,
        reviews: stats.reviews,
      });
    }
    await this.startFit(userId, stats.lastReviewId);
    return this.statusOf(userId);
  }

  /**
   * Starts a fit of `userId` when their log has reviews their last fit did not read and this
   * instance wins the lease: the fit runs on without the caller (in `running`; `idle()` waits
   * for it). Whether one was started.
   */
  private async startFit(userId: string, lastReviewId: number | null): Promise<boolean> {
    const row = await this.deps.repository.parametersOf(userId);
    if (lastReviewId === null || (row?.lastReviewId != null && row.lastReviewId >= lastReviewId))
      return false;
    const now = this.deps.clock();
    if (!(await this.deps.repository.claimFit(userId, now, new Date(now.getTime() - FIT_LEASE_MS))))
      return false;
    this.running.set(
      userId,
      this.fit(userId).finally(() => this.running.delete(userId)),
    );
    return true;
  }

  /** One fit under the lease: read the log, fit in the worker, store the outcome. */
  private async fit(userId: string): Promise<void> {
    const { repository, fitter, clock, log } = this.deps;
    try {
      const reviews = await repository.gradedReviews(userId);
      const lastReviewId = reviews.reduce((newest, entry) => Math.max(newest, entry.id), 0);
      const outcome = await fitter.fit(toHistory(reviews));
      await repository.saveFit(userId, {
        parameters: outcome.parameters,
        fittedAt: clock(),
        reviews: outcome.reviews,
        lastReviewId,
        scored: outcome.scored,
        defaultLogLoss: outcome.logLoss?.defaults ?? null,
        fittedLogLoss: outcome.logLoss?.personal ?? null,
        defaultRmse: outcome.rmse?.defaults ?? null,
        fittedRmse: outcome.rmse?.personal ?? null,
      });
      log.info(
        { userId, reviews: outcome.reviews, scored: outcome.scored, logLoss: outcome.logLoss },
        'personal FSRS parameters fitted',
      );
    } catch (error) {
      log.error({ err: error, userId }, 'fitting personal FSRS parameters failed; the last fit stays');
      await repository.releaseFit(userId).catch(() => undefined);
    }
  }

  /**
   * The nightly job: fits, one after another, every learner with enough reviews and some their
   * last fit did not read. Returns who was fitted (a learner whose fit another instance holds
   * is left to it).
   */
  async fitLearnersWithNewReviews(): Promise<string[]> {
    const fitted: string[] = [];
    for (const userId of await this.deps.repository.learnersWithNewReviews(PERSONAL_PARAMETERS_MIN_REVIEWS)) {
      const { lastReviewId } = await this.deps.repository.reviewStats(userId);
      if (!(await this.startFit(userId, lastReviewId))) continue;
      await this.running.get(userId);
      fitted.push(userId);
    }
    return fitted;
  }

  /** The expected reviews per day for `FORECAST_DAYS` days at `retention` (the learner's own if absent). */
  async forecast(caller: Caller, retention: number | undefined): Promise<WorkloadForecast> {
    const session = await caller.session();
    const { userId } = session;
    const [settings, cards] = await Promise.all([
      this.settingsFor(userId),
      this.deps.repository.cards(userId),
    ]);
    const desiredRetention = retention ?? settings.desiredRetention;
    const model = memoryModel(schedulerFor({ ...settings, desiredRetention }));
    // Days are the learner's local days (decision 0053), as "due today" is: today is their date,
    // and every time is shifted by their zone's offset now (a clock change moves a few reviews
    // by an hour, never a bucket's meaning).
    const now = this.deps.clock();
    const offset = zoneOffsetMs(now, session.timeZone);
    const day = (time: Date) => utcDay(time.getTime() + offset);
    const today = utcDay(Date.parse(`${learnerDay(session, now).day}T00:00:00Z`));
    const expected = forecastWorkload(
      cards.map((card) => ({
        stability: card.stability,
        difficulty: card.difficulty,
        lastReviewDay: card.lastReview ? day(card.lastReview) : day(card.due) - card.scheduledDays,
        dueDay: day(card.due),
      })),
      model,
      today,
      FORECAST_DAYS,
    );
    return {
      retention: desiredRetention,
      personal: settings.parameters != null,
      days: expected.map((reviews, index) => ({ day: isoDay(today + index), reviews })),
      total: expected.reduce((sum, reviews) => sum + reviews, 0),
    };
  }

  /** Resolves once no fit of this instance is running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  /** Stops the fits under way (their leases lapse) and waits for them to wind up. */
  async close(): Promise<void> {
    await this.deps.fitter.close();
    await this.idle();
  }
}
