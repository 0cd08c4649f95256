import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessage, loadMessages } from '@wordhoard/shared';
import { BlackHole, timed } from '../../../test/black-hole';
import { createUser } from '../../../test/fixtures';
import { testDriver } from '../../../test/harness';
import { startPaymentsApp, type PaymentsApp } from '../../../test/stripe/payments-app';
// The web app's own HTTP client, to see what a browser would make of our answers.
import { createHttpClient } from '../../../../web/src/shared/http/client';
import { ApiError, UnauthorizedError } from '../../../../web/src/shared/http/errors';

/** Headers only Stripe sends; none of them may reach our client. */
const STRIPE_HEADERS = [
  'request-id',
  'stripe-version',
  'stripe-should-retry',
  'idempotency-key',
  'idempotent-replayed',
  'access-control-allow-origin',
];

/** POSTs a checkout over real HTTP, so the framing headers are the ones on the wire. */
async function checkoutOverHttp(app: PaymentsApp, language = 'en') {
  const user = await createUser(app.t.app, 'user');
  const response = await fetch(`${app.origin}/api/stripe/session`, {
    method: 'POST',
    headers: {
      cookie: user.cookie,
      'content-type': 'application/json',
      'accept-language': language,
      origin: app.t.config.appOrigin,
    },
    body: JSON.stringify({ planId: 'premium' }),
  });
  const text = await response.text();
  return { user, response, text, body: JSON.parse(text) as Record<string, unknown> };
}

async function expectOurError(
  answer: Awaited<ReturnType<typeof checkoutOverHttp>>,
  status: number,
  code: 'PAYMENT_PROVIDER_ERROR' | 'PAYMENTS_UNAVAILABLE',
  language = 'en',
) {
  const { response, text, body } = answer;
  expect(response.status, text).toBe(status);
  expect(body).toEqual({
    statusCode: status,
    code,
    message: errorMessage(await loadMessages(language as 'en'), code),
  });
  for (const name of STRIPE_HEADERS) expect(response.headers.get(name), name).toBeNull();
  // One framing: our JSON, its own length, no chunking copied from elsewhere.
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
  expect(response.headers.get('transfer-encoding')).toBeNull();
}

describe(`a Stripe that refuses our API key (${testDriver})`, () => {
  let p: PaymentsApp;
  beforeAll(async () => {
    // The emulator, like Stripe, accepts only secret keys (sk_test_… / sk_live_…).
    p = await startPaymentsApp({ STRIPE_SECRET_KEY: 'rk_test_restricted' });
  });
  afterAll(async () => {
    await p.close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers 502 with our body and headers, never Stripe’s 401', async () => {
    const answer = await checkoutOverHttp(p, 'de');
    await expectOurError(answer, 502, 'PAYMENT_PROVIDER_ERROR', 'de');
    // The app asked Stripe and Stripe said 401; the user is still signed in.
    expect(p.stripe.requests.some((request) => request.path === '/v1/customers')).toBe(true);
    const me = await p.call(answer.user, 'GET', '/api/users/me');
    expect(me.statusCode).toBe(200);
  });

  it('is an ordinary error for the web client, not "your session ended"', async () => {
    const user = await createUser(p.t.app, 'user');
    const realFetch = globalThis.fetch;
    // The browser's cookie jar: the client sends credentials, Node's fetch needs them by hand.
    vi.stubGlobal('fetch', (input: string | URL | Request, init: RequestInit = {}) =>
      realFetch(input, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: user.cookie,
          origin: p.t.config.appOrigin,
        },
      }),
    );
    const onUnauthorized = vi.fn();
    const reportError = vi.fn();
    const client = createHttpClient({
      baseUrl: `${p.origin}/api`,
      getLanguage: () => 'en',
      onUnauthorized,
      reportError,
    });
    const failure = await client
      .request('checkout', { body: { planId: 'premium' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).not.toBeInstanceOf(UnauthorizedError);
    expect(failure).toMatchObject({ status: 502, code: 'PAYMENT_PROVIDER_ERROR' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(reportError).toHaveBeenCalledOnce();
  });
});

describe(`a Stripe that answers with an error (${testDriver})`, () => {
  let p: PaymentsApp;
  beforeAll(async () => {
    p = await startPaymentsApp();
  });
  afterAll(async () => {
    await p.close();
  });

  it('turns its 500 into our 502 without its headers', async () => {
    p.stripe.failNext(
      { method: 'POST', path: '/v1/customers' },
      { status: 500, times: 2, headers: { 'stripe-should-retry': 'true', 'retry-after': '3600' } },
    );
    const answer = await checkoutOverHttp(p);
    await expectOurError(answer, 502, 'PAYMENT_PROVIDER_ERROR');
    expect(answer.response.headers.get('retry-after')).toBeNull();
  });

  it('turns its 429 into our 502, not a rate limit of ours', async () => {
    p.stripe.failNext({ method: 'POST', path: '/v1/customers' }, { status: 429, times: 2 });
    const answer = await checkoutOverHttp(p, 'uk');
    await expectOurError(answer, 502, 'PAYMENT_PROVIDER_ERROR', 'uk');
  });
});

describe(`a Stripe that cannot be reached (${testDriver})`, () => {
  let p: PaymentsApp;
  beforeAll(async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    p = await startPaymentsApp({ STRIPE_API_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await p.close();
  });

  it('answers 503 PAYMENTS_UNAVAILABLE', async () => {
    await expectOurError(await checkoutOverHttp(p, 'fr'), 503, 'PAYMENTS_UNAVAILABLE', 'fr');
  });
});

describe(`a Stripe that accepts connections and never answers (${testDriver})`, () => {
  const hole = new BlackHole();
  let p: PaymentsApp;
  beforeAll(async () => {
    await hole.start();
    // Short for the test: nothing behind the black hole could answer in time anyway.
    p = await startPaymentsApp({ STRIPE_API_URL: hole.url }, { timeouts: { stripeMs: 300 } });
  });
  afterAll(async () => {
    await p.close();
    await hole.stop();
  });

  it('answers 503 PAYMENTS_UNAVAILABLE after one retry, instead of holding the checkout open', async () => {
    const { result } = await timed('checkout', () => checkoutOverHttp(p));
    await expectOurError(result, 503, 'PAYMENTS_UNAVAILABLE');
    // The first try and one retry, each ended by the timeout: no more.
    expect(hole.requests).toBe(2);
  });
});
