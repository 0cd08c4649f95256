import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripeEmulator } from './emulator';

/**
 * The emulator's idempotency layer and its newer endpoints, driven by the official SDK as the
 * app drives them, so that tests built on it can trust its answers (docs.stripe.com/api/idempotent_requests).
 */
let stripe: StripeEmulator;
let baseUrl: URL;

const client = (key = 'sk_test_emulator') =>
  new Stripe(key, { host: baseUrl.hostname, port: baseUrl.port, protocol: 'http', maxNetworkRetries: 0 });

beforeAll(async () => {
  stripe = new StripeEmulator({ webhookSecret: 'whsec_emulator' });
  baseUrl = new URL(await stripe.start());
});
afterAll(async () => {
  await stripe.stop();
});

/** A paid subscription and the payment intent behind its invoice. */
async function paidIntent(): Promise<{ customer: string; intent: string }> {
  const sdk = client();
  const customer = await sdk.customers.create({ email: 'buyer@example.com' });
  const session = await sdk.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: stripe.priceId, quantity: 1 }],
    success_url: 'http://localhost/success',
    cancel_url: 'http://localhost/cancel',
  });
  const completed = await stripe.completeCheckout(session.id);
  const subscription = stripe.subscriptions.get(String(completed.subscription))!;
  const invoice = stripe.invoices.get(String(subscription.latest_invoice))!;
  const payments = invoice.payments as { data: { payment: { payment_intent: string } }[] };
  return { customer: customer.id, intent: payments.data[0]!.payment.payment_intent };
}

const refundsOf = (intent: string) =>
  [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent);

