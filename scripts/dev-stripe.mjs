// `npm run dev:stripe`: the Stripe emulator (apps/server/test/stripe/cli.ts), the API wired to
// it and Vite, side by side, like `npm run dev`. The ports come from the environment:
//   STRIPE_EMULATOR_PORT (12111)  the emulator; the API's STRIPE_API_URL follows it
//   PORT (3000)                   the API; the emulator's webhooks, APP_ORIGIN and Vite's /api proxy follow it
//   WEB_PORT (5173)               Vite
// `node scripts/dev-stripe.mjs --print` prints the commands instead of running them.
import { pathToFileURL } from 'node:url';
import { concurrently } from 'concurrently';

const DEFAULTS = { STRIPE_EMULATOR_PORT: 12111, PORT: 3000, WEB_PORT: 5173 };

/** A port from the environment, or its default; anything but a port number stops the script. */
function portOf(env, name) {
  const raw = env[name];
  if (raw === undefined || raw === '') return DEFAULTS[name];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535, not "${raw}"`);
  }
  return port;
}

/** What `npm run dev:stripe` runs, for the given environment. */
export function devStripeCommands(env = process.env) {
  const emulatorPort = portOf(env, 'STRIPE_EMULATOR_PORT');
  const apiPort = portOf(env, 'PORT');
  const webPort = portOf(env, 'WEB_PORT');
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || 'whsec_wordhoard_dev';
  const priceId = env.STRIPE_PREMIUM_PRICE_ID || 'price_premium_monthly';
  return [
    {
      name: 'stripe',
      prefixColor: 'magenta',
      command: 'node --import tsx apps/server/test/stripe/cli.ts',
      env: {
        STRIPE_EMULATOR_PORT: String(emulatorPort),
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${apiPort}/api/stripe/webhook`,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PREMIUM_PRICE_ID: priceId,
      },
    },
    {
      name: 'api',
      prefixColor: 'blue',
      command: 'npm run dev -w @wordhoard/server',
      env: {
        PORT: String(apiPort),
        APP_ORIGIN: env.APP_ORIGIN || `http://localhost:${apiPort}`,
        STRIPE_SECRET_KEY: 'sk_test_dev',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PREMIUM_PRICE_ID: priceId,
        STRIPE_PREMIUM_PRODUCT_ID: env.STRIPE_PREMIUM_PRODUCT_ID || 'prod_premium',
        STRIPE_API_URL: `http://127.0.0.1:${emulatorPort}`,
      },
    },
    {
      name: 'web',
      prefixColor: 'green',
      command: `npm run dev -w @wordhoard/web -- --port ${webPort}`,
      env: { API_PORT: String(apiPort) },
    },
  ];
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  let commands;
  try {
    commands = devStripeCommands();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  if (process.argv.includes('--print')) {
    console.log(JSON.stringify(commands, null, 2));
  } else {
    // -k: when one of them stops, the others are stopped too.
    const { result } = concurrently(commands, { killOthersOn: ['failure', 'success'] });
    result.then(
      () => process.exit(0),
      () => process.exit(1),
    );
  }
}
