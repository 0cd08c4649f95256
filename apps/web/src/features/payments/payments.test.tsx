import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@wordhoard/shared';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, createQueryClient } from '../../app/services';
import { createI18n } from '../../shared/i18n';
import { ServiceProvider } from '../../shared/services';
import { renderApp } from '../../test/render';
import { startTestServer, type TestServer } from '../../test/testServer';
import { StripeSuccessView } from './screens/StripeSuccessPage';
import { freeUser, premiumUser, servePaymentsApi, type PaymentsApiState } from './test/fakePaymentsApi';

let server: TestServer;
let state: PaymentsApiState;
let api: ReturnType<typeof servePaymentsApi>;

beforeEach(async () => {
  server = await startTestServer();
  state = { user: freeUser(), checkout: { url: '#checkout' }, refund: 'ok', portalUrl: '#portal' };
  api = servePaymentsApi(server, state);
  window.location.hash = '';
});

afterEach(async () => {
  await server.close();
});

const open = (path: string) => renderApp({ path, apiUrl: server.apiUrl });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const requestsTo = (method: string, url: string) =>
  server.requests.filter((request) => request.method === method && request.url === url);
/** The value next to a label in a description list. */
const fact = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/plans', () => {
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
    ]).toEqual(['2', '300', '5']);
    expect([
      fact(premium, 'Dictionaries'),
      fact(premium, 'Words per dictionary'),
      fact(premium, 'Tests per day'),
    ]).toEqual(['10', '2,000', '50']);
    expect(within(free).queryByRole('button')).not.toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
  });

  it('formats prices and limits in the interface language', async () => {
    state.user = freeUser({ interfaceLanguage: 'de' });
    await open('/plans');
    expect(await heading('Tarife')).toBeInTheDocument();

    const premium = await screen.findByRole('article', { name: 'Premium' });
    const free = screen.getByRole('article', { name: 'Kostenlos' });
    expect(within(premium).getByText(/^3,99\s\$$/)).toBeInTheDocument();
    expect(within(free).getByText(/^0\s\$$/)).toBeInTheDocument();
    expect(fact(premium, 'Wörter pro Wörterbuch')).toBe('2.000');
  });

  it('sends the user to Stripe Checkout on upgrade', async () => {
    const { user } = await open('/plans');
    const premium = await screen.findByRole('article', { name: 'Premium' });

    await user.click(within(premium).getByRole('button', { name: 'Upgrade to Premium' }));

    await waitFor(() => expect(window.location.hash).toBe('#checkout'));
    const [checkout] = requestsTo('POST', '/api/stripe/session');
    expect(JSON.parse(checkout?.body ?? '')).toEqual({ planId: 'premium' });
  });

  it('says inline that payments are unavailable (503) and keeps the plans, without the error modal', async () => {
    state.checkout = 'unavailable';
    const { user } = await open('/plans');
    const premium = await screen.findByRole('article', { name: 'Premium' });

    await user.click(within(premium).getByRole('button', { name: 'Upgrade to Premium' }));

    expect(await screen.findByText(/Payments are not available right now/)).toBeInTheDocument();
    expect(screen.getByTestId('payments-unavailable')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Free' })).toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
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
  it('shows the plan, its limits, price, next payment date and expiry "Never"', async () => {
    state.user = premiumUser();
    await open('/subscription');
    expect(await heading('Subscription')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Plan details' });
    expect(fact(details, 'Plan')).toBe('Premium');
    expect(fact(details, 'Max dictionaries')).toBe('10');
    expect(fact(details, 'Max words per dictionary')).toBe('2,000');
    expect(fact(details, 'Max tests per day')).toBe('50');
    expect(fact(details, 'Price per month')).toBe('$3.99');
    expect(fact(details, 'Next payment date')).toBe('June 21, 2026');
    expect(fact(details, 'Expires at')).toBe('Never');
    expect(within(details).getByText('Renews automatically on June 21, 2026.')).toBeInTheDocument();
  });

  it('formats the dates in the interface language', async () => {
    state.user = premiumUser({}, { interfaceLanguage: 'uk' });
    await open('/subscription');
    expect(await heading('Підписка')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Деталі тарифу' });
    expect(fact(details, 'Дата наступного платежу')).toBe('21 червня 2026 р.');
  });

  it('cancels at the end of the period, then renews, reloading the user after each', async () => {
    state.user = premiumUser();
    const { user, services } = await open('/subscription');
    await heading('Subscription');
    const details = screen.getByRole('region', { name: 'Plan details' });

    const cancel = screen.getByRole('button', { name: 'Cancel at end of period' });
    await user.click(cancel);

    expect(
      await screen.findByText('Your subscription is cancelled. Premium stays active until June 21, 2026.'),
    ).toBeInTheDocument();
    expect(fact(details, 'Expires at')).toBe('June 21, 2026');
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

  it('asks before cancelling with refund, then the user is back to role user on the menu', async () => {
    state.user = premiumUser();
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

    expect(await heading('Main menu')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(requestsTo('POST', '/api/stripe/subscription/refund')).toHaveLength(1);
    expect(services.session.getUser()).toMatchObject({ role: 'user', limits: { dictionaries: 2 } });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Upgrade account' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Subscription' })).not.toBeInTheDocument();
  });

  it('tells a failed refund inside the dialog and keeps Premium', async () => {
    state.user = premiumUser();
    state.refund = 'fail';
    const { user, services } = await open('/subscription');
    await heading('Subscription');

    await user.click(screen.getByRole('button', { name: 'Cancel now with refund' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment provider did not answer');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(services.session.getUser()?.role).toBe('premium');
  });

  it('opens the billing portal', async () => {
    state.user = premiumUser();
    const { user } = await open('/subscription');
    await heading('Subscription');

    await user.click(screen.getByRole('button', { name: 'Billing portal' }));

    await waitFor(() => expect(window.location.hash).toBe('#portal'));
    expect(requestsTo('GET', '/api/stripe/customerPortal')).toHaveLength(1);
  });

  it('is reached from the account menu of a premium user', async () => {
    state.user = premiumUser();
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
  it('says the upgrade can take up to 5 minutes and polls the user until premium arrives', async () => {
    // Start-up and the first look still see role user; the second look (2 s later) sees premium.
    state.upgradeOnMe = 3;
    const { user, router } = await open('/stripe/success?session_id=cs_test_1');
    expect(await heading('Payment complete')).toBeInTheDocument();

    const status = screen.getByTestId('payment-status');
    expect(status).toHaveTextContent('can take up to 5 minutes');
    expect(screen.getByText('Waiting for confirmation…')).toBeInTheDocument();

    expect(
      await screen.findByText('Premium is active. Enjoy the higher limits!', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.meCalls()).toBe(3);
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
    const { services } = await renderScreen(
      <StripeSuccessView pollIntervalMs={20} timeoutMs={400} />,
      freeUser(),
    );

    expect(await screen.findByText(/taking longer than usual/)).toBeInTheDocument();
    const looks = api.meCalls();
    expect(looks).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.meCalls()).toBe(looks); // Stopped.

    state.upgradeOnMe = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));

    expect(await screen.findByText('Premium is active. Enjoy the higher limits!')).toBeInTheDocument();
    expect(services.session.getUser()?.role).toBe('premium');
  });
});

describe('/stripe/cancel', () => {
  it('says calmly that nothing was paid and leads back to the plans', async () => {
    const { user, router } = await open('/stripe/cancel');
    expect(await heading('Payment cancelled')).toBeInTheDocument();
    expect(screen.getByText(/No payment was taken/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to plans' }));

    expect(await heading('Plans')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plans');
  });
});

/** One screen with the real services against the test server, signed in as `user`. */
async function renderScreen(ui: ReactElement, user: User) {
  const i18n = await createI18n({ language: 'en' });
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  const services = createAppServices({
    i18n,
    queryClient,
    navigate: (to) => void router.navigate(to),
    apiBaseUrl: server.apiUrl,
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
