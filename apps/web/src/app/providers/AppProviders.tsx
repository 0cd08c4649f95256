import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ServiceProvider, type Services } from '../../shared/services';
import { AppInitProvider } from '../init/AppInitContext';
import type { AppInitializer } from '../init/appInitializer';

export interface AppContextValue {
  i18n: I18n;
  queryClient: QueryClient;
  services: Services;
  initializer: AppInitializer;
}

/** Everything a screen may reach through context. */
export function AppProviders({
  i18n,
  queryClient,
  services,
  initializer,
  children,
}: AppContextValue & { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ServiceProvider services={services}>
          <AppInitProvider initializer={initializer}>{children}</AppInitProvider>
        </ServiceProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
