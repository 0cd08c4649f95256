import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { stripeEvents, subscriptions } from '../../db/schema';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { StripeEmulator } from '../../../test/stripe/emulator';
import { proratedRefund } from './proration';
import { apiClient } from '../../../test/api-client';

const DAY = 86_400;
const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestApp;
let stripe: StripeEmulator;

beforeAll(async () => {
  stripe = new StripeEmulator({ webhookSecret: WEBHOOK_SECRET });
  const apiUrl = await stripe.start();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_wordhoard',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PREMIUM_PRICE_ID: stripe.priceId,
      STRIPE_PREMIUM_PRODUCT_ID: stripe.productId,
      STRIPE_API_URL: apiUrl,
    },
    // Our clock follows Stripe's, so proration can be checked to the cent.
    clock: () => new Date(stripe.now() * 1000),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  stripe.webhookUrl = `http://127.0.0.1:${address.port}/api/stripe/webhook`;
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

type User = { id: string; cookie: string };
const call = (
  app: FastifyInstance,
  user: User,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const me = async (user: User) => (await apiClient(t.app).as(user.cookie).call('me')).data();

/** A user who went through Checkout; events delivered as Stripe would (unless told not to). */
async function premiumUser(options: { deliver?: boolean } = {}) {
  const user = await createUser(t.app, 'user');
  const checkout = await call(t.app, user, 'POST', '/api/stripe/session', { planId: 'premium' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const sessionId = String(checkout.json().url).split('/').pop() ?? '';
  stripe.autoDeliver = options.deliver ?? true;
  const eventsBefore = stripe.events.length;
  await stripe.completeCheckout(sessionId);
  stripe.autoDeliver = true;
  return { user, sessionId, events: stripe.events.slice(eventsBefore) };
}

describe(`plans and checkout (${testDriver})`, () => {
  it('lists Free and Premium with their limits', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stripe/plans' });
    expect(response.json()).toEqual([
      {
        id: 'free',
        name: 'Free',
        price: 0,
        currency: 'usd',
        interval: 'month',
        productId: null,
        limits: { dictionaries: 2, wordsPerDictionary: 300, testsPerDay: 5, mediaBytes: 50 * 1024 * 1024 },
      },
      {
        id: 'premium',
        name: 'Premium',
        price: 3.99,
        currency: 'usd',
        interval: 'month',
        productId: stripe.productId,
        limits: {
          dictionaries: 10,
          wordsPerDictionary: 2000,
          testsPerDay: 50,
          mediaBytes: 1024 * 1024 * 1024,
        },
      },
    ]);
  });

  it('opens a subscription Checkout for the user, creating the Stripe customer once', async () => {
    const user = await createUser(t.app, 'user');
    const first = await call(t.app, user, 'POST', '/api/stripe/session', { planId: 'premium' });
    const second = await call(t.app, user, 'POST', '/api/stripe/session', { planId: 'premium' });
    expect(first.json().url).toMatch(new RegExp(`^${stripe.baseUrl}/checkout/cs_test_`));
    const sessions = [...stripe.checkoutSessions.values()].filter((s) => s.client_reference_id === user.id);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.customer).toBe(sessions[1]!.customer);
    expect(sessions[0]).toMatchObject({
      mode: 'subscription',
      price: stripe.priceId,
      success_url: `${t.config.appOrigin}/stripe/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.appOrigin}/stripe/cancel`,
    });
    expect(second.statusCode).toBe(200);
  });

  it('makes the user premium when Stripe reports the payment, with the limits at once', async () => {
    const { user } = await premiumUser();
    const profile = await me(user);
    expect(profile.role).toBe('premium');
    expect(profile.limits).toEqual({ dictionaries: 10, wordsPerDictionary: 2000, testsPerDay: 50 });
    expect(profile.plan).toMatchObject({
      id: 'premium',
      pricePerMonth: 3.99,
      cancelAtPeriodEnd: false,
      expiresAt: null,
    });
    expect(new Date(profile.plan.nextPaymentDate!).getTime()).toBeGreaterThan(
      (stripe.now() + 27 * DAY) * 1000,
    );

    for (const name of ['One', 'Two', 'Three']) {
      const created = await call(t.app, user, 'POST', '/api/dictionaries', {
        name,
        fromLanguage: 'en',
        toLanguage: 'de',
      });
      expect(created.statusCode).toBe(201);
    }
    const again = await call(t.app, user, 'POST', '/api/stripe/session', { planId: 'premium' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PREMIUM');
  });

  it('refuses guests', async () => {
    const guest = await createUser(t.app, 'guest');
    expect((await call(t.app, guest, 'POST', '/api/stripe/session', { planId: 'premium' })).statusCode).toBe(
      403,
    );
  });
});

describe(`webhooks (${testDriver})`, () => {
  it('reaches the same state from duplicated, reordered events', async () => {
    const { user, events } = await premiumUser({ deliver: false });
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect((await me(user)).role).toBe('user');
    for (const event of [...events].reverse()) expect(await stripe.deliver(event)).toBe(200);
    for (const event of events) expect(await stripe.deliver(event)).toBe(200);
    expect((await me(user)).role).toBe('premium');
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    for (const event of events) {
      expect(
        await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)),
      ).toHaveLength(1);
    }
  });

  it('applies the current truth even when an old event arrives last', async () => {
    const { user, events } = await premiumUser();
    const subscriptionId = rowsSubscription(events);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('active');
    stripe.autoDeliver = false;
    const response = await call(t.app, user, 'POST', '/api/stripe/subscription/refund');
    expect(response.statusCode).toBe(200);
    stripe.autoDeliver = true;
    // A late, stale "created" event (re-sent with a new id, as a retry storm might) changes nothing.
    const stale = { ...events[1]!, id: `${events[1]!.id}_late` };
    expect(await stripe.deliver(stale)).toBe(200);
    expect((await me(user)).role).toBe('user');
  });

  it('refuses a bad signature and changes nothing', async () => {
    const { user, events } = await premiumUser({ deliver: false });
    for (const event of events) expect(await stripe.deliver(event, { secret: 'whsec_wrong' })).toBe(400);
    expect((await me(user)).role).toBe('user');
    expect(
      await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, events[0]!.id)),
    ).toHaveLength(0);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(events[0]),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('INVALID_SIGNATURE');
  });
});

