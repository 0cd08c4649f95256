import type Stripe from 'stripe';
import type { RefundedSubscription, Subscription } from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { AppError } from '../../domain/errors';
import { proratedRefund } from './proration';
import { fromMinorUnits, idOf, periodOf, type StripeSubscription } from './stripe-client';
import { toSubscriptionDto, type SubscriptionSync } from './subscription-sync';
import type { SubscriptionRow } from './subscriptions.repository';

/**
 * Refunds: the learner's own (the unused part of the paid period, subscription ended now) and
 * the full refund of an extra subscription paid by mistake (`StripeWebhooksService`).
 */
export class RefundsService {
  constructor(private readonly sync: SubscriptionSync) {}

  private get deps() {
    return this.sync.deps;
  }

  /**
   * Ends the subscription now and refunds the unused part of the paid period. Repeats and
   * races are safe: one request at a time holds the row (the others answer
   * PAYMENT_IN_PROGRESS), and a repeat after it ended answers the ended subscription.
   */
  async refund(caller: Caller): Promise<RefundedSubscription> {
    const { userId } = await caller.session();
    return this.sync.guard(async () => {
      const stripe = this.sync.requireStripe();
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
  async endWithRefund(row: SubscriptionRow, kind: 'prorated' | 'full'): Promise<Subscription> {
    const stripe = this.sync.requireStripe();
    const now = this.deps.clock();
    const claim = await this.deps.subscriptions.claimRefund(row.id, now, this.sync.staleBefore(now));
    if (!claim) throw new AppError('PAYMENT_IN_PROGRESS');
    try {
      let subscription = await stripe.subscriptions.retrieve(claim.stripeSubscriptionId);
      if (subscription.status !== 'canceled') {
        if (!claim.refundId) await this.refundLatestPayment(stripe, claim, subscription, kind, now);
        subscription = await stripe.subscriptions.cancel(claim.stripeSubscriptionId);
      }
      return await this.sync.store(claim.userId, subscription);
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
}
