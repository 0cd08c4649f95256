import Stripe from 'stripe';
import type { Config } from '../../config/config';
import { AppError } from '../../domain/errors';
import { LIVE_STATUSES } from './subscriptions.repository';

export type StripeSubscription = Awaited<ReturnType<Stripe['subscriptions']['retrieve']>>;
export type StripeEvent = ReturnType<Stripe['webhooks']['constructEvent']>;

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
export const fromMinorUnits = (amount: number, currency: string) =>
  ZERO_DECIMAL_CURRENCIES.has(currency.toLowerCase()) ? amount : amount / 100;

export const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

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

export const idOf = (value: unknown): string | undefined =>
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

export function periodOf(subscription: StripeSubscription): { start: number; end: number } {
  const item = subscription.items.data[0];
  return {
    start: item?.current_period_start ?? subscription.start_date,
    end: item?.current_period_end ?? subscription.start_date,
  };
}
