import { bigint, doublePrecision, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './accounts';

// The learner's own scheduler parameters.

/**
 * A learner's own FSRS parameters, fitted from their review log off the request path, and how
 * well they predicted the reviews held back from the fit; also the lease of a fit in progress,
 * so that one runs per learner at a time (docs/decisions/0046-personal-scheduling.md).
 */
export const learnerParameters = pgTable('learner_parameters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A fit in progress since then (a lease: a crashed fit is retried once it is old). */
  fitClaimedAt: tz('fit_claimed_at'),
  /** The 21 FSRS-6 weights of the last fit; null before the first one finished. */
  parameters: doublePrecision('parameters').array(),
  fittedAt: tz('fitted_at'),
  /** Graded reviews the fit read, and the newest of them: later ones are "new reviews". */
  reviews: integer('reviews'),
  lastReviewId: bigint('last_review_id', { mode: 'number' }),
  /** Held-back reviews scored, and the log loss and RMSE of the defaults and of the fit on them. */
  scored: integer('scored'),
  defaultLogLoss: doublePrecision('default_log_loss'),
  fittedLogLoss: doublePrecision('fitted_log_loss'),
  defaultRmse: doublePrecision('default_rmse'),
  fittedRmse: doublePrecision('fitted_rmse'),
});
