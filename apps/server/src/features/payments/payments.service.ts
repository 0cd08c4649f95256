import Stripe from 'stripe';
import {
  PLAN_CURRENCY,
  PREMIUM_PRICE_PER_MONTH,
  ROLE_LIMITS,
  type Plan,
  type Subscription,
} from '@wordhoard/shared';
import type { Config } from '../../config/config';
import { AppError, conflict } from '../../http/errors';
import type { UsersRepository } from '../users/users.repository';
import { proratedRefund } from './proration';
import {
  LIVE_STATUSES,
  type SubscriptionRow,
  type SubscriptionsRepository,
} from './subscriptions.repository';

type StripeSubscription = Awaited<ReturnType<Stripe['subscriptions']['retrieve']>>;
type StripeEvent = ReturnType<Stripe['webhooks']['constructEvent']>;

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && 'id' in value
      ? String(value.id)
      : undefined;

/** The Stripe client, pointed at STRIPE_API_URL when set (tests use the local emulator). */
export function createStripeClient(config: Config['stripe']): Stripe | undefined {
  if (!config.secretKey) return undefined;
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

function periodOf(subscription: StripeSubscription): { start: number; end: number } {
  const item = subscription.items.data[0];
  return {
    start: item?.current_period_start ?? subscription.start_date,
    end: item?.current_period_end ?? subscription.start_date,
  };
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
 * Premium through Stripe. The database follows Stripe, never the other way round: every webhook
 * re-reads the subscription and stores its current state, so duplicated or reordered events
 * end in the same place. Each event id is recorded in the same transaction as its effect.
 */
export class PaymentsService {
  constructor(
    private readonly deps: {
      stripe: Stripe | undefined;
      config: Config;
      subscriptions: SubscriptionsRepository;
      users: UsersRepository;
      clock: () => Date;
    },
  ) {}

  private get configured(): boolean {
    const { stripe } = this.deps;
    return stripe !== undefined && this.deps.config.stripe.premiumPriceId !== undefined;
  }

  private requireStripe(): Stripe {
    if (!this.deps.stripe || !this.configured) throw new AppError(503, 'PAYMENTS_UNAVAILABLE');
    return this.deps.stripe;
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
        limits: ROLE_LIMITS.user,
      },
      {
        id: 'premium',
        name: 'Premium',
        price: PREMIUM_PRICE_PER_MONTH,
        currency: PLAN_CURRENCY,
        interval: 'month',
        productId: this.deps.config.stripe.premiumProductId ?? null,
        limits: ROLE_LIMITS.premium,
      },
    ];
  }

  async checkout(userId: string): Promise<{ url: string }> {
    const stripe = this.requireStripe();
    const user = await this.deps.users.findById(userId);
    if (!user) throw new AppError(401, 'UNAUTHORIZED');
    if (user.role === 'premium') throw conflict('ALREADY_PREMIUM');
    if (user.role !== 'user') throw new AppError(403, 'ROLE_NOT_ALLOWED');

    let customerId = user.stripeCustomerId;
    if (!customerId) {
      const customer = await stripe.customers.create({
        ...(user.email ? { email: user.email } : {}),
        metadata: { userId },
      });
      customerId = await this.deps.subscriptions.attachCustomer(userId, customer.id);
    }
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
    if (!session.url) throw new AppError(503, 'PAYMENTS_UNAVAILABLE');
    return { url: session.url };
  }

  /** Verifies the signature over the raw body, then applies the event once. */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const stripe = this.requireStripe();
    const secret = this.deps.config.stripe.webhookSecret;
    if (!secret) throw new AppError(503, 'PAYMENTS_UNAVAILABLE');
    let event: StripeEvent;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
    } catch {
      throw new AppError(400, 'INVALID_SIGNATURE');
    }
    if (!HANDLED_EVENTS.has(event.type)) return;
    const reference = this.subscriptionReference(event);
    if (!reference.subscriptionId) {
      // Nothing to re-read (e.g. an invoice outside a subscription): only remember the event.
      await this.deps.subscriptions.transaction((tx) =>
        this.deps.subscriptions.markEventProcessed(tx, event.id, event.type),
      );
      return;
    }
    const subscription = await stripe.subscriptions.retrieve(reference.subscriptionId);
    const userId = await this.ownerOf(subscription, reference.userId);
    if (!userId) return;
    await this.deps.subscriptions.transaction(async (tx) => {
      if (!(await this.deps.subscriptions.markEventProcessed(tx, event.id, event.type))) return;
      await this.applyTruth(tx, userId, subscription);
    });
  }

  private subscriptionReference(event: StripeEvent): { subscriptionId?: string; userId?: string } {
    const object = event.data.object as unknown as Record<string, unknown>;
    switch (event.type) {
      case 'checkout.session.completed':
        return {
          ...(idOf(object.subscription) ? { subscriptionId: idOf(object.subscription) } : {}),
          ...(typeof object.client_reference_id === 'string' ? { userId: object.client_reference_id } : {}),
        };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const parent = object.parent as
          { subscription_details?: { subscription?: unknown } } | null | undefined;
        const id = idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
        return id ? { subscriptionId: id } : {};
      }
      default:
        return { subscriptionId: String(object.id) };
    }
  }

  private async ownerOf(
    subscription: StripeSubscription,
    hint: string | undefined,
  ): Promise<string | undefined> {
    const fromMetadata = subscription.metadata.userId;
    if (fromMetadata && (await this.deps.users.findById(fromMetadata))) return fromMetadata;
    if (hint && (await this.deps.users.findById(hint))) return hint;
    const customerId = idOf(subscription.customer);
    return customerId ? (await this.deps.subscriptions.userByCustomer(customerId))?.id : undefined;
  }

  /** Stores what Stripe says now and sets the role to match. */
  private async applyTruth(
    tx: Parameters<Parameters<SubscriptionsRepository['transaction']>[0]>[0],
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
      createdAt: now,
      updatedAt: now,
    });
    const live = await this.deps.subscriptions.findLive(userId, tx);
    await this.deps.subscriptions.setPremium(tx, userId, live !== undefined);
    return live;
  }

  private async liveSubscription(userId: string): Promise<SubscriptionRow> {
    const live = await this.deps.subscriptions.findLive(userId);
    if (!live) throw new AppError(404, 'NO_SUBSCRIPTION');
    return live;
  }

  private async store(userId: string, subscription: StripeSubscription): Promise<Subscription> {
    await this.deps.subscriptions.transaction((tx) => this.applyTruth(tx, userId, subscription));
    const row = await this.deps.subscriptions.findByStripeId(subscription.id);
    if (!row) throw new AppError(404, 'NO_SUBSCRIPTION');
    return toSubscriptionDto(row);
  }

  async cancelAtPeriodEnd(userId: string): Promise<Subscription> {
    const stripe = this.requireStripe();
    const live = await this.liveSubscription(userId);
    const updated = await stripe.subscriptions.update(live.stripeSubscriptionId, {
      cancel_at_period_end: true,
    });
    return this.store(userId, updated);
  }

  async renew(userId: string): Promise<Subscription> {
    const stripe = this.requireStripe();
    const live = await this.liveSubscription(userId);
    const updated = await stripe.subscriptions.update(live.stripeSubscriptionId, {
      cancel_at_period_end: false,
    });
    return this.store(userId, updated);
  }

  /** Ends the subscription now and refunds the unused part of the paid period. */
  async refund(userId: string): Promise<Subscription> {
    const stripe = this.requireStripe();
    const live = await this.liveSubscription(userId);
    const subscription = await stripe.subscriptions.retrieve(live.stripeSubscriptionId);
    const invoiceId = idOf(subscription.latest_invoice);
    if (invoiceId) {
      const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
      const payment = invoice.payments?.data.find((entry) => entry.status === 'paid');
      const paymentIntent = idOf(payment?.payment.payment_intent);
      const amount = proratedRefund(
        invoice.amount_paid,
        periodOf(subscription).start,
        periodOf(subscription).end,
        Math.floor(this.deps.clock().getTime() / 1000),
      );
      if (paymentIntent && amount > 0) await stripe.refunds.create({ payment_intent: paymentIntent, amount });
    }
    const canceled = await stripe.subscriptions.cancel(live.stripeSubscriptionId);
    return this.store(userId, canceled);
  }

  async portal(userId: string): Promise<{ url: string }> {
    const stripe = this.requireStripe();
    const user = await this.deps.users.findById(userId);
    if (!user?.stripeCustomerId) throw new AppError(404, 'NO_SUBSCRIPTION');
    const session = await stripe.billingPortal.sessions.create({
      customer: user.stripeCustomerId,
      return_url: `${this.deps.config.appOrigin}/subscription`,
    });
    return { url: session.url };
  }

  /** Account deletion: end a live subscription at Stripe first so nobody is billed for a ghost. */
  async cancelForDeletedAccount(userId: string): Promise<void> {
    if (!this.deps.stripe) return;
    const live = await this.deps.subscriptions.findLive(userId);
    if (live) await this.deps.stripe.subscriptions.cancel(live.stripeSubscriptionId);
  }
}
