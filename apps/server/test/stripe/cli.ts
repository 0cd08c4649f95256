/**
 * Runs the Stripe emulator on its own, for `npm run dev:stripe` and the browser tests:
 *   STRIPE_EMULATOR_PORT (12111), STRIPE_WEBHOOK_URL (http://127.0.0.1:3000/api/stripe/webhook),
 *   STRIPE_WEBHOOK_SECRET (whsec_wordhoard_dev).
 */
import { StripeEmulator } from './emulator';

const port = Number(process.env.STRIPE_EMULATOR_PORT ?? 12111);
const emulator = new StripeEmulator({
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_wordhoard_dev',
  webhookUrl: process.env.STRIPE_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/stripe/webhook',
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
