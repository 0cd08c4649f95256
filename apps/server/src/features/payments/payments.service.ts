import Stripe from 'stripe';
import {
  PLAN_CURRENCY,
  PREMIUM_PRICE_PER_MONTH,
  type CheckoutSession,
  type Plan,
  type Subscription,
} from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { AppError } from '../../domain/errors';
import { isLive } from './stripe-client';
import type { SubscriptionSync } from './subscription-sync';

/** The shape of Stripe's Checkout Session ids; anything else cannot be one. */
const CHECKOUT_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]+$/;

const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;

/**
 * Premium through Stripe: the plans, checkout, the customer portal, cancelling or renewing at
 * the period's end. Refunds: `refunds.service.ts`; Stripe's webhooks: `webhooks.service.ts`;
 * both store what Stripe says through `SubscriptionSync`.
 */
export class PaymentsService {
  constructor(private readonly sync: SubscriptionSync) {}

  private get deps() {
    return this.sync.deps;
  }

  plans(): Plan[] {
    return [
      {
        id: 'free',
        name: 'Free',
        price: 0,
        currency: PLAN_CURRENCY,
        interval: 'month',
        productId: null,
        limits: this.deps.config.limits.user,
      },
      {
        id: 'premium',
        name: 'Premium',
        price: PREMIUM_PRICE_PER_MONTH,
        currency: PLAN_CURRENCY,
        interval: 'month',
        productId: this.deps.config.stripe.premiumProductId ?? null,
        limits: this.deps.config.limits.premium,
      },
    ];
  }

  /**
   * A Checkout Session for Premium. One at a time per account: a claim on the user row
   * serialises concurrent requests (the others answer PAYMENT_IN_PROGRESS), a live
   * subscription at Stripe refuses (even before its webhooks arrived), and sessions the
   * customer left open are expired, so only the newest can be paid.
   */
  async checkout(caller: Caller): Promise<{ url: string }> {
    const { userId } = await caller.session();
    return this.sync.guard(async () => {
      const stripe = this.sync.requireStripe();
      const user = await this.deps.users.findById(userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (user.role === 'premium') throw new AppError('ALREADY_PREMIUM');
      if (user.role !== 'user') throw new AppError('ROLE_NOT_ALLOWED');
      if (await this.deps.subscriptions.findLive(userId)) throw new AppError('ALREADY_PREMIUM');

      const now = this.deps.clock();
      const claim = await this.deps.subscriptions.claimCheckout(userId, now, this.sync.staleBefore(now));
      if (!claim) throw new AppError('PAYMENT_IN_PROGRESS');
      try {
        let customerId = claim.stripeCustomerId;
        if (!customerId) {
          const customer = await stripe.customers.create({
            ...(user.email ? { email: user.email } : {}),
            metadata: { userId },
          });
          customerId = await this.deps.subscriptions.attachCustomer(userId, customer.id);
        }
        const subscriptions = await stripe.subscriptions.list({ customer: customerId, limit: 10 });
        if (subscriptions.data.some((subscription) => isLive(subscription.status))) {
          throw new AppError('ALREADY_PREMIUM');
        }
        const open = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 10 });
        for (const session of open.data) await this.expireSession(stripe, session.id);

        const origin = this.deps.config.appOrigin;
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: userId,
          line_items: [{ price: this.deps.config.stripe.premiumPriceId ?? '', quantity: 1 }],
          success_url: `${origin}/stripe/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/stripe/cancel`,
          metadata: { userId },
          subscription_data: { metadata: { userId } },
        });
        if (!session.url) throw new AppError('PAYMENTS_UNAVAILABLE');
        return { url: session.url };
      } finally {
        await this.deps.subscriptions.releaseCheckout(userId, now);
      }
    });
  }

  /**
   * One of the caller's Checkout Sessions, for the page Stripe returns to: whether it was paid.
   * A session that is not the caller's answers exactly like one that does not exist (404).
   */
  async checkoutSession(caller: Caller, sessionId: string): Promise<CheckoutSession> {
    const { userId } = await caller.session();
    if (!CHECKOUT_SESSION_ID.test(sessionId)) throw new AppError('NOT_FOUND');
    return this.sync.guard(async () => {
      const stripe = this.sync.requireStripe();
      let session: Awaited<ReturnType<Stripe['checkout']['sessions']['retrieve']>>;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          throw new AppError('NOT_FOUND');
        }
        throw error;
      }
      // Every session we open names its user (`checkout`); nobody else's is shown.
      if (session.client_reference_id !== userId) throw new AppError('NOT_FOUND');
      const status = SESSION_STATUSES.find((known) => known === session.status);
      if (!status) throw new AppError('PAYMENT_PROVIDER_ERROR');
      return {
        id: session.id,
        status,
        paid: status === 'complete' && session.payment_status !== 'unpaid',
      };
    });
  }

  /** Expires a session left open; one paid in the meantime means the user is Premium now. */
  private async expireSession(stripe: Stripe, sessionId: string): Promise<void> {
    try {
      await stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'complete') throw new AppError('ALREADY_PREMIUM');
      if (session.status === 'open') throw error;
    }
  }

  async cancelAtPeriodEnd(caller: Caller): Promise<Subscription> {
    const { userId } = await caller.session();
    return this.sync.guard(async () => {
      const stripe = this.sync.requireStripe();
      const live = await this.sync.liveSubscription(userId);
      const updated = await stripe.subscriptions.update(live.stripeSubscriptionId, {
        cancel_at_period_end: true,
      });
      return this.sync.store(userId, updated);
    });
  }

  async renew(caller: Caller): Promise<Subscription> {
    const { userId } = await caller.session();
    return this.sync.guard(async () => {
      const stripe = this.sync.requireStripe();
      const live = await this.sync.liveSubscription(userId);
      const updated = await stripe.subscriptions.update(live.stripeSubscriptionId, {
        cancel_at_period_end: false,
      });
      return this.sync.store(userId, updated);
    });
  }

  async portal(caller: Caller): Promise<{ url: string }> {
    const { userId } = await caller.session();
    return this.sync.guard(async () => {
      const stripe = this.sync.requireStripe();
      const user = await this.deps.users.findById(userId);
      if (!user?.stripeCustomerId) throw new AppError('NO_SUBSCRIPTION');
      const session = await stripe.billingPortal.sessions.create({
        customer: user.stripeCustomerId,
        return_url: `${this.deps.config.appOrigin}/subscription`,
      });
      return { url: session.url };
    });
  }

  /** Account deletion: end live subscriptions at Stripe first so nobody is billed for a ghost. */
  cancelForDeletedAccount(userId: string): Promise<void> {
    return this.sync.guard(async () => {
      const stripe = this.deps.stripe;
      if (!stripe) return;
      for (const live of await this.deps.subscriptions.findAllLive(userId)) {
        await stripe.subscriptions.cancel(live.stripeSubscriptionId);
      }
    });
  }
}