function rowsSubscription(events: { type: string; data: { object: Record<string, unknown> } }[]): string {
  const created = events.find((event) => event.type === 'customer.subscription.created');
  return String(created?.data.object.id);
}

describe(`managing the subscription (${testDriver})`, () => {
  it('cancels at period end, renews, then ends now with a prorated refund', async () => {
    const { user, events } = await premiumUser();
    const subscriptionId = rowsSubscription(events);

    const cancel = await call(t.app, user, 'PATCH', '/api/stripe/subscription/cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextPaymentDate: null });
    expect(cancel.json().expiresAt).toBe(cancel.json().currentPeriodEnd);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect((await me(user)).plan).toMatchObject({ cancelAtPeriodEnd: true, nextPaymentDate: null });

    const renew = await call(t.app, user, 'PATCH', '/api/stripe/subscription/renew');
    expect(renew.json()).toMatchObject({ cancelAtPeriodEnd: false, expiresAt: null });
    expect(renew.json().nextPaymentDate).toBe(renew.json().currentPeriodEnd);

    await stripe.advance(10 * DAY);
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    const item = (
      subscription.items as { data: { current_period_start: number; current_period_end: number }[] }
    ).data[0]!;
    const expected = proratedRefund(399, item.current_period_start, item.current_period_end, stripe.now());
    const refund = await call(t.app, user, 'POST', '/api/stripe/subscription/refund');
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ status: 'canceled', nextPaymentDate: null });
    const refunds = [...stripe.refunds.values()].filter((r) => r.amount === expected);
    expect(expected).toBeGreaterThan(250);
    expect(expected).toBeLessThan(399);
    expect(refunds).toHaveLength(1);
    // The answer tells what was refunded, in dollars as the plans are priced.
    expect(refund.json().refund).toEqual({ amount: expected / 100, currency: 'usd' });

    const profile = await me(user);
    expect(profile.role).toBe('user');
    expect(profile.limits.dictionaries).toBe(2);
    expect(profile.plan.id).toBe('free');
  });

  it('ends Premium when a cancelled period runs out', async () => {
    const { user } = await premiumUser();
    await call(t.app, user, 'PATCH', '/api/stripe/subscription/cancel');
    expect((await me(user)).role).toBe('premium');
    await stripe.advance(32 * DAY);
    // The session has expired by now too, so read the role from the database.
    expect((await t.app.services.users.findById(user.id))?.role).toBe('user');
  });

  it('opens the billing portal for the customer', async () => {
    const { user } = await premiumUser();
    const response = await call(t.app, user, 'GET', '/api/stripe/customerPortal');
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(new RegExp(`^${stripe.baseUrl}/portal/`));
  });

  it('cancels the subscription at Stripe before deleting the account', async () => {
    const { user, events } = await premiumUser();
    const subscriptionId = rowsSubscription(events);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { cookie: user.cookie },
      // A fixture account has neither a password nor Google: it confirms in so many words.
      payload: { confirmDeletion: true },
    });
    expect(response.statusCode).toBe(204);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
  });

  it('answers subscription management for a non-premium user with 403', async () => {
    const user = await createUser(t.app, 'user');
    expect((await call(t.app, user, 'PATCH', '/api/stripe/subscription/cancel')).statusCode).toBe(403);
  });
});

describe(`the Checkout Session the success page checks (${testDriver})`, () => {
  const session = (user: User, id: string) => call(t.app, user, 'GET', `/api/stripe/session/${id}`);

  it('answers the caller’s own session: open before payment, complete and paid after', async () => {
    const user = await createUser(t.app, 'user');
    const checkout = await call(t.app, user, 'POST', '/api/stripe/session', { planId: 'premium' });
    const sessionId = String(checkout.json().url).split('/').pop() ?? '';

    const open = await session(user, sessionId);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual({ id: sessionId, status: 'open', paid: false });

    await stripe.completeCheckout(sessionId);
    const complete = await session(user, sessionId);
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toEqual({ id: sessionId, status: 'complete', paid: true });
  });

  it('answers 404 for another user’s session, a made-up one and any other id', async () => {
    const { sessionId } = await premiumUser();
    const stranger = await createUser(t.app, 'user');
    for (const id of [sessionId, 'cs_test_0123456789abcdef', 'not-a-session', sessionId.toUpperCase()]) {
      const response = await session(stranger, encodeURIComponent(id));
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('refuses a visitor without a session', async () => {
    const { sessionId } = await premiumUser();
    const response = await t.app.inject({ method: 'GET', url: `/api/stripe/session/${sessionId}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('without Stripe configured', () => {
  it('shows the plans but answers a purchase with 503 PAYMENTS_UNAVAILABLE', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/stripe/plans' })).json()).toHaveLength(2);
      const user = await createUser(plain.app, 'user');
      const response = await call(plain.app, user, 'POST', '/api/stripe/session', { planId: 'premium' });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('PAYMENTS_UNAVAILABLE');
    } finally {
      await plain.close();
    }
  });
});
