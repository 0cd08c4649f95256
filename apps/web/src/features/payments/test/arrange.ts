import type { Language, User } from '@wordhoard/shared';
import { vi } from 'vitest';
import type { StripeEmulator } from '../../../../../server/test/stripe/emulator';
import type { ApiServer, TestBrowser } from '../../../test/apiServer';

/** The Stripe emulator of a server started with `stripe: true`. */
export function stripeOf(server: ApiServer): StripeEmulator {
  if (!server.stripe) throw new Error('start the API server with { stripe: true }');
  return server.stripe;
}

/**
 * Opens a Stripe Checkout for Premium as the browser's user, as the Upgrade button does: the
 * user is at Stripe now. Answers the Checkout Session's id.
 */
export async function openCheckout(server: ApiServer, browser: TestBrowser): Promise<string> {
  const api = server.api.as(browser.cookie());
  const { url } = (await api.call('checkout', { body: { planId: 'premium' } })).data();
  const sessionId = new URL(url).pathname.split('/').pop();
  if (!sessionId) throw new Error(`no Checkout Session in ${url}`);
  return sessionId;
}

/**
 * Signs the browser in as a user who bought Premium through Checkout (as the server's payments
 * suites do): Stripe's signed webhooks have reached the server. Answers the user as GET
 * /users/me has it then, the end of the paid period at Stripe and the subscription's id there.
 */
export async function signInAsPremium(
  server: ApiServer,
  browser: TestBrowser,
  { interfaceLanguage }: { interfaceLanguage?: Language } = {},
): Promise<{ user: User; periodEnd: Date; subscriptionId: string }> {
  const stripe = stripeOf(server);
  await browser.signIn();
  const api = server.api.as(browser.cookie());
  if (interfaceLanguage) (await api.call('updateMe', { body: { interfaceLanguage } })).data();
  const sessionId = await openCheckout(server, browser);
  await stripe.completeCheckout(sessionId);
  const subscriptionId = String(stripe.checkoutSessions.get(sessionId)?.subscription);
  const items = stripe.subscriptions.get(subscriptionId)?.items as
    { data: { current_period_end: number }[] } | undefined;
  const periodEnd = items?.data[0]?.current_period_end;
  if (periodEnd === undefined) throw new Error(`no subscription for Checkout Session ${sessionId}`);
  const user = (await api.call('me')).data();
  if (user.role !== 'premium') throw new Error(`Checkout left the user ${user.role}`);
  return { user, periodEnd: new Date(periodEnd * 1000), subscriptionId };
}

/**
 * The customer pays at Stripe and Stripe sends them back to /stripe/success, but its webhooks
 * have not reached the server yet: the Checkout Session is complete, the user still role user.
 * Answers the held events; delivering them is what tells the server.
 */
export async function payWithoutTellingServer(server: ApiServer, sessionId: string) {
  const stripe = stripeOf(server);
  const before = stripe.events.length;
  stripe.autoDeliver = false;
  try {
    await stripe.completeCheckout(sessionId);
  } finally {
    stripe.autoDeliver = true;
  }
  const held = stripe.events.slice(before);
  return {
    deliver: async () => {
      for (const event of held) {
        const status = await stripe.deliver(event);
        if (status !== 200) throw new Error(`webhook ${event.type} answered ${status}`);
      }
    },
  };
}

/**
 * Leaving the app for Stripe (Checkout, the billing portal) is the browser's job, and jsdom
 * cannot navigate to another origin: the test records where the page sent the browser instead.
 * `vi.unstubAllGlobals()` puts the real location back.
 */
export function recordPageExits() {
  const assign = vi.fn<(url: string | URL) => void>();
  const realLocation = window.location;
  vi.stubGlobal(
    'location',
    // The real location in all else, read through (a proxy of the real one could not override
    // `assign`, which jsdom makes read-only; its methods want the real one as `this`).
    new Proxy({} as Location, {
      get(_standIn, key) {
        if (key === 'assign') return assign;
        const value: unknown = Reflect.get(realLocation, key);
        return typeof value === 'function' ? value.bind(realLocation) : value;
      },
    }),
  );
  return assign;
}

/**
 * The browser's fetch, also noting the role each answer of GET /users/me told the page, oldest
 * first: what the page saw while it waited for the payment to be confirmed.
 */
export function watchUserLooks(browser: TestBrowser): { fetch: typeof fetch; roles: string[] } {
  const roles: string[] = [];
  const watching: typeof fetch = async (input, init) => {
    const response = await browser.fetch(input, init);
    const { method, url } = new Request(input, init);
    if (method === 'GET' && new URL(url).pathname === '/api/users/me' && response.ok) {
      roles.push(((await response.clone().json()) as User).role);
    }
    return response;
  };
  return { fetch: watching, roles };
}
