import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run dev:stripe` (scripts/dev-stripe.mjs) and the emulator's command line (cli.ts) take
 * their ports from the environment, today's ports by default.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const cli = path.join(root, 'apps/server/test/stripe/cli.ts');
const devStripe = path.join(root, 'scripts/dev-stripe.mjs');

/** A port nothing listens on right now: the system's pick for a listener that is closed again. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** The environment without the variables under test, so the machine's own cannot leak in. */
const UNDER_TEST = new Set(['STRIPE_EMULATOR_PORT', 'PORT', 'WEB_PORT', 'APP_ORIGIN', 'STRIPE_WEBHOOK_URL']);
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !UNDER_TEST.has(name));
  return { ...Object.fromEntries(inherited), ...extra };
}

/** Resolves with the first stdout line matching `pattern`, rejects when the process ends first. */
function lineOf(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((candidate) => pattern.test(candidate));
      if (line) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${errors}`)));
  });
}

let running: ChildProcess | undefined;
afterEach(async () => {
  if (running && running.exitCode === null && running.signalCode === null) {
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  }
  running = undefined;
});

describe('the emulator command line', () => {
  it('listens on STRIPE_EMULATOR_PORT and answers as Stripe there', async () => {
    const port = await freePort();
    running = spawn(process.execPath, ['--import', 'tsx', cli], {
      cwd: root,
      env: cleanEnv({ STRIPE_EMULATOR_PORT: String(port), PORT: '4321' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });

    const line = await lineOf(running, /^Stripe emulator on /);
    expect(line).toContain(`Stripe emulator on http://127.0.0.1:${port} `);
    // Webhooks go to the API on PORT unless STRIPE_WEBHOOK_URL says otherwise.
    expect(line).toContain('webhooks → http://127.0.0.1:4321/api/stripe/webhook');

    const response = await fetch(`http://127.0.0.1:${port}/v1/customers/cus_0123456789abcdef`, {
      headers: { authorization: 'Bearer sk_test_cli' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'resource_missing' },
    });

    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  });

  it('refuses a STRIPE_EMULATOR_PORT that is not a port', async () => {
    running = spawn(process.execPath, ['--import', 'tsx', cli], {
      cwd: root,
      env: cleanEnv({ STRIPE_EMULATOR_PORT: 'twelve' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    running.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const [code] = await once(running, 'exit');
    expect(code).not.toBe(0);
    expect(errors).toContain('STRIPE_EMULATOR_PORT must be a port number');
  });
});

describe('npm run dev:stripe', () => {
  type Command = { name: string; command: string; env: Record<string, string> };
  const commands = async (env: Record<string, string>) => {
    const { stdout } = await promisify(execFile)(process.execPath, [devStripe, '--print'], {
      cwd: root,
      env: cleanEnv(env),
    });
    const list = JSON.parse(stdout) as Command[];
    return Object.fromEntries(list.map((command) => [command.name, command])) as Record<
      'stripe' | 'api' | 'web',
      Command
    >;
  };

  it('runs on today’s ports by default', async () => {
    const { stripe, api, web } = await commands({});
    expect(stripe.env).toMatchObject({
      STRIPE_EMULATOR_PORT: '12111',
      STRIPE_WEBHOOK_URL: 'http://127.0.0.1:3000/api/stripe/webhook',
    });
    expect(api.env).toMatchObject({ PORT: '3000', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(web.command).toBe('npm run dev -w @wordhoard/web -- --port 5173');
    expect(web.env).toEqual({ API_PORT: '3000' });
  });

  it('takes the ports from the environment, and everything that points at them follows', async () => {
    const { stripe, api, web } = await commands({
      STRIPE_EMULATOR_PORT: '12999',
      PORT: '3100',
      WEB_PORT: '5300',
    });
    expect(stripe.command).toBe('node --import tsx apps/server/test/stripe/cli.ts');
    expect(stripe.env).toMatchObject({
      STRIPE_EMULATOR_PORT: '12999',
      STRIPE_WEBHOOK_URL: 'http://127.0.0.1:3100/api/stripe/webhook',
    });
    expect(api.env).toMatchObject({
      PORT: '3100',
      APP_ORIGIN: 'http://localhost:3100',
      STRIPE_API_URL: 'http://127.0.0.1:12999',
      STRIPE_WEBHOOK_SECRET: stripe.env.STRIPE_WEBHOOK_SECRET,
      STRIPE_PREMIUM_PRICE_ID: stripe.env.STRIPE_PREMIUM_PRICE_ID,
    });
    expect(web.command).toBe('npm run dev -w @wordhoard/web -- --port 5300');
    expect(web.env).toEqual({ API_PORT: '3100' });
  });

  it('refuses a port that is not a number', async () => {
    await expect(commands({ PORT: '30x0' })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('PORT must be a port number between 1 and 65535, not "30x0"'),
    });
  });
});
