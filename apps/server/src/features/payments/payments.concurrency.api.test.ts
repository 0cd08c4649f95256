import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, loadMessages, type ErrorCode, type Language } from '@wordhoard/shared';
import { subscriptions } from '../../db/schema';
import { createUser } from '../../../test/fixtures';
import { testDriver } from '../../../test/harness';
import {
  DAY,
  startPaymentsApp,
  type PaymentsApp,
  type PaymentsUser,
} from '../../../test/stripe/payments-app';
import { LIVE_STATUSES } from './subscriptions.repository';

let p: PaymentsApp;

beforeAll(async () => {
  p = await startPaymentsApp();
});
afterAll(async () => {
  await p.close();
});

const LANGUAGES: Language[] = ['en', 'uk', 'de', 'fr', 'es', 'it', 'pl'];

/** An error answer must be one of `allowed`, with its message in the language asked for. */
async function expectLocalizedError(
  response: { statusCode: number; json(): { code: ErrorCode; message: string } },
  language: Language,
  allowed: Partial<Record<ErrorCode, number>>,
): Promise<void> {
  const body = response.json();
  expect(allowed[body.code], `${response.statusCode} ${body.code}`).toBe(response.statusCode);
  expect(body.message).toBe(errorMessage(await loadMessages(language), body.code));
}

const refundsOf = (paymentIntent: string) =>
  [...p.stripe.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);

/** The payment intent that paid the subscription's latest invoice, in the emulator. */
function paymentIntentOf(subscriptionId: string): string {
  const subscription = p.stripe.subscriptions.get(subscriptionId);
  const invoice = p.stripe.invoices.get(String(subscription?.latest_invoice));
  const payments = invoice?.payments as { data: { payment: { payment_intent: string } }[] };
  return payments.data[0]!.payment.payment_intent;
}

const rowsOf = (userId: string) =>
  p.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const liveRowsOf = async (userId: string) =>
  (await rowsOf(userId)).filter(
    (row) => (LIVE_STATUSES as readonly string[]).includes(row.status) && row.endedAt === null,
  );

const refund = (user: PaymentsUser, language = 'en') =>
  p.call(user, 'POST', '/api/stripe/subscription/refund', { language });

