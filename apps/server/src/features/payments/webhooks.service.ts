import { AppError } from '../../domain/errors';
import { idOf, type StripeEvent, type StripeSubscription } from './stripe-client';
import type { RefundsService } from './refunds.service';
import type { SubscriptionSync } from './subscription-sync';

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * Stripe's webhooks: each event re-reads its subscription and stores its current state
 * (`SubscriptionSync`); each event id is recorded in the same transaction as its effect.
 */
export class StripeWebhooksService {
  constructor(
    private readonly sync: SubscriptionSync,
    private readonly refunds: Pick<RefundsService, 'endWithRefund'>,
  ) {}

  private get deps() {
    return this.sync.deps;
  }

  /** Verifies the signature over the raw body, then applies the event once. */
  webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    return this.sync.guard(() => this.applyWebhook(rawBody, signature));
  }

  private async applyWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const stripe = this.sync.requireStripe();
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
      await this.sync.applyTruth(tx, userId, subscription);
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
        await this.refunds.endWithRefund(extra, 'full');
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
}
