import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from '../app/App';
import { createAppInitializer } from '../app/init/appInitializer';
import { createRouteObjects } from '../app/router/routes';
import { createAppServices, createQueryClient } from '../app/services';
import { createI18n } from '../shared/i18n';
import { ServiceProvider } from '../shared/services';

/** Renders one component with real i18n (English), services and a memory router. */
export async function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const i18n = await createI18n({ language: 'en' });
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const services = createAppServices({ i18n, queryClient, navigate: (to) => void router.navigate(to) });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ServiceProvider services={services}>
          <RouterProvider router={router} />
        </ServiceProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { i18n, router, services, user };
}

/**
 * Renders the whole app at `path`, talking to the API at `apiUrl` (the real server of
 * ./apiServer, or a local test server for network failures) through `fetch` (a browser's own).
 */
export async function renderApp({
  path = '/',
  apiUrl,
  fetch,
  timeZone = 'UTC',
  retryMs,
}: {
  path?: string;
  apiUrl: string;
  fetch?: typeof globalThis.fetch;
  /** The browser's time zone: UTC, the accounts' default, unless a test is about another. */
  timeZone?: string;
  /**
   * How long the app waits to ask again after a lost connection (a screen's retries, the
   * reconnect probe): seconds in the app; a test about outages waits for what happens, not for
   * the seconds.
   */
  retryMs?: number;
}) {
  const i18n = await createI18n({ language: 'en' });
  const queryClient = createQueryClient({ retryDelayMs: retryMs });
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  const services = createAppServices({
    i18n,
    queryClient,
    navigate: (to) => void router.navigate(to),
    apiBaseUrl: apiUrl,
    fetch,
    browserTimeZone: () => timeZone,
    reconnectProbeMs: retryMs,
  });
  const initializer = createAppInitializer(services);
  const user = userEvent.setup();
  render(
    <App
      i18n={i18n}
      queryClient={queryClient}
      services={services}
      initializer={initializer}
      router={router}
    />,
  );
  return { i18n, queryClient, router, services, initializer, user };
}