describe(`refunds are serialised and idempotent (${testDriver})`, () => {
  it('six parallel refund requests make one Stripe refund and end Premium once', async () => {
    const { user, subscriptionId } = await premiumUserWithSmallRefund();
    const intent = paymentIntentOf(subscriptionId);

    const responses = await Promise.all(LANGUAGES.slice(0, 6).map((language) => refund(user, language)));

    const ok = responses.filter((response) => response.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const response of ok) {
      expect(response.json()).toMatchObject({
        status: 'canceled',
        nextPaymentDate: null,
        cancelAtPeriodEnd: false,
      });
    }
    for (const [index, response] of responses.entries()) {
      if (response.statusCode === 200) continue;
      // Refused while the first one runs, or (once it is done) no longer Premium.
      await expectLocalizedError(response, LANGUAGES[index]!, {
        PAYMENT_IN_PROGRESS: 409,
        ROLE_NOT_ALLOWED: 403,
      });
    }
    expect(refundsOf(intent)).toHaveLength(1);
    expect(p.stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect((await p.me(user)).role).toBe('user');
    expect(await liveRowsOf(user.id)).toHaveLength(0);
  });

  it('a refund whose answer was lost is finished by a retry without refunding twice', async () => {
    const { user, subscriptionId } = await premiumUserWithSmallRefund();
    const intent = paymentIntentOf(subscriptionId);
    // Stripe makes the refund but the answer never arrives, for the SDK's retry too.
    p.stripe.failNext({ method: 'POST', path: '/v1/refunds' }, { drop: 'after', times: 2 });

    const requestsBefore = p.stripe.requests.length;
    const lost = await refund(user);
    expect(lost.statusCode, lost.body).toBe(503);
    expect(lost.json().code).toBe('PAYMENTS_UNAVAILABLE');
    expect(refundsOf(intent)).toHaveLength(1);
    expect((await p.me(user)).role).toBe('premium');

    // Two days later, when Stripe has forgotten the idempotency key: the retry finds the refund.
    await p.stripe.advance(2 * DAY);
    const retry = await refund(user);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().status).toBe('canceled');
    expect(refundsOf(intent)).toHaveLength(1);
    const creates = p.stripe.requests
      .slice(requestsBefore)
      .filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(creates).toHaveLength(2); // the first attempt and the SDK's own retry, nothing later
    expect(new Set(creates.map((request) => request.idempotencyKey)).size).toBe(1);
    expect((await p.me(user)).role).toBe('user');
  });

  it('a request that takes over a stale claim cannot refund while the first is still at Stripe', async () => {
    const { user, subscriptionId } = await premiumUserWithSmallRefund();
    const intent = paymentIntentOf(subscriptionId);
    const held = p.stripe.pause({ method: 'POST', path: '/v1/refunds' });
    const first = refund(user);
    await held.reached;
    // The first request looks dead (its claim is older than the lease); a second one takes over
    // and asks Stripe for the same refund under the same idempotency key while it still runs.
    await p.stripe.advance(10 * 60);
    const second = await refund(user, 'pl');
    await expectLocalizedError(second, 'pl', { PAYMENT_IN_PROGRESS: 409 });
    held.release();
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    expect(refundsOf(intent)).toHaveLength(1);
    expect((await p.me(user)).role).toBe('user');
  });

  it('a refund that failed before the cancel is finished by a retry without refunding twice', async () => {
    const { user, subscriptionId } = await premiumUserWithSmallRefund();
    const intent = paymentIntentOf(subscriptionId);
    p.stripe.failNext(
      { method: 'DELETE', path: `/v1/subscriptions/${subscriptionId}` },
      { status: 500, times: 2, headers: { 'stripe-should-retry': 'true' } },
    );

    const failed = await refund(user);
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json().code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(refundsOf(intent)).toHaveLength(1);
    expect(p.stripe.subscriptions.get(subscriptionId)?.status).toBe('active');

    const retry = await refund(user);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(refundsOf(intent)).toHaveLength(1);
    expect(p.stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect((await p.me(user)).role).toBe('user');
  });
});

/** A Premium user late in the period: the prorated refund is small, so several would fit. */
async function premiumUserWithSmallRefund() {
  const bought = await p.premiumUser();
  await p.stripe.advance(25 * DAY);
  return bought;
}

const openSessionsOf = (customer: unknown) =>
  [...p.stripe.checkoutSessions.values()].filter(
    (session) => session.customer === customer && session.status === 'open',
  );
const checkout = (user: PaymentsUser, language = 'en') =>
  p.call(user, 'POST', '/api/stripe/session', { payload: { planId: 'premium' }, language });
const sessionIdOf = (response: { json(): { url: string } }) => response.json().url.split('/').pop() ?? '';

describe(`one subscription per account (${testDriver})`, () => {
  it('parallel checkouts leave exactly one open Checkout Session', async () => {
    const user = await createUser(p.t.app, 'user');
    const responses = await Promise.all(LANGUAGES.slice(0, 5).map((language) => checkout(user, language)));

    const ok = responses.filter((response) => response.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const [index, response] of responses.entries()) {
      if (response.statusCode !== 200) {
        await expectLocalizedError(response, LANGUAGES[index]!, { PAYMENT_IN_PROGRESS: 409 });
      }
    }
    const customer = p.stripe.checkoutSessions.get(sessionIdOf(ok[0]!))?.customer;
    const open = openSessionsOf(customer);
    expect(open).toHaveLength(1);
    // The open one is what the last successful answer sent the user to.
    expect(ok.map(sessionIdOf)).toContain(open[0]!.id);
    const customers = [...p.stripe.customers.values()].filter(
      (entry) => (entry.metadata as Record<string, string>).userId === user.id,
    );
    expect(customers).toHaveLength(1);
  });

  it('a second checkout replaces the first session, which can no longer be paid', async () => {
    const user = await createUser(p.t.app, 'user');
    const first = await checkout(user);
    const second = await checkout(user);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const firstId = sessionIdOf(first);
    const secondId = sessionIdOf(second);
    expect(p.stripe.checkoutSessions.get(firstId)?.status).toBe('expired');
    expect(openSessionsOf(p.stripe.checkoutSessions.get(secondId)?.customer).map((s) => s.id)).toEqual([
      secondId,
    ]);
    await expect(p.stripe.completeCheckout(firstId)).rejects.toThrow(/no longer active/);
    const page = await fetch(`${p.stripe.baseUrl}/checkout/${firstId}`);
    expect(page.status).toBe(410);

    await p.stripe.completeCheckout(secondId);
    expect((await p.me(user)).role).toBe('premium');
  });

  it('refuses a checkout while a subscription is active at Stripe, before its webhooks arrive', async () => {
    const { user, subscriptionId } = await p.premiumUser({ deliver: false });
    expect((await p.me(user)).role).toBe('user');
    const again = await checkout(user, 'de');
    await expectLocalizedError(again, 'de', { ALREADY_PREMIUM: 409 });
    expect(openSessionsOf(p.stripe.subscriptions.get(subscriptionId)?.customer)).toHaveLength(0);
  });

  it('cancels and refunds the extra subscription when two checkouts were paid', async () => {
    const { user, first, second } = await twoPaidCheckouts({ deliver: true });
    await expectOnePremium(user, { keeper: first, extra: second });
  });

  it('ends with one Premium when the events of two paid checkouts arrive all at once', async () => {
    const { user, first, second, events } = await twoPaidCheckouts({ deliver: false });
    const statuses = await Promise.all(events.map((event) => p.stripe.deliver(event)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Whatever order the webhooks ran in, the subscription Stripe made first is kept.
    await expectOnePremium(user, { keeper: first, extra: second });

    // Stripe may send them all again: nothing more happens.
    const again = await Promise.all(events.map((event) => p.stripe.deliver(event)));
    expect(again.every((status) => status === 200)).toBe(true);
    await expectOnePremium(user, { keeper: first, extra: second });
  });
});

/**
 * Two Checkout Sessions paid for one account: one through our API and one made directly at
 * Stripe with what our app would send (a session opened before the one-session rule, or two
 * payments racing). Returns the subscription ids in the order they were paid.
 */
async function twoPaidCheckouts(options: { deliver: boolean }) {
  const user = await createUser(p.t.app, 'user');
  const ours = await checkout(user);
  expect(ours.statusCode, ours.body).toBe(200);
  const firstSession = sessionIdOf(ours);
  const customer = String(p.stripe.checkoutSessions.get(firstSession)?.customer);
  const secondSession = await p.sdk.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: user.id,
    line_items: [{ price: p.stripe.priceId, quantity: 1 }],
    success_url: `${p.t.config.appOrigin}/stripe/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${p.t.config.appOrigin}/stripe/cancel`,
    metadata: { userId: user.id },
    subscription_data: { metadata: { userId: user.id } },
  });
  const eventsBefore = p.stripe.events.length;
  p.stripe.autoDeliver = options.deliver;
  try {
    await p.stripe.completeCheckout(firstSession);
    // A little later, so Stripe's creation times tell the first from the second.
    await p.stripe.advance(5);
    await p.stripe.completeCheckout(secondSession.id);
  } finally {
    p.stripe.autoDeliver = true;
  }
  return {
    user,
    first: String(p.stripe.checkoutSessions.get(firstSession)?.subscription),
    second: String(p.stripe.checkoutSessions.get(secondSession.id)?.subscription),
    events: p.stripe.events.slice(eventsBefore),
  };
}

async function expectOnePremium(user: PaymentsUser, ids: { keeper: string; extra: string }) {
  expect(p.stripe.subscriptions.get(ids.keeper)?.status).toBe('active');
  expect(p.stripe.subscriptions.get(ids.extra)?.status).toBe('canceled');
  // The extra payment comes back in full; the kept one is untouched.
  expect(refundsOf(paymentIntentOf(ids.extra)).map((refund) => refund.amount)).toEqual([399]);
  expect(refundsOf(paymentIntentOf(ids.keeper))).toHaveLength(0);

  const live = await liveRowsOf(user.id);
  expect(live.map((row) => row.stripeSubscriptionId)).toEqual([ids.keeper]);
  const profile = await p.me(user);
  expect(profile.role).toBe('premium');
  expect(profile.plan).toMatchObject({
    id: 'premium',
    cancelAtPeriodEnd: false,
    expiresAt: null,
    nextPaymentDate: live[0]!.currentPeriodEnd.toISOString(),
  });
}
