import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, tz } from './columns';
import { users } from './accounts';

// Stripe subscriptions and the webhook events applied.

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id').notNull(),
    stripePriceId: text('stripe_price_id'),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: tz('current_period_end').notNull(),
    endedAt: tz('ended_at'),
    /** A refund being made (a lease), and what it refunds, pinned before Stripe is asked. */
    refundClaimedAt: tz('refund_claimed_at'),
    refundInvoiceId: text('refund_invoice_id'),
    refundAmount: integer('refund_amount'),
    /** Stripe's refund, once it exists. */
    refundId: text('refund_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_stripe_id_key').on(t.stripeSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

/** Webhook events already applied; inserted in the same transaction as their effect. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: tz('processed_at').notNull().defaultNow(),
});
