import Stripe from 'stripe';
import {
  PLAN_CURRENCY,
  PREMIUM_PRICE_PER_MONTH,
  type CheckoutSession,
  type Plan,
  type RefundedSubscription,
  type Subscription,
} from '@wordhoard/shared';
import type { Config } from '../../config/config';
import type { Caller } from '../../domain/caller';
import { AppError } from '../../domain/errors';
import type { UsersService } from '../users/users.service';
import { proratedRefund } from './proration';
import {
  LIVE_STATUSES,
  type SubscriptionRow,
  type SubscriptionsRepository,
  type Tx,
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

/**
 * How long a claim on a refund or a checkout holds (docs/decisions/0017-payment-claims.md): longer
 * than the Stripe calls it covers can take (four calls of at most 10 s, each tried twice), so
 * only a claim whose request died is ever taken over.
 */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

/** The shape of Stripe's Checkout Session ids; anything else cannot be one. */
const CHECKOUT_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]+$/;

const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;

/** Currencies Stripe counts in whole units (its amounts are in the smallest unit of the currency). */
const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** A Stripe amount (smallest unit, 261) in the currency's units (2.61). */
const fromMinorUnits = (amount: number, currency: string) =>
  ZERO_DECIMAL_CURRENCIES.has(currency.toLowerCase()) ? amount : amount / 100;

const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/**
 * Stripe's failures in our words: it could not be reached → 503 PAYMENTS_UNAVAILABLE; it
 * answered with an error (a 401 for our key, a 500, a 429 of its own) → 502. Its status and
 * headers describe our request to Stripe, never the client's to us; the cause is logged.
 */
export function fromStripeError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new AppError('PAYMENTS_UNAVAILABLE', {}, { cause: error });
  }
  // The same refund, under the same idempotency key, is still being made by another request.
  if (error.code === 'idempotency_key_in_use')
    return new AppError('PAYMENT_IN_PROGRESS', {}, { cause: error });
  return new AppError('PAYMENT_PROVIDER_ERROR', {}, { cause: error });
}

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && 'id' in value
      ? String(value.id)
      : undefined;

/**
 * The Stripe client, pointed at STRIPE_API_URL when set (tests use the local emulator). Each
 * request may stay silent `timeoutMs` and is tried twice at most (decision 0073); a Stripe
 * that never answers is then PAYMENTS_UNAVAILABLE in about twice the timeout.
 */
