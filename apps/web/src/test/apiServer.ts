import { afterAll, beforeAll, beforeEach } from 'vitest';
import { SESSION_COOKIE_NAME, type Role, type User } from '@wordhoard/shared';
import { apiClient } from '../../../server/test/api-client';
import { TestClock } from '../../../server/test/clock';
import { createUser } from '../../../server/test/fixtures';
import { createTestApp, type TestApp } from '../../../server/test/harness';
import { JwksServer } from '../../../server/test/jwks-server';
import { SmtpSink } from '../../../server/test/smtp-sink';
import { StripeEmulator } from '../../../server/test/stripe/emulator';

/**
 * The real API for screen tests: the server app on a fresh PGlite database, listening on
 * 127.0.0.1, so a screen's rules (limits, grading, paging, sessions) are the server's own and
 * never copied into a fake. Each simulated browser has its own cookie jar.
 */
export interface ApiServer {
  /** e.g. http://127.0.0.1:43210/api, for renderApp. */
  apiUrl: string;
  /** The app and its database, to arrange what a test starts from through services. */
  t: TestApp;
  /** The time the server's services read; tests move it (due words, daily caps, code expiry). */
  clock: TestClock;
  /** The typed API client (contract-checked), to arrange state or act as "another tab". */
  api: ReturnType<typeof apiClient>;
  /** Every mail sent, when started with `mail: true`. */
  sink: SmtpSink | undefined;
  /** Google's signing keys, when started with `google: true`. */
  jwks: JwksServer | undefined;
  /**
   * The Stripe API emulator the server reaches through the official SDK, when started with
   * `stripe: true`; its webhooks reach the server, and the server's clock is then Stripe's.
   */
  stripe: StripeEmulator | undefined;
  /** A new browser with an empty cookie jar. */
  browser(): TestBrowser;
  close(): Promise<void>;
}

export interface SeenRequest {
  method: string;
  /** Path and query, e.g. /api/testing/skip. */
  url: string;
  body: string;
}

export interface TestBrowser {
  /** The fetch this browser's app uses: it keeps and sends its cookies. */
  fetch: typeof fetch;
  /** The session cookie (`name=value`) for the typed client's `as()`, or '' when signed out. */
  cookie(): string;
  /** Every request this browser sent, oldest first. */
  requests: SeenRequest[];
  /** The next `METHOD /api/path` request reaches the server, but its reply is lost on the way back. */
  loseNextReply(route: string): void;
  /**
   * The next `METHOD /api/path` request reaches the server, but its reply reaches the app only
   * when the returned function is called (a slow network: the app acts while it waits). Called
   * again before that request is sent, it holds the one after it: one reply per call, in order.
   */
  holdNextReply(route: string): () => void;
  /** While true, no request leaves the browser (the network is down). */
  offline: boolean;
  /**
   * Signs this browser in as a new user of `role`: made directly (sign-up has its own tests),
   * except a guest, whom only the guest endpoint makes.
   */
  signIn(role?: Role): Promise<User>;
}

export interface ApiServerOptions {
  /** Extra environment for the server's config (e.g. TRANSLATE_URL). */
  env?: NodeJS.ProcessEnv;
  /** Mail goes to a real SMTP sink. */
  mail?: boolean;
  /** Google tokens are checked against a real JWKS server. */
  google?: boolean;
  /** Payments go to a real Stripe emulator (its clock becomes the server's). */
  stripe?: boolean;
  clock?: TestClock;
}

const STRIPE_WEBHOOK_SECRET = 'whsec_wordhoard_web_tests';

export async function startApiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const clock = options.clock ?? new TestClock();
  const sink = options.mail ? new SmtpSink() : undefined;
  const jwks = options.google ? new JwksServer() : undefined;
  const stripe = options.stripe ? new StripeEmulator({ webhookSecret: STRIPE_WEBHOOK_SECRET }) : undefined;
  const [smtpUrl, jwksUrl, stripeUrl] = await Promise.all([sink?.start(), jwks?.start(), stripe?.start()]);
  const t = await createTestApp({
    env: {
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
      ...(jwks && jwksUrl ? { GOOGLE_CLIENT_ID: jwks.clientId, GOOGLE_JWKS_URL: jwksUrl } : {}),
      ...(stripe && stripeUrl
        ? {
            STRIPE_SECRET_KEY: 'sk_test_wordhoard_web',
            STRIPE_WEBHOOK_SECRET,
            STRIPE_PREMIUM_PRICE_ID: stripe.priceId,
            STRIPE_PREMIUM_PRODUCT_ID: stripe.productId,
            STRIPE_API_URL: stripeUrl,
          }
        : {}),
      ...options.env,
    },
    // Proration is exact to the cent only when our clock is Stripe's.
    clock: stripe ? () => new Date(stripe.now() * 1000) : clock.now,
  });
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (stripe) stripe.webhookUrl = `${origin}/api/stripe/webhook`;
  const api = apiClient(t.app);

  return {
    apiUrl: `${origin}/api`,
    t,
    clock,
    api,
    sink,
    jwks,
    stripe,
    browser: () => createBrowser(t, api, origin),
    async close() {
      // A connection a test left open holds the close for the keep-alive timeout: one whose
      // request (a query of a screen already unmounted) finishes during the close, or one a
      // simulated browser opened and never sent a request on, which Node does not count as
      // idle. Idle ones are closed as they fall idle, as main.ts does; the rest after a second.
      const idleCloser = setInterval(() => t.app.server.closeIdleConnections(), 50);
      const closer = setTimeout(() => t.app.server.closeAllConnections(), 1000);
      try {
        await t.close();
      } finally {
        clearInterval(idleCloser);
        clearTimeout(closer);
      }
      await Promise.all([sink?.stop(), jwks?.stop(), stripe?.stop()]);
    },
  };
}

