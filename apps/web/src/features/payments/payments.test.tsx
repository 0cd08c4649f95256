import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language, User } from '@wordhoard/shared';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppServices, createQueryClient } from '../../app/services';
import { createI18n } from '../../shared/i18n';
import { ServiceProvider } from '../../shared/services';
import { startApiServer, type ApiServer, type TestBrowser } from '../../test/apiServer';
import { renderApp } from '../../test/render';
import { StripeSuccessView } from './screens/StripeSuccessPage';
import {
  openCheckout,
  payWithoutTellingServer,
  recordPageExits,
  signInAsPremium,
  stripeOf,
  watchUserLooks,
} from './test/arrange';

let server: ApiServer;
let browser: TestBrowser;
/** Where the page sent the browser away to (Stripe's Checkout or portal). */
let pageExits: ReturnType<typeof recordPageExits>;

beforeAll(async () => {
  server = await startApiServer({ stripe: true });
});
afterAll(() => server.close());

beforeEach(() => {
  browser = server.browser();
  pageExits = recordPageExits();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const open = (path: string) => renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const requestsTo = (method: string, url: string) =>
  browser.requests.filter((request) => request.method === method && request.url === url);
/** The value next to a label in a description list. */
const fact = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
/** An amount in cents as the screens write dollars ("$3.98" in English, "3,98 $" in German). */
const usd = (cents: number, language: Language = 'en') =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' })
    .format(cents / 100)
    // Intl puts a no-break space before "$" in German; text matchers see an ordinary one.
    .replace(/\s/g, ' ');
/** What Stripe refunded for a subscription, in cents. */
const refundOf = (subscriptionId: string) => {
  const refunds = [...stripeOf(server).refunds.values()].filter(
    (refund) => (refund.metadata as Record<string, string>).subscription === subscriptionId,
  );
  expect(refunds).toHaveLength(1);
  return Number(refunds[0]?.amount);
};
/** A calendar date as the screens write it ("June 21, 2026" in English). */
const longDate = (date: Date, language: Language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
const chooseInterfaceLanguage = async (interfaceLanguage: Language) =>
  (await server.api.as(browser.cookie()).call('updateMe', { body: { interfaceLanguage } })).data();

describe('/plans', () => {
  let member: User;

  beforeEach(async () => {
    member = await browser.signIn();
  });

  it('shows Free and Premium with their limits and monthly prices, the current plan marked', async () => {
    await open('/plans');
    expect(await heading('Plans')).toBeInTheDocument();

    const free = await screen.findByRole('article', { name: 'Free' });
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(premium).queryByText('Current plan')).not.toBeInTheDocument();

    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(premium).getByText('$3.99')).toBeInTheDocument();
    expect(within(premium).getByText('per month')).toBeInTheDocument();
    expect([
      fact(free, 'Dictionaries'),
      fact(free, 'Words per dictionary'),
      fact(free, 'Tests per day'),
      fact(free, 'Storage for pictures and recordings'),
    ]).toEqual(['2', '300', '5', '50 MB']);
    expect([
      fact(premium, 'Dictionaries'),
      fact(premium, 'Words per dictionary'),
      fact(premium, 'Tests per day'),
      fact(premium, 'Storage for pictures and recordings'),
    ]).toEqual(['10', '2,000', '50', '1 GB']);
    expect(within(free).queryByRole('button')).not.toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
  });

  it('formats prices and limits in the interface language', async () => {
    await chooseInterfaceLanguage('de');
    await open('/plans');
    expect(await heading('Tarife')).toBeInTheDocument();

    const premium = await screen.findByRole('article', { name: 'Premium' });
    const free = screen.getByRole('article', { name: 'Kostenlos' });
    expect(within(premium).getByText(/^3,99\s\$$/)).toBeInTheDocument();
    expect(within(free).getByText(/^0\s\$$/)).toBeInTheDocument();
    expect(fact(premium, 'Wörter pro Wörterbuch')).toBe('2.000');
    expect(fact(free, 'Speicher für Bilder und Aufnahmen')).toBe('50 MB');
  });

  it('sends the user to Stripe Checkout on upgrade', async () => {
    const { user } = await open('/plans');
    const premium = await screen.findByRole('article', { name: 'Premium' });

    await user.click(within(premium).getByRole('button', { name: 'Upgrade to Premium' }));

    await waitFor(() => expect(pageExits).toHaveBeenCalledOnce());
    // Off to the Checkout Session the server opened at Stripe for this user.
    const stripe = stripeOf(server);
    const sessions = [...stripe.checkoutSessions.values()].filter(
      (session) => session.client_reference_id === member.id,
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.url).toMatch(new RegExp(`^${stripe.baseUrl}/checkout/cs_test_`));
    expect(pageExits).toHaveBeenCalledWith(sessions[0]?.url);
    const [checkout] = requestsTo('POST', '/api/stripe/session');
    expect(JSON.parse(checkout?.body ?? '')).toEqual({ planId: 'premium' });
  });

  it('says inline that payments are unavailable (503) and keeps the plans, without the error modal', async () => {
    // Stripe cannot be reached (both tries of its SDK): the server answers 503 PAYMENTS_UNAVAILABLE.
    stripeOf(server).failNext({ method: 'POST', path: '/v1/customers' }, { drop: 'before', times: 2 });
    const { user } = await open('/plans');
    const premium = await screen.findByRole('article', { name: 'Premium' });

    await user.click(within(premium).getByRole('button', { name: 'Upgrade to Premium' }));

    expect(await screen.findByText(/Payments are not available right now/)).toBeInTheDocument();
    expect(screen.getByTestId('payments-unavailable')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Free' })).toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(pageExits).not.toHaveBeenCalled();
  });

  it('is offered in the account menu of role user only', async () => {
    const { user, router } = await open('/menu');
    await heading('Main menu');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Upgrade account' }));

    expect(await heading('Plans')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plans');
  });
});

describe('/subscription', () => {
  /** When the paid month ends at Stripe: the next payment, or the expiry once cancelled. */
  let periodEnd: Date;
  let subscriptionId: string;

  beforeEach(async () => {
    ({ periodEnd, subscriptionId } = await signInAsPremium(server, browser));
  });

  it('shows the plan, its limits, price, next payment date and expiry "Never"', async () => {
    await open('/subscription');
    expect(await heading('Subscription')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Plan details' });
    expect(fact(details, 'Plan')).toBe('Premium');
    expect(fact(details, 'Max dictionaries')).toBe('10');
    expect(fact(details, 'Max words per dictionary')).toBe('2,000');
    expect(fact(details, 'Max tests per day')).toBe('50');
    expect(fact(details, 'Price per month')).toBe('$3.99');
    expect(fact(details, 'Next payment date')).toBe(longDate(periodEnd));
    expect(fact(details, 'Expires at')).toBe('Never');
    expect(within(details).getByText(`Renews automatically on ${longDate(periodEnd)}.`)).toBeInTheDocument();
  });

  it('formats the dates in the interface language', async () => {
    await chooseInterfaceLanguage('uk');
    await open('/subscription');
    expect(await heading('Підписка')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Деталі тарифу' });
    // e.g. "21 червня 2026 р."
    expect(fact(details, 'Дата наступного платежу')).toBe(longDate(periodEnd, 'uk'));
  });

  it('cancels at the end of the period after asking, then renews, reloading the user after each', async () => {
    const { user, services } = await open('/subscription');
    await heading('Subscription');
    const details = screen.getByRole('region', { name: 'Plan details' });

    // First it asks, saying until when Premium stays; keeping Premium sends nothing.
    await user.click(screen.getByRole('button', { name: 'Cancel at end of period' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel at the end of the period?' });
    expect(dialog).toHaveTextContent(`Premium stays active until ${longDate(periodEnd)}.`);
    expect(within(dialog).getByRole('button', { name: 'Keep Premium' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo('PATCH', '/api/stripe/subscription/cancel')).toHaveLength(0);
    expect(fact(details, 'Expires at')).toBe('Never');

    await user.click(screen.getByRole('button', { name: 'Cancel at end of period' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel at the end of the period?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(
      await screen.findByText(
        `Your subscription is cancelled. Premium stays active until ${longDate(periodEnd)}.`,
      ),
    ).toBeInTheDocument();
    expect(fact(details, 'Expires at')).toBe(longDate(periodEnd));
    expect(fact(details, 'Next payment date')).toBe('No further payments');
    expect(services.session.getUser()?.plan.cancelAtPeriodEnd).toBe(true);
    // The same button now renews, and keyboard focus stayed on it.
    const renew = screen.getByRole('button', { name: 'Renew subscription' });
    expect(renew).toHaveFocus();

    await user.keyboard('{Enter}');

    expect(await screen.findByText(/Your subscription is renewed/)).toBeInTheDocument();
    expect(fact(details, 'Expires at')).toBe('Never');
    expect(screen.getByRole('button', { name: 'Cancel at end of period' })).toHaveFocus();
    expect(requestsTo('PATCH', '/api/stripe/subscription/cancel')).toHaveLength(1);
    expect(requestsTo('PATCH', '/api/stripe/subscription/renew')).toHaveLength(1);
    expect(services.session.getUser()?.plan.cancelAtPeriodEnd).toBe(false);
  });

  it('asks before cancelling with refund, then the plans say Premium ended and what was refunded', async () => {
    const { user, router, services } = await open('/subscription');
    await heading('Subscription');

    await user.click(screen.getByRole('button', { name: 'Cancel now with refund' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel Premium now?' });
    expect(dialog).toHaveTextContent('You will lose Premium features at once');
    // The safe answer has focus; keeping Premium sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Keep Premium' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo('POST', '/api/stripe/subscription/refund')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel now with refund' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel Premium now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));

    expect(await heading('Plans')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plans');
    // What happened: the amount Stripe refunded, in dollars, and Premium is over.
    const refunded = refundOf(subscriptionId);
    expect(refunded).toBeGreaterThan(0);
    expect(screen.getByTestId('premium-ended')).toHaveTextContent(
      `Premium has ended and ${usd(refunded)} has been refunded to your card. You are on the Free plan again.`,
    );
    expect(
      within(await screen.findByRole('article', { name: 'Free' })).getByText('Current plan'),
    ).toBeInTheDocument();
    expect(requestsTo('POST', '/api/stripe/subscription/refund')).toHaveLength(1);
    expect(services.session.getUser()).toMatchObject({ role: 'user', limits: { dictionaries: 2 } });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Upgrade account' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Subscription' })).not.toBeInTheDocument();
  });

  it('says in the interface language until when Premium stays and what was refunded', async () => {
    await chooseInterfaceLanguage('de');
    const { user } = await open('/subscription');
    await heading('Abonnement');

    await user.click(screen.getByRole('button', { name: 'Zum Ende des Zeitraums kündigen' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Zum Ende des Zeitraums kündigen?' });
    // e.g. "21. Juni 2026"
    expect(dialog).toHaveTextContent(`Premium bleibt bis zum ${longDate(periodEnd, 'de')} aktiv.`);
    await user.click(within(dialog).getByRole('button', { name: 'Abonnement kündigen' }));
    expect(
      await screen.findByText(
        `Dein Abonnement ist gekündigt. Premium bleibt bis zum ${longDate(periodEnd, 'de')} aktiv.`,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Jetzt kündigen mit Erstattung' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Kündigen und erstatten' }));

    expect(await heading('Tarife')).toBeInTheDocument();
    // e.g. "3,98 $"
    expect(screen.getByTestId('premium-ended')).toHaveTextContent(
      `Premium ist beendet und ${usd(refundOf(subscriptionId), 'de')} wurden auf deine Karte erstattet.`,
    );
  });

  it('tells a failed refund inside the dialog and keeps Premium', async () => {
    // Stripe refuses the refund with an error of its own (and tells the SDK not to retry).
    stripeOf(server).failNext(
      { method: 'POST', path: '/v1/refunds' },
      { status: 500, headers: { 'stripe-should-retry': 'false' } },
    );
    const { user, services } = await open('/subscription');
    await heading('Subscription');

    await user.click(screen.getByRole('button', { name: 'Cancel now with refund' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment service could not complete the request',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(services.session.getUser()?.role).toBe('premium');
    expect((await server.api.as(browser.cookie()).call('me')).data().role).toBe('premium');
  });

  it('opens the billing portal', async () => {
    const { user } = await open('/subscription');
    await heading('Subscription');

    await user.click(screen.getByRole('button', { name: 'Billing portal' }));

    // Off to the customer's portal at Stripe, which leads back to this screen.
    await waitFor(() => expect(pageExits).toHaveBeenCalledOnce());
    const portal = new URL(String(pageExits.mock.calls[0]?.[0]));
    expect(portal.origin).toBe(stripeOf(server).baseUrl);
    expect(portal.pathname).toMatch(/^\/portal\/bps_/);
    expect(portal.searchParams.get('return')).toBe(`${server.t.config.appOrigin}/subscription`);
    expect(requestsTo('GET', '/api/stripe/customerPortal')).toHaveLength(1);
  });

  it('is reached from the account menu of a premium user', async () => {
    const { user, router } = await open('/menu');
    await heading('Main menu');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('menuitem', { name: 'Upgrade account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Subscription' }));

    expect(await heading('Subscription')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
  });
});

describe('/stripe/success', () => {
  it('thanks for a paid session, says the upgrade can take up to 5 minutes and polls until premium', async () => {
    await browser.signIn();
    const sessionId = await openCheckout(server, browser);
    // Paid at Stripe, which sends the customer here; its webhooks are still on their way.
    const webhooks = await payWithoutTellingServer(server, sessionId);
    const looks = watchUserLooks(browser);
    const { user, router } = await renderApp({
      path: `/stripe/success?session_id=${sessionId}`,
      apiUrl: server.apiUrl,
      fetch: looks.fetch,
    });
    expect(await heading('Payment complete')).toBeInTheDocument();

    const status = screen.getByTestId('payment-status');
    expect(status).toHaveTextContent('Thank you! Your payment has been received.');
    expect(status).toHaveTextContent('can take up to 5 minutes');
    expect(screen.getByText('Waiting for confirmation…')).toBeInTheDocument();
    // Start-up and the page's first look still see role user: Stripe has not told the server yet.
    await waitFor(() => expect(looks.roles).toEqual(['user', 'user']));

    // Stripe's webhooks reach the server.
    await webhooks.deliver();

    expect(await screen.findByText('Premium is active. Enjoy the higher limits!', {})).toBeInTheDocument();
    // The page looked again until it saw premium, and that look was its last.
    expect(looks.roles.length).toBeGreaterThanOrEqual(3);
    expect(looks.roles.indexOf('premium')).toBe(looks.roles.length - 1);
    const plan = screen.getByRole('region', { name: 'Premium' });
    expect(fact(plan, 'Max dictionaries')).toBe('10');
    expect(fact(plan, 'Price per month')).toBe('$3.99');
    // The header follows the session at once.
    expect(within(screen.getByRole('banner')).getAllByText('Premium').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Main menu' })).toHaveAttribute('href', '/menu');

    await user.click(screen.getByRole('link', { name: 'View subscription' }));
    expect(await heading('Subscription')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('stops after the time limit with a way to check again', async () => {
    const POLL_MS = 20;
    const member = await browser.signIn();
    const sessionId = await openCheckout(server, browser);
    const { services } = await renderScreen(
      <StripeSuccessView pollIntervalMs={POLL_MS} timeoutMs={400} />,
      member,
    );
    const userLooks = () => requestsTo('GET', '/api/users/me').length;

    expect(await screen.findByText(/taking longer than usual/)).toBeInTheDocument();
    const looks = userLooks();
    expect(looks).toBeGreaterThan(1);
    // Five intervals later, not one more look: it has stopped.
    await new Promise((resolve) => setTimeout(resolve, 5 * POLL_MS));
    expect(userLooks()).toBe(looks);

    // The payment is confirmed at last (Stripe's webhooks reach the server).
    await stripeOf(server).completeCheckout(sessionId);
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));

    expect(await screen.findByText('Premium is active. Enjoy the higher limits!')).toBeInTheDocument();
    expect(services.session.getUser()?.role).toBe('premium');
  });
});

describe('/stripe/success without a paid session of this user', () => {
  const noPayment = async () => {
    expect(await heading('No payment to confirm here')).toBeInTheDocument();
    expect(screen.getByText(/no completed payment of yours to confirm/)).toBeInTheDocument();
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Your payment has been received/)).not.toBeInTheDocument();
    // Nothing went wrong from the user's point of view: no error modal.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Main menu' })).toHaveAttribute('href', '/menu');
  };
  const sessionChecks = () =>
    browser.requests.filter((request) => request.url.startsWith('/api/stripe/session/'));

  beforeEach(async () => {
    await browser.signIn();
  });

  it('confirms nothing without a session_id, and leads to the plans', async () => {
    const { user, router } = await open('/stripe/success');
    await noPayment();
    expect(sessionChecks()).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'View plans' }));
    expect(await heading('Plans')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plans');
  });

  it('shows a spinner while it checks, then confirms nothing for a made-up session', async () => {
    const stripe = stripeOf(server);
    const lookup = stripe.pause({ method: 'GET', path: /^\/v1\/checkout\/sessions\/cs_test_/ });
    try {
      await open('/stripe/success?session_id=cs_test_0123456789abcdef');
      await lookup.reached;
      expect(await heading('Checking your payment')).toBeInTheDocument();
      expect(screen.getByTestId('payment-checking')).toHaveTextContent('Asking Stripe about your payment…');
      expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    } finally {
      lookup.release();
    }
    await noPayment();
    expect(sessionChecks().map((request) => request.url)).toEqual([
      '/api/stripe/session/cs_test_0123456789abcdef',
    ]);
  });

  it('confirms nothing for another user’s paid session', async () => {
    const other = server.browser();
    await other.signIn();
    const theirs = await openCheckout(server, other);
    await stripeOf(server).completeCheckout(theirs);

    await open(`/stripe/success?session_id=${theirs}`);

    await noPayment();
    expect(sessionChecks()).toHaveLength(1);
  });

  it('confirms nothing for the user’s own session before it is paid', async () => {
    const sessionId = await openCheckout(server, browser);

    await open(`/stripe/success?session_id=${sessionId}`);

    await noPayment();
  });
});

describe('/stripe/cancel', () => {
  it('says calmly that nothing was paid and leads back to the plans', async () => {
    await browser.signIn();
    const { user, router } = await open('/stripe/cancel');
    expect(await heading('Payment cancelled')).toBeInTheDocument();
    expect(screen.getByText(/No payment was taken/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to plans' }));

    expect(await heading('Plans')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plans');
  });
});

/** One screen with the real services against the real server, in the browser of `user`. */
async function renderScreen(ui: ReactElement, user: User) {
  const i18n = await createI18n({ language: 'en' });
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  const services = createAppServices({
    i18n,
    queryClient,
    navigate: (to) => void router.navigate(to),
    apiBaseUrl: server.apiUrl,
    fetch: browser.fetch,
  });
  await services.session.setUser(user);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ServiceProvider services={services}>
            <RouterProvider router={router} />
          </ServiceProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  return { services, router };
}
