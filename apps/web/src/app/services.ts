import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, isTimeZone, type User } from '@wordhoard/shared';
import type { i18n as I18n } from 'i18next';
import { createErrorStore, watchConnection } from '../shared/errors';
import { NetworkError, createHttpClient, type UploadTransport } from '../shared/http';
import { createOfflineStore, type OfflineStore } from '../shared/offline';
import { currentLanguage, limitMessage, switchLanguage } from '../shared/i18n';
import type { Services } from '../shared/services';
import { createSessionService } from '../shared/session';

/** `retryDelayMs`: a fixed wait before a retry instead of React Query's 1 s, 2 s, … (tests). */
export function createQueryClient({ retryDelayMs }: { retryDelayMs?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only a dropped connection is worth retrying; an error answer will not change.
        retry: (failureCount, error) => error instanceof NetworkError && failureCount < 2,
        ...(retryDelayMs === undefined ? {} : { retryDelay: retryDelayMs }),
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
  /** The browser's IANA time zone; tests pretend to be elsewhere. */
  browserTimeZone?: () => string | undefined;
  /** Where offline tests are kept; IndexedDB unless a test gives another. */
  offline?: OfflineStore;
  /** How often an unreachable server is asked again; every few seconds unless a test says. */
  reconnectProbeMs?: number;
}

/** The zone the browser runs in, or undefined where it tells none. */
function systemTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Wires the services together: the one http client, the error modal's store, the session. */
/** Loaded with the first upload: no screen on the way to signing in needs it. */
const xhrUploadWhenNeeded: UploadTransport = async (url, request, onProgress) =>
  (await import('../shared/http/upload')).xhrUpload(url, request, onProgress);

export function createAppServices({
  i18n,
  queryClient,
  navigate,
  apiBaseUrl,
  fetch,
  browserTimeZone = systemTimeZone,
  offline = createOfflineStore(),
  reconnectProbeMs,
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
    // A test's own fetch (its own cookies) sends uploads too, without progress.
    upload: fetch ? undefined : xhrUploadWhenNeeded,
  });
  // A lost connection is told once; the app comes back by itself when the server answers again.
  watchConnection({
    errors,
    intervalMs: reconnectProbeMs,
    probe: () =>
      http.request('health', { silent: true }).then(
        () => true,
        (error: unknown) => !(error instanceof NetworkError),
      ),
    // What failed for want of a connection loads again (the screens on view at once).
    onReconnect: () =>
      void queryClient.invalidateQueries({ predicate: (query) => query.state.error instanceof NetworkError }),
  });
  /**
   * An account still on the default zone takes the browser's, once (at sign-up, or the first
   * sign-in after time zones came): PATCH /users/me, quietly, at most once per account and
   * page load; a zone the learner chose is never overwritten (docs/decisions/0053-learners-day.md).
   */
  const zoneAsked = new Set<string>();
  function adoptBrowserTimeZone(user: User) {
    const zone = browserTimeZone();
    if (user.timeZone !== DEFAULT_TIME_ZONE || !zone || zone === user.timeZone || !isTimeZone(zone)) return;
    if (zoneAsked.has(user.id)) return;
    zoneAsked.add(user.id);
    http.request('updateMe', { body: { timeZone: zone }, silent: true }).then(
      (updated) => {
        if (session.getUser()?.id === updated.id) void session.setUser(updated);
      },
      // Not worth a message: the account keeps its zone, and the profile can set one.
      () => undefined,
    );
  }
  const session = createSessionService({
    http,
    queryClient,
    navigate,
    onUserChange: (user) => {
      void offline.countPending(user?.id ?? null).catch(() => undefined);
      // Signed out: this device no longer opens as them offline (their waiting answers stay).
      if (!user) return void offline.forgetUser().catch(() => undefined);
      adoptBrowserTimeZone(user);
      return switchLanguage(i18n, user.interfaceLanguage);
    },
  });
  return { http, errors, session, offline };
}
