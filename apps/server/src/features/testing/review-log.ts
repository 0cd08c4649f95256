import type { ReviewLogRow } from './review-log.repository';

/** The header of the FSRS optimizer's review file (open-spaced-repetition/fsrs-optimizer). */
export const FSRS_CSV_HEADER = 'card_id,review_time,review_rating,review_state,review_duration';

/** What a line of the FSRS file is made of. */
export type FsrsReview = Pick<
  ReviewLogRow,
  'wordId' | 'reversed' | 'rating' | 'state' | 'durationMs' | 'reviewedAt'
>;

/**
 * A learner's review log as the FSRS optimizer reads it: one line per review that graded a
 * card (an attempt that finished its word), oldest first. A card is a word in one direction;
 * the optimizer wants integer ids, so cards are numbered 1, 2, … in the order of their first
 * review, which the log fixes for good. Attempts that did not finish a word are the
 * definitions typed on the way; they stay in the JSON export but are not reviews.
 *
 * Written a page at a time (docs/decisions/0076-bounded-exports-and-late-reviews.md): what it
 * keeps is one number per card, however many reviews there are.
 */
export async function* fsrsCsv(pages: AsyncIterable<readonly FsrsReview[]>): AsyncGenerator<string> {
  const cardIds = new Map<string, number>();
  yield `${FSRS_CSV_HEADER}\n`;
  for await (const page of pages) {
    let text = '';
    for (const entry of page) {
      if (entry.rating === null) continue;
      const card = `${entry.wordId}:${entry.reversed ? 'r' : 'f'}`;
      let cardId = cardIds.get(card);
      if (cardId === undefined) {
        cardId = cardIds.size + 1;
        cardIds.set(card, cardId);
      }
      text += `${cardId},${entry.reviewedAt.getTime()},${entry.rating},${entry.state},${entry.durationMs ?? 0}\n`;
    }
    yield text;
  }
}
