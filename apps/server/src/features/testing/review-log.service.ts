import type { ReviewLogEntry } from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { keysetPages, StreamedArray } from '../../domain/streamed';
import { fsrsCsv } from './review-log';
import type { ReviewLogCursor, ReviewLogPageRow, ReviewLogRepository } from './review-log.repository';

/**
 * Review log rows read per page by the exports (~250 bytes each as JSON): large enough that a
 * million reviews take 500 round trips, small enough that a page is a few MB.
 */
const REVIEW_LOG_PAGE_ROWS = 2000;

/** The learner's review log as the account export and the FSRS file read it. */
export class ReviewLogService {
  constructor(private readonly repository: ReviewLogRepository) {}

  /**
   * A learner's review log, oldest first (docs/decisions/0044-review-log.md), read a page at a
   * time while the export is written (decision 0076): a million reviews never sit in memory.
   */
  reviewLogOf(userId: string): StreamedArray<ReviewLogEntry> {
    return new StreamedArray(() => this.reviewLogPages(userId, false)).map((rows) =>
      rows.map((row) => ({
        wordId: row.wordId,
        reversed: row.reversed,
        definition: row.definition,
        typed: row.typed,
        result: row.result,
        rating: row.rating,
        state: row.state,
        durationMs: row.durationMs,
        reviewedAt: row.reviewedAt.toISOString(),
        recalled: row.recalled,
        missed: row.missed,
        confusedWordId: row.confusedWordId,
      })),
    );
  }

  /** The caller's reviews as the FSRS optimizer's CSV (review-log.ts), written a page at a time. */
  async reviewLogCsv(caller: Caller): Promise<() => AsyncIterable<string>> {
    const { userId } = await caller.session();
    return () => fsrsCsv(this.reviewLogPages(userId, true));
  }

  private reviewLogPages(userId: string, graded: boolean): AsyncIterable<ReviewLogPageRow[]> {
    return keysetPages<ReviewLogPageRow, ReviewLogCursor>(
      REVIEW_LOG_PAGE_ROWS,
      (after, limit) => this.repository.reviewLogPage(userId, after, limit, graded),
      (row) => ({ at: row.cursorAt, id: row.id }),
    );
  }
}
