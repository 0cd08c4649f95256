import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { User } from '@wordhoard/shared';
import type { OutsideTimeouts } from '../../src/config/config';
import { createUser } from '../fixtures';
import { createTestApp, type TestApp } from '../harness';
import { StripeEmulator } from './emulator';

export const WEBHOOK_SECRET = 'whsec_test_secret';
export const DAY = 86_400;

export type PaymentsUser = { id: string; cookie: string };

export interface PaymentsApp {
  t: TestApp;
  stripe: StripeEmulator;
  /** The official SDK pointed at the emulator: what another integration or a test would use. */
  sdk: Stripe;
  /** The app's own origin (it listens, so the emulator can deliver webhooks). */
  origin: string;
  call(
    user: PaymentsUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options?: { payload?: object; language?: string },
  ): Promise<LightMyRequestResponse>;
  me(user: PaymentsUser): Promise<User>;
  /** A user who went through Checkout; events delivered as Stripe would (unless told not to). */
  premiumUser(options?: { deliver?: boolean }): Promise<{
    user: PaymentsUser;
    sessionId: string;
    subscriptionId: string;
    events: StripeEmulator['events'];
  }>;
  close(): Promise<void>;
}

/**
 * The real app wired to the Stripe emulator, listening on a port so the emulator's signed
 * webhooks reach it; our clock follows Stripe's so proration is exact to the cent.
 */
export async function startPaymentsApp(
  env: { STRIPE_SECRET_KEY?: string; STRIPE_API_URL?: string } = {},
  options: { timeouts?: Partial<OutsideTimeouts> } = {},
): Promise<PaymentsApp> {
  const stripe = new StripeEmulator({ webhookSecret: WEBHOOK_SECRET });
  const apiUrl = await stripe.start();
  const t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_wordhoard',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PREMIUM_PRICE_ID: stripe.priceId,
      STRIPE_PREMIUM_PRODUCT_ID: stripe.productId,
      STRIPE_API_URL: apiUrl,
      ...env,
    },
    clock: () => new Date(stripe.now() * 1000),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  const origin = `http://127.0.0.1:${address.port}`;
  stripe.webhookUrl = `${origin}/api/stripe/webhook`;
  const api = new URL(apiUrl);
  const sdk = new Stripe('sk_test_wordhoard', {
    host: api.hostname,
    port: api.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });

  const call: PaymentsApp['call'] = (user, method, url, options = {}) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, ...(options.language ? { 'accept-language': options.language } : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  const premiumUser: PaymentsApp['premiumUser'] = async (options = {}) => {
    const user = await createUser(t.app, 'user');
    const checkout = await call(user, 'POST', '/api/stripe/session', { payload: { planId: 'premium' } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = String(checkout.json().url).split('/').pop() ?? '';
    stripe.autoDeliver = options.deliver ?? true;
    const eventsBefore = stripe.events.length;
    try {
      await stripe.completeCheckout(sessionId);
    } finally {
      stripe.autoDeliver = true;
    }
    const session = stripe.checkoutSessions.get(sessionId);
    return {
      user,
      sessionId,
      subscriptionId: String(session?.subscription),
      events: stripe.events.slice(eventsBefore),
    };
  };

  return {
    t,
    stripe,
    sdk,
    origin,
    call,
    me: async (user) => (await call(user, 'GET', '/api/users/me')).json<User>(),
    premiumUser,
    async close() {
      await t.close();
      await stripe.stop();
    },
  };
}