describe('idempotent requests', () => {
  let intent: string;
  beforeEach(async () => {
    ({ intent } = await paidIntent());
  });

  it('replays the first answer for the same key and parameters, marked Idempotent-Replayed', async () => {
    const sdk = client();
    const first = await sdk.refunds.create(
      { payment_intent: intent, amount: 100 },
      { idempotencyKey: 'k-same' },
    );
    const again = await sdk.refunds.create(
      { payment_intent: intent, amount: 100 },
      { idempotencyKey: 'k-same' },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(again.lastResponse.headers['idempotency-key']).toBe('k-same');
    expect(refundsOf(intent)).toHaveLength(1);
  });

  it('replays an error answer too', async () => {
    const sdk = client();
    const tooMuch = { payment_intent: intent, amount: 100_000 };
    await expect(sdk.refunds.create(tooMuch, { idempotencyKey: 'k-error' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
    });
    const replay = await sdk.refunds
      .create(tooMuch, { idempotencyKey: 'k-error' })
      .catch((error: unknown) => error);
    expect(replay).toMatchObject({ statusCode: 400, code: 'amount_too_large' });
    expect((replay as Stripe.errors.StripeError).headers?.['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with other parameters or on another endpoint (400 idempotency_error)', async () => {
    const sdk = client();
    await sdk.refunds.create({ payment_intent: intent, amount: 100 }, { idempotencyKey: 'k-params' });
    const other = sdk.refunds.create({ payment_intent: intent, amount: 101 }, { idempotencyKey: 'k-params' });
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(other).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    const elsewhere = sdk.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'k-params' });
    await expect(elsewhere).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(refundsOf(intent)).toHaveLength(1);
  });

  it('answers 409 idempotency_key_in_use while the first request with the key still runs', async () => {
    const sdk = client();
    const held = stripe.pause({ method: 'POST', path: '/v1/refunds' });
    const first = sdk.refunds.create({ payment_intent: intent, amount: 100 }, { idempotencyKey: 'k-busy' });
    await held.reached;
    const second = await sdk.refunds
      .create({ payment_intent: intent, amount: 100 }, { idempotencyKey: 'k-busy' })
      .catch((error: unknown) => error);
    expect(second).toMatchObject({ statusCode: 409, code: 'idempotency_key_in_use' });
    held.release();
    const made = await first;
    // Nothing was saved for the refused request: a retry now gets the first one's refund.
    const retry = await sdk.refunds.create(
      { payment_intent: intent, amount: 100 },
      { idempotencyKey: 'k-busy' },
    );
    expect(retry.id).toBe(made.id);
    expect(refundsOf(intent)).toHaveLength(1);
  });

  it('keeps keys per account and forgets them after 24 hours', async () => {
    await client().refunds.create({ payment_intent: intent, amount: 10 }, { idempotencyKey: 'k-scope' });
    await client('sk_test_other_account').refunds.create(
      { payment_intent: intent, amount: 10 },
      { idempotencyKey: 'k-scope' },
    );
    expect(refundsOf(intent)).toHaveLength(2);
    await stripe.advance(24 * 60 * 60);
    await client().refunds.create({ payment_intent: intent, amount: 10 }, { idempotencyKey: 'k-scope' });
    expect(refundsOf(intent)).toHaveLength(3);
  });

  it('ignores keys on GET requests', async () => {
    const sdk = client();
    const a = await sdk.refunds.list({ payment_intent: intent }, { idempotencyKey: 'k-get' });
    await sdk.refunds.create({ payment_intent: intent, amount: 5 });
    const b = await sdk.refunds.list({ payment_intent: intent }, { idempotencyKey: 'k-get' });
    expect(b.data.length).toBe(a.data.length + 1);
  });
});

describe('refunds', () => {
  it('retrieves a refund by id, and answers an unknown one with resource_missing', async () => {
    const { intent } = await paidIntent();
    const sdk = client();
    const made = await sdk.refunds.create({ payment_intent: intent, amount: 150 });
    const read = await sdk.refunds.retrieve(made.id);
    expect(read).toMatchObject({ id: made.id, amount: 150, currency: 'usd', payment_intent: intent });
    await expect(sdk.refunds.retrieve('re_0123456789abcdef')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});

describe('checkout sessions and subscriptions by customer', () => {
  it('lists open sessions, expires one, and refuses to expire or pay it again', async () => {
    const sdk = client();
    const customer = await sdk.customers.create({ email: 'two-tabs@example.com' });
    const open = () =>
      sdk.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: stripe.priceId, quantity: 1 }],
        success_url: 'http://localhost/success',
        cancel_url: 'http://localhost/cancel',
      });
    const first = await open();
    const second = await open();
    const listed = await sdk.checkout.sessions.list({ customer: customer.id, status: 'open' });
    expect(listed.data.map((session) => session.id).sort()).toEqual([first.id, second.id].sort());

    const expired = await sdk.checkout.sessions.expire(first.id);
    expect(expired.status).toBe('expired');
    expect(stripe.events.at(-1)?.type).toBe('checkout.session.expired');
    await expect(sdk.checkout.sessions.expire(first.id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.completeCheckout(first.id)).rejects.toThrow(/no longer active/);
    expect(
      (await sdk.checkout.sessions.list({ customer: customer.id, status: 'open' })).data.map((s) => s.id),
    ).toEqual([second.id]);

    await stripe.completeCheckout(second.id);
    const live = await sdk.subscriptions.list({ customer: customer.id });
    expect(live.data.map((subscription) => subscription.status)).toEqual(['active']);
    await sdk.subscriptions.cancel(live.data[0]!.id);
    // Without a status, Stripe lists the subscriptions that are not canceled.
    expect((await sdk.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await sdk.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });
});

describe('faults', () => {
  it('answers an injected error with Stripe’s headers, and drops a connection after the work', async () => {
    const { intent } = await paidIntent();
    stripe.failNext(
      { method: 'POST', path: '/v1/refunds' },
      { status: 500, headers: { 'stripe-should-retry': 'false' } },
    );
    const failed = await client()
      .refunds.create({ payment_intent: intent, amount: 1 })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
    expect((failed as Stripe.errors.StripeError).headers?.['request-id']).toMatch(/^req_/);
    expect(refundsOf(intent)).toHaveLength(0);

    // Twice: the SDK retries a closed connection once even with retries turned off.
    stripe.failNext({ method: 'POST', path: '/v1/refunds' }, { drop: 'after', times: 2 });
    const lost = await client()
      .refunds.create({ payment_intent: intent, amount: 1 }, { idempotencyKey: 'k-lost' })
      .catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(refundsOf(intent)).toHaveLength(1);
    const replay = await client().refunds.create(
      { payment_intent: intent, amount: 1 },
      { idempotencyKey: 'k-lost' },
    );
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(refundsOf(intent)).toHaveLength(1);
  });
});
