import { and, asc, count, eq, isNotNull, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dictionaries, learnerParameters, reviewLog, wordCards } from '../../db/schema';

export type LearnerParametersRow = typeof learnerParameters.$inferSelect;

/** What a finished fit stores (docs/decisions/0046-personal-scheduling.md). */
export interface SavedFit {
  parameters: number[];
  fittedAt: Date;
  reviews: number;
  lastReviewId: number;
  scored: number;
  defaultLogLoss: number | null;
  fittedLogLoss: number | null;
  defaultRmse: number | null;
  fittedRmse: number | null;
}

/** One graded review, as the optimizer reads it. */
export interface GradedReview {
  id: number;
  wordId: string;
  reversed: boolean;
  rating: number;
  reviewedAt: Date;
}

/** A learner's card, as the workload forecast reads it. */
export interface CardState {
  stability: number;
  difficulty: number;
  lastReview: Date | null;
  due: Date;
  scheduledDays: number;
}

export class LearningRepository {
  constructor(private readonly db: Db) {}

  /** How many graded reviews (rows with a rating) the learner has, and the newest one's id. */
  async reviewStats(userId: string): Promise<{ reviews: number; lastReviewId: number | null }> {
    const [row] = await this.db
      .select({ reviews: count(), lastReviewId: max(reviewLog.id) })
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, userId), isNotNull(reviewLog.rating)));
    return { reviews: row?.reviews ?? 0, lastReviewId: row?.lastReviewId ?? null };
  }

  /** The learner's graded reviews, oldest first (the export's index serves it). */
  async gradedReviews(userId: string): Promise<GradedReview[]> {
    const rows = await this.db
      .select({
        id: reviewLog.id,
        wordId: reviewLog.wordId,
        reversed: reviewLog.reversed,
        rating: reviewLog.rating,
        reviewedAt: reviewLog.reviewedAt,
      })
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, userId), isNotNull(reviewLog.rating)))
      .orderBy(asc(reviewLog.reviewedAt), asc(reviewLog.id));
    return rows.map((row) => ({ ...row, rating: row.rating ?? 1 }));
  }

  /** Every card of the learner's dictionaries, both directions. */
  async cards(userId: string): Promise<CardState[]> {
    return this.db
      .select({
        stability: wordCards.stability,
        difficulty: wordCards.difficulty,
        lastReview: wordCards.lastReview,
        due: wordCards.due,
        scheduledDays: wordCards.scheduledDays,
      })
      .from(wordCards)
      .innerJoin(dictionaries, eq(dictionaries.id, wordCards.dictionaryId))
      .where(eq(dictionaries.userId, userId));
  }

  async parametersOf(userId: string): Promise<LearnerParametersRow | undefined> {
    const [row] = await this.db
      .select()
      .from(learnerParameters)
      .where(eq(learnerParameters.userId, userId))
      .limit(1);
    return row;
  }

  /**
   * Takes the learner's fit lease: true when no fit holds it (or the one that does started
   * before `staleBefore`, so its instance is gone). One statement, so of two racing claims
   * exactly one wins, on any number of instances.
   */
  async claimFit(userId: string, now: Date, staleBefore: Date): Promise<boolean> {
    const claimed = await this.db
      .insert(learnerParameters)
      .values({ userId, fitClaimedAt: now })
      .onConflictDoUpdate({
        target: learnerParameters.userId,
        set: { fitClaimedAt: now },
        setWhere: or(isNull(learnerParameters.fitClaimedAt), lt(learnerParameters.fitClaimedAt, staleBefore)),
      })
      .returning({ userId: learnerParameters.userId });
    return claimed.length > 0;
  }

  /** Stores a finished fit and gives the lease back. */
  async saveFit(userId: string, fit: SavedFit): Promise<void> {
    await this.db
      .update(learnerParameters)
      .set({ ...fit, fitClaimedAt: null })
      .where(eq(learnerParameters.userId, userId));
  }

  /** Gives the lease back after a failed fit, keeping the last good one. */
  async releaseFit(userId: string): Promise<void> {
    await this.db
      .update(learnerParameters)
      .set({ fitClaimedAt: null })
      .where(eq(learnerParameters.userId, userId));
  }

  /**
   * Learners due a nightly fit: at least `minReviews` graded reviews, and some newer than the
   * ones their last fit read (or no fit yet). One pass over the graded reviews, once a night.
   */
  async learnersWithNewReviews(minReviews: number): Promise<string[]> {
    const rows = await this.db
      .select({ userId: reviewLog.userId })
      .from(reviewLog)
      .leftJoin(learnerParameters, eq(learnerParameters.userId, reviewLog.userId))
      .where(isNotNull(reviewLog.rating))
      .groupBy(reviewLog.userId, learnerParameters.lastReviewId)
      .having(
        and(
          sql`count(*) >= ${minReviews}`,
          sql`max(${reviewLog.id}) > coalesce(${learnerParameters.lastReviewId}, 0)`,
        ),
      )
      .orderBy(asc(reviewLog.userId));
    return rows.map((row) => row.userId);
  }
}
