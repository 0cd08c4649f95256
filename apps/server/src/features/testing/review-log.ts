import type { ReviewLogEntry } from '@wordhoard/shared';

/** The header of the FSRS optimizer's review file (open-spaced-repetition/fsrs-optimizer). */
export const FSRS_CSV_HEADER = 'card_id,review_time,review_rating,review_state,review_duration';

/**
 * A learner's review log as the FSRS optimizer reads it: one line per review that graded a
 * card (an attempt that finished its word), oldest first. A card is a word in one direction;
 * the optimizer wants integer ids, so cards are numbered 1, 2, … in the order of their first
 * review, which the log fixes for good. Attempts that did not finish a word are the
 * definitions typed on the way; they stay in the JSON export but are not reviews.
 */
export function toFsrsCsv(entries: readonly ReviewLogEntry[]): string {
  const cardIds = new Map<string, number>();
  const lines = [FSRS_CSV_HEADER];
  for (const entry of entries) {
    if (entry.rating === null) continue;
    const card = `${entry.wordId}:${entry.reversed ? 'r' : 'f'}`;
    let cardId = cardIds.get(card);
    if (cardId === undefined) {
      cardId = cardIds.size + 1;
      cardIds.set(card, cardId);
    }
    const time = Date.parse(entry.reviewedAt);
    lines.push(`${cardId},${time},${entry.rating},${entry.state},${entry.durationMs ?? 0}`);
  }
  return `${lines.join('\n')}\n`;
}
