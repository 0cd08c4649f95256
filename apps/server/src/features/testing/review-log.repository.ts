import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { reviewLog } from '../../db/schema';
import { afterCursor, exactTime, inIndexOrder, type TimeIdCursor } from '../../db/keyset';

/** One logged attempt as the export and the optimizer read it. */
export type ReviewLogRow = Omit<typeof reviewLog.$inferSelect, 'id' | 'userId'>;
/**
 * What the answer path logs with a save; the time is the save's. `recalled`/`missed` on the
 * attempt that finished the word, `confusedWordId` on a wrong answer that was another word's
 * (docs/decisions/0049-weak-spots.md).
 */
export type NewReviewLogEntry = Omit<ReviewLogRow, 'reviewedAt'> &
  Pick<typeof reviewLog.$inferSelect, 'userId'>;
export type ReviewLogCursor = TimeIdCursor<number>;
/** A row of a review log page, with what the next page starts after. */
export type ReviewLogPageRow = ReviewLogRow & { id: number; cursorAt: string };

/** Reads of the review log (docs/decisions/0044-review-log.md); answers write it with their save. */
export class ReviewLogRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of a learner's review log, oldest first, after `after` (keyset pages, decision
   * 0076): the export reads it a page at a time. `graded`: only the attempts that graded a card
   * (the reviews of the FSRS file).
   */
  async reviewLogPage(
    userId: string,
    after: ReviewLogCursor | null,
    limit: number,
    graded = false,
  ): Promise<ReviewLogPageRow[]> {
    return inIndexOrder(this.db, (tx) =>
      tx
        .select({
          id: reviewLog.id,
          cursorAt: exactTime(reviewLog.reviewedAt),
          wordId: reviewLog.wordId,
          reversed: reviewLog.reversed,
          definition: reviewLog.definition,
          typed: reviewLog.typed,
          result: reviewLog.result,
          rating: reviewLog.rating,
          state: reviewLog.state,
          durationMs: reviewLog.durationMs,
          reviewedAt: reviewLog.reviewedAt,
          recalled: reviewLog.recalled,
          missed: reviewLog.missed,
          confusedWordId: reviewLog.confusedWordId,
        })
        .from(reviewLog)
        .where(
          and(
            eq(reviewLog.userId, userId),
            graded ? isNotNull(reviewLog.rating) : undefined,
            afterCursor(reviewLog.reviewedAt, reviewLog.id, after, 'bigint'),
          ),
        )
        .orderBy(asc(reviewLog.reviewedAt), asc(reviewLog.id))
        .limit(limit),
    );
  }
}