export function createStripeClient(config: Config['stripe'], timeoutMs: number): Stripe | undefined {
  if (!config.secretKey) return undefined;
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: timeoutMs,
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
      users: UsersService;
      clock: () => Date;
    },
  ) {}

  private get configured(): boolean {
    const { stripe } = this.deps;
    return stripe !== undefined && this.deps.config.stripe.premiumPriceId !== undefined;
  }

  private requireStripe(): Stripe {
    if (!this.deps.stripe || !this.configured) throw new AppError('PAYMENTS_UNAVAILABLE');
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

  /** Turns Stripe's failures into ours (`fromStripeError`) for every public operation. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw fromStripeError(error);
    }
  }

  private staleBefore(now: Date): Date {
    return new Date(now.getTime() - CLAIM_LEASE_MS);
  }

  /**
   * A Checkout Session for Premium. One at a time per account: a claim on the user row
   * serialises concurrent requests (the others answer PAYMENT_IN_PROGRESS), a live
   * subscription at Stripe refuses (even before its webhooks arrived), and sessions the
   * customer left open are expired, so only the newest can be paid.
   */
  async checkout(caller: Caller): Promise<{ url: string }> {
    const { userId } = await caller.session();
    return this.guard(async () => {
      const stripe = this.requireStripe();
      const user = await this.deps.users.findById(userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (user.role === 'premium') throw new AppError('ALREADY_PREMIUM');
      if (user.role !== 'user') throw new AppError('ROLE_NOT_ALLOWED');
      if (await this.deps.subscriptions.findLive(userId)) throw new AppError('ALREADY_PREMIUM');

      const now = this.deps.clock();
      const claim = await this.deps.subscriptions.claimCheckout(userId, now, this.staleBefore(now));
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
    return this.guard(async () => {
      const stripe = this.requireStripe();
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

  /** Verifies the signature over the raw body, then applies the event once. */
  webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    return this.guard(() => this.applyWebhook(rawBody, signature));
  }

  private async applyWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const stripe = this.requireStripe();
    const secret = this.deps.config.stripe.webhookSecret;
    if (!secret) throw new AppError('PAYMENTS_UNAVAILABLE');
    let event: StripeEvent;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
    } catch {
      throw new AppError('INVALID_SIGNATURE');
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
      await this.deps.subscriptions.lockUser(tx, userId);
      if (!(await this.deps.subscriptions.markEventProcessed(tx, event.id, event.type))) return;
      await this.applyTruth(tx, userId, subscription);
    });
    // Also for a repeated event: if settling failed before, Stripe's retry finishes it.
    await this.settleExtraSubscriptions(userId);
  }

  /**
   * One Premium per account. When a second payment landed anyway (two Checkout Sessions paid
   * at once), every live subscription but the first one seen is cancelled and fully refunded.
   * After the transaction that stored it: the later of two racing webhooks sees both rows.
   */
  private async settleExtraSubscriptions(userId: string): Promise<void> {
    const [, ...extras] = await this.deps.subscriptions.findAllLive(userId);
    for (const extra of extras) {
      try {
        await this.endWithRefund(extra, 'full');
      } catch (error) {
        // Another webhook or request holds the claim and is doing exactly this.
        if (error instanceof AppError && error.code === 'PAYMENT_IN_PROGRESS') continue;
        throw error;
      }
    }
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

  private async liveSubscription(userId: string): Promise<SubscriptionRow> {
    const live = await this.deps.subscriptions.findLive(userId);
    if (!live) throw new AppError('NO_SUBSCRIPTION');
    return live;
  }

  private async store(userId: string, subscription: StripeSubscription): Promise<Subscription> {
    await this.deps.subscriptions.transaction(async (tx) => {
      await this.deps.subscriptions.lockUser(tx, userId);
      return this.applyTruth(tx, userId, subscription);
    });
    const row = await this.deps.subscriptions.findByStripeId(subscription.id);
    if (!row) throw new AppError('NO_SUBSCRIPTION');
    return toSubscriptionDto(row);
  }

  async cancelAtPeriodEnd(caller: Caller): Promise<Subscription> {
    const { userId } = await caller.session();
    return this.guard(async () => {
      const stripe = this.requireStripe();
      const live = await this.liveSubscription(userId);
      const updated = await stripe.subscriptions.update(live.stripeSubscriptionId, {
        cancel_at_period_end: true,
      });
      return this.store(userId, updated);
    });
  }

  async renew(caller: Caller): Promise<Subscription> {
    const { userId } = await caller.session();
    return this.guard(async () => {
      const stripe = this.requireStripe();
      const live = await this.liveSubscription(userId);
      const updated = await stripe.subscriptions.update(live.stripeSubscriptionId, {
        cancel_at_period_end: false,
      });
      return this.store(userId, updated);
    });
  }

  /**
   * Ends the subscription now and refunds the unused part of the paid period. Repeats and
   * races are safe: one request at a time holds the row (the others answer
   * PAYMENT_IN_PROGRESS), and a repeat after it ended answers the ended subscription.
   */
  async refund(caller: Caller): Promise<RefundedSubscription> {
    const { userId } = await caller.session();
    return this.guard(async () => {
      const stripe = this.requireStripe();
      const live = await this.deps.subscriptions.findLive(userId);
      let ended: Subscription;
      let row: SubscriptionRow | undefined;
      if (live) {
        ended = await this.endWithRefund(live, 'prorated');
        row = await this.deps.subscriptions.findByStripeId(live.stripeSubscriptionId);
      } else {
        row = await this.deps.subscriptions.findRefunded(userId);
        if (!row) throw new AppError('NO_SUBSCRIPTION');
        ended = toSubscriptionDto(row);
      }
      return { ...ended, refund: await this.refundOf(stripe, row) };
    });
  }

  /** The refund made for a subscription, as Stripe has it (amount and currency). */
  private async refundOf(
    stripe: Stripe,
    row: SubscriptionRow | undefined,
  ): Promise<RefundedSubscription['refund']> {
    if (!row?.refundId) return null;
    const refund = await stripe.refunds.retrieve(row.refundId);
    return { amount: fromMinorUnits(refund.amount, refund.currency), currency: refund.currency };
  }

  /**
   * Refunds the latest payment of a subscription (`prorated`: the unused part; `full`: all of
   * it, for an extra subscription) and cancels it. No transaction spans a call to Stripe
   * (PGlite has one connection): a claim on the row keeps other requests out, the refund's
   * invoice and amount are pinned in the row before Stripe is first asked, and the refund goes
   * out under an idempotency key derived from the subscription and invoice. So a retry after
   * a crash or a lost answer, between refund and cancel or anywhere else, sends Stripe the same
   * request again: Stripe answers with the refund it already made, and the job is finished.
   */
  private async endWithRefund(row: SubscriptionRow, kind: 'prorated' | 'full'): Promise<Subscription> {
    const stripe = this.requireStripe();
    const now = this.deps.clock();
    const claim = await this.deps.subscriptions.claimRefund(row.id, now, this.staleBefore(now));
    if (!claim) throw new AppError('PAYMENT_IN_PROGRESS');
    try {
      let subscription = await stripe.subscriptions.retrieve(claim.stripeSubscriptionId);
      if (subscription.status !== 'canceled') {
        if (!claim.refundId) await this.refundLatestPayment(stripe, claim, subscription, kind, now);
        subscription = await stripe.subscriptions.cancel(claim.stripeSubscriptionId);
      }
      return await this.store(claim.userId, subscription);
    } finally {
      await this.deps.subscriptions.releaseRefund(claim.id, now);
    }
  }

  private async refundLatestPayment(
    stripe: Stripe,
    row: SubscriptionRow,
    subscription: StripeSubscription,
    kind: 'prorated' | 'full',
    now: Date,
  ): Promise<void> {
    const latest = row.refundInvoiceId ?? idOf(subscription.latest_invoice);
    if (!latest) return;
    const invoice = await stripe.invoices.retrieve(latest, { expand: ['payments'] });
    const period = periodOf(subscription);
    const amount =
      row.refundAmount ??
      (kind === 'full'
        ? invoice.amount_paid
        : proratedRefund(invoice.amount_paid, period.start, period.end, Math.floor(now.getTime() / 1000)));
    const pinned = await this.deps.subscriptions.pinRefund(row.id, latest, amount);
    const payment = invoice.payments?.data.find((entry) => entry.status === 'paid');
    const paymentIntent = idOf(payment?.payment.payment_intent);
    if (!paymentIntent || pinned.amount <= 0) return;
    const metadata = { subscription: row.stripeSubscriptionId, invoice: pinned.invoiceId };
    if (row.refundInvoiceId) {
      // An earlier attempt got this far and may have refunded without hearing back; Stripe
      // forgets idempotency keys after 24 hours, its refunds it keeps.
      const earlier = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
      const made = earlier.data.find(
        (refund) =>
          refund.metadata?.subscription === metadata.subscription &&
          refund.metadata.invoice === metadata.invoice,
      );
      if (made) {
        await this.deps.subscriptions.recordRefund(row.id, made.id);
        return;
      }
    }
    const refund = await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: pinned.amount,
        metadata,
      },
      // The same key and parameters on every attempt: Stripe answers a repeat with the first result.
      { idempotencyKey: `wordhoard-refund:${row.stripeSubscriptionId}:${pinned.invoiceId}` },
    );
    await this.deps.subscriptions.recordRefund(row.id, refund.id);
  }

  async portal(caller: Caller): Promise<{ url: string }> {
    const { userId } = await caller.session();
    return this.guard(async () => {
      const stripe = this.requireStripe();
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
    return this.guard(async () => {
      const stripe = this.deps.stripe;
      if (!stripe) return;
      for (const live of await this.deps.subscriptions.findAllLive(userId)) {
        await stripe.subscriptions.cancel(live.stripeSubscriptionId);
      }
    });
  }
}
