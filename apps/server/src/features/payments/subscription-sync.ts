import type Stripe from 'stripe';
import type { Subscription } from '@wordhoard/shared';
import type { Config } from '../../config/config';
import { AppError } from '../../domain/errors';
import type { UsersService } from '../users/users.service';
import { fromStripeError, periodOf, type StripeSubscription } from './stripe-client';
import {
  LIVE_STATUSES,
  type SubscriptionRow,
  type SubscriptionsRepository,
  type Tx,
} from './subscriptions.repository';

/**
 * How long a claim on a refund or a checkout holds (docs/decisions/0017-payment-claims.md): longer
 * than the Stripe calls it covers can take (four calls of at most 10 s, each tried twice), so
 * only a claim whose request died is ever taken over.
 */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

export interface PaymentsDeps {
  stripe: Stripe | undefined;
  config: Config;
  subscriptions: SubscriptionsRepository;
  users: UsersService;
  clock: () => Date;
}

export function toSubscriptionDto(row: SubscriptionRow): Subscription {
  const live = (LIVE_STATUSES as readonly string[]).includes(row.status) && row.endedAt === null;
  const end = row.currentPeriodEnd.toISOString();
  return {
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: end,
    nextPaymentDate: live && !row.cancelAtPeriodEnd ? end : null,
    expiresAt: !live
      ? (row.endedAt ?? row.currentPeriodEnd).toISOString()
      : row.cancelAtPeriodEnd
        ? end
        : null,
  };
}

/**
 * What the payment services share: the Stripe client (PAYMENTS_UNAVAILABLE without one), its
 * failures in our words, and storing a subscription as Stripe has it. The database follows
 * Stripe, never the other way round: every change re-reads the subscription and stores its
 * current state, so duplicated or reordered events end in the same place.
 */
export class SubscriptionSync {
  constructor(readonly deps: PaymentsDeps) {}

  private get configured(): boolean {
    const { stripe } = this.deps;
    return stripe !== undefined && this.deps.config.stripe.premiumPriceId !== undefined;
  }

  requireStripe(): Stripe {
    if (!this.deps.stripe || !this.configured) throw new AppError('PAYMENTS_UNAVAILABLE');
    return this.deps.stripe;
  }

  /** Turns Stripe's failures into ours (`fromStripeError`) for every public operation. */
  async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw fromStripeError(error);
    }
  }

  staleBefore(now: Date): Date {
    return new Date(now.getTime() - CLAIM_LEASE_MS);
  }

  /** Stores what Stripe says now and sets the role to match. */
  async applyTruth(
    tx: Tx,
    userId: string,
    subscription: StripeSubscription,
  ): Promise<SubscriptionRow | undefined> {
    const period = periodOf(subscription);
    const now = this.deps.clock();
    await this.deps.subscriptions.upsert(tx, {
      userId,
      stripeSubscriptionId: subscription.id,
      stripePriceId: subscription.items.data[0]?.price.id ?? null,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodEnd: new Date(period.end * 1000),
      endedAt: subscription.ended_at ? new Date(subscription.ended_at * 1000) : null,
      // When Stripe made it: of two live subscriptions the older one is kept (findAllLive).
      createdAt: new Date(subscription.created * 1000),
      updatedAt: now,
    });
    const live = await this.deps.subscriptions.findLive(userId, tx);
    await this.deps.subscriptions.setPremium(tx, userId, live !== undefined);
    return live;
  }

  async liveSubscription(userId: string): Promise<SubscriptionRow> {
    const live = await this.deps.subscriptions.findLive(userId);
    if (!live) throw new AppError('NO_SUBSCRIPTION');
    return live;
  }

  async store(userId: string, subscription: StripeSubscription): Promise<Subscription> {
    await this.deps.subscriptions.transaction(async (tx) => {
      await this.deps.subscriptions.lockUser(tx, userId);
      return this.applyTruth(tx, userId, subscription);
    });
    const row = await this.deps.subscriptions.findByStripeId(subscription.id);
    if (!row) throw new AppError('NO_SUBSCRIPTION');
    return toSubscriptionDto(row);
  }
}
