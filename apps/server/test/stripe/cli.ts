/**
 * Runs the Stripe emulator on its own, for `npm run dev:stripe` (scripts/dev-stripe.mjs) and the
 * browser tests:
 *   STRIPE_EMULATOR_PORT (12111), STRIPE_WEBHOOK_URL (http://127.0.0.1:$PORT/api/stripe/webhook,
 *   PORT 3000), STRIPE_WEBHOOK_SECRET (whsec_wordhoard_dev), STRIPE_PREMIUM_PRICE_ID.
 */
import { StripeEmulator } from './emulator';

/** A port number from the environment, or `fallback` when unset; anything else is refused. */
function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number between 0 and 65535, not "${raw}"`);
  }
  return port;
}

const port = portFrom('STRIPE_EMULATOR_PORT', 12111);
const emulator = new StripeEmulator({
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_wordhoard_dev',
  webhookUrl:
    process.env.STRIPE_WEBHOOK_URL ?? `http://127.0.0.1:${portFrom('PORT', 3000)}/api/stripe/webhook`,
  ...(process.env.STRIPE_PREMIUM_PRICE_ID ? { priceId: process.env.STRIPE_PREMIUM_PRICE_ID } : {}),
});
const url = await emulator.start(port);
console.log(
  `Stripe emulator on ${url} (price ${emulator.priceId}); webhooks → ${emulator.webhookUrl ?? '(none)'}`,
);

const stop = () => {
  void emulator.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
