// Starts the built server for the browser tests: a fresh PGlite data directory (removed on exit),
// a real SMTP sink whose mails the tests read over HTTP at PORT+1 (GET /mails?to=ADDRESS), and
// the Stripe emulator at PORT+2, which the server reaches through the official SDK.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const here = path.dirname(fileURLToPath(import.meta.url));
// SERVER_MAIN points at another build of the server (e.g. one built into a folder of its own).
const main = process.env.SERVER_MAIN
  ? path.resolve(process.env.SERVER_MAIN)
  : path.resolve(here, '../../apps/server/dist/main.js');
const port = Number(process.env.PORT ?? 3100);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-e2e-'));

/** @type {{ to: string[]; raw: string }[]} */
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const mailbox = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const to = (url.searchParams.get('to') ?? '').toLowerCase();
  const found = mails.filter((mail) => mail.to.includes(to));
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(found));
});
await new Promise((resolve) => mailbox.listen(port + 1, '127.0.0.1', resolve));

const stripePort = port + 2;
const webhookSecret = 'whsec_wordhoard_e2e';
const emulator = spawn(
  process.execPath,
  ['--import', 'tsx', path.resolve(here, '../../apps/server/test/stripe/cli.ts')],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      STRIPE_EMULATOR_PORT: String(stripePort),
      STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
  },
);

const server = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    STRIPE_SECRET_KEY: 'sk_test_wordhoard_e2e',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PREMIUM_PRICE_ID: 'price_premium_monthly',
    STRIPE_PREMIUM_PRODUCT_ID: 'prod_premium',
    STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
  },
});

const stop = (signal) => {
  server.kill(signal);
  emulator.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  smtp.close();
  mailbox.close();
  emulator.kill('SIGTERM');
  process.exit(code ?? 0);
});
