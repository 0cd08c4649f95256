// Plans, their limits and the Stripe subscription: what a user pays for and how.
import { z } from 'zod';
import { isoDateSchema } from './common';

export const limitsSchema = z.object({
  dictionaries: z.number().int(),
  wordsPerDictionary: z.number().int(),
  testsPerDay: z.number().int(),
});

export const PLAN_IDS = ['free', 'premium'] as const;
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

export const userPlanSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  pricePerMonth: z.number(),
  nextPaymentDate: isoDateSchema.nullable(),
  expiresAt: isoDateSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  interval: z.literal('month'),
  productId: z.string().nullable(),
  /** With the storage for pictures and recordings, which the plans page shows per plan. */
  limits: limitsSchema.extend({ mediaBytes: z.number().int() }),
});
export type Plan = z.infer<typeof planSchema>;

export const subscriptionSchema = z.object({
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: isoDateSchema,
  nextPaymentDate: isoDateSchema.nullable(),
  expiresAt: isoDateSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * What "cancel now with refund" did: the subscription as it ended, and the refund Stripe made
 * (`amount` in the currency's units, e.g. 2.61 dollars), or `null` when nothing was left to refund.
 */
export const refundedSubscriptionSchema = subscriptionSchema.extend({
  refund: z.object({ amount: z.number().nonnegative(), currency: z.string() }).nullable(),
});
export type RefundedSubscription = z.infer<typeof refundedSubscriptionSchema>;

/** A Stripe Checkout Session of the signed-in user, as the return page after payment checks it. */
export const checkoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  /** Paid (or nothing to pay): the purchase went through. */
  paid: z.boolean(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
/** Stripe's id (`cs_test_…`); any other string is no session of the caller's (404). */
export const checkoutSessionParamsSchema = z.object({ id: z.string().min(1).max(255) });

export const checkoutBodySchema = z.object({ planId: z.literal('premium') });

export const plansSchema = z.array(planSchema);