function createBrowser(t: TestApp, api: ReturnType<typeof apiClient>, origin: string): TestBrowser {
  const jar = new Map<string, string>();
  const losing = new Set<string>();
  const holding = new Map<string, Promise<void>[]>();
  const browser: TestBrowser = {
    requests: [],
    offline: false,
    cookie: () =>
      jar.has(SESSION_COOKIE_NAME) ? `${SESSION_COOKIE_NAME}=${jar.get(SESSION_COOKIE_NAME)}` : '',
    loseNextReply(route) {
      losing.add(route);
    },
    holdNextReply(route) {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      holding.set(route, [...(holding.get(route) ?? []), held]);
      return () => release();
    },
    async fetch(input, init) {
      // jsdom's Blob (a file the page uploads) has no stream(), so Node's Request would send it
      // empty: its bytes go instead, as a browser's fetch would send them.
      const fileBody = init?.body instanceof Blob ? await init.body.arrayBuffer() : undefined;
      const request = new Request(input, fileBody ? { ...init, body: fileBody } : init);
      const url = new URL(request.url);
      // The bytes as sent (a file upload is not text); the log keeps them as text.
      const bytes = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : undefined;
      const body = bytes ? new TextDecoder().decode(bytes) : '';
      browser.requests.push({ method: request.method, url: url.pathname + url.search, body });
      // As a browser does, fetch fails with a TypeError when the request or its reply is lost.
      if (browser.offline) throw new TypeError('Failed to fetch');
      const headers = new Headers(request.headers);
      // Every cookie of the jar, the device cookie too (it outlives the session).
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(url, {
        method: request.method,
        headers,
        body: bytes && bytes.byteLength > 0 ? bytes : undefined,
        signal: request.signal,
      });
      for (const header of response.headers.getSetCookie()) keep(jar, header);
      const route = `${request.method} ${url.pathname}`;
      const held = holding.get(route)?.shift();
      if (held) await held;
      if (losing.delete(route)) {
        await response.body?.cancel();
        throw new TypeError('Failed to fetch');
      }
      return response;
    },
    async signIn(role = 'user') {
      if (role === 'guest') {
        // A guest is made only by the guest endpoint (no email, an expiry), as the app does it.
        const response = await browser.fetch(`${origin}/api/auth/guest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        if (response.status !== 201) throw new Error(`guest sign-in answered ${response.status}`);
        return ((await response.json()) as { user: User }).user;
      }
      const made = await createUser(t.app, role);
      keep(jar, made.cookie);
      return (await api.as(made.cookie).call('me')).data();
    },
  };
  return browser;
}

/** Stores a Set-Cookie header's value, or forgets the cookie when the header expires it. */
function keep(jar: Map<string, string>, setCookie: string): void {
  const [pair = '', ...attributes] = setCookie.split(';');
  const separator = pair.indexOf('=');
  const name = pair.slice(0, separator).trim();
  const value = pair.slice(separator + 1).trim();
  const expired = attributes.some((attribute) => {
    const [key = '', raw = ''] = attribute.split('=');
    const lower = key.trim().toLowerCase();
    if (lower === 'max-age') return Number(raw) <= 0;
    if (lower === 'expires') return Date.parse(raw) <= Date.now();
    return false;
  });
  if (expired || value === '') jar.delete(name);
  else jar.set(name, value);
}

/**
 * The usual life of a screen test file: one server for the file, a fresh browser (a new cookie
 * jar) before each test, handed to `bind` so the file keeps its own `server` and `browser`.
 */
export function withApiServer(
  options: ApiServerOptions,
  bind: (server: ApiServer, browser: TestBrowser) => void,
): void {
  let server: ApiServer | undefined;
  beforeAll(async () => {
    server = await startApiServer(options);
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    if (server) bind(server, server.browser());
  });
}
