import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { createErrorStore, watchConnection } from '../shared/errors';
import { NetworkError, createHttpClient } from '../shared/http';
import { currentLanguage, limitMessage, switchLanguage } from '../shared/i18n';
import type { Services } from '../shared/services';
import { createSessionService } from '../shared/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only a dropped connection is worth retrying; an error answer will not change.
        retry: (failureCount, error) => error instanceof NetworkError && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

interface AppServicesConfig {
  i18n: I18n;
  queryClient: QueryClient;
  /** Navigation from outside React (the router's own navigate). */
  navigate: (path: string) => void;
  /** Where the API lives; '/api' unless a test points elsewhere. */
  apiBaseUrl?: string;
  /** How requests go out; tests give each simulated browser its own cookie jar. */
  fetch?: typeof fetch;
}

/** Wires the services together: the one http client, the error modal's store, the session. */
export function createAppServices({
  i18n,
  queryClient,
  navigate,
  apiBaseUrl,
  fetch,
}: AppServicesConfig): Services {
  const errors = createErrorStore();
  const http = createHttpClient({
    baseUrl: apiBaseUrl,
    fetch,
    getLanguage: () => currentLanguage(i18n),
    reportError: (error) => errors.report(error),
    // The Unauthorized path of SPEC §8; the client has already put the message in the modal.
    onUnauthorized: () => session.end(),
    fallbackMessage: (status) => i18n.t('Errors.RequestFailed', { status }),
    limitMessage: (code, limit) => limitMessage(i18n.t, code, limit),
    offlineMessage: () => i18n.t('Errors.Offline'),
    onReachable: () => errors.reconnected(),
  });
  // A lost connection is told once; the app comes back by itself when the server answers again.
  watchConnection({
    errors,
    probe: () =>
      http.request('health', { silent: true }).then(
        () => true,
        (error: unknown) => !(error instanceof NetworkError),
      ),
    // What failed for want of a connection loads again (the screens on view at once).
    onReconnect: () =>
      void queryClient.invalidateQueries({ predicate: (query) => query.state.error instanceof NetworkError }),
  });
  const session = createSessionService({
    http,
    queryClient,
    navigate,
    onUserChange: (user) => (user ? switchLanguage(i18n, user.interfaceLanguage) : undefined),
  });
  return { http, errors, session };
}
