import { useSyncExternalStore } from 'react';
import { ApiError, isCancelledError } from '../http/errors';
import { createStore } from '../lib/createStore';
import { isNetworkFailure } from './errorText';

/** The message the modal shows while the server cannot be reached (an i18n key). */
export const OFFLINE_MESSAGE = 'Errors.Offline';

/**
 * The message of the global error modal; the modal is open while it is non-empty.
 *
 * A lost connection is told once: every further failure to reach the server while it lasts is
 * silent, also after the person has closed the notice, until the server answers again.
 */
export interface ErrorStore {
  getMessage: () => string;
  /** True from a failure to reach the server until it answers again. */
  isOffline: () => boolean;
  subscribe: (listener: () => void) => () => void;
  show: (message: string) => void;
  /** Shows what went wrong, except for cancelled requests, which are silent by design. */
  report: (error: unknown) => void;
  clear: () => void;
  /** A probe could not reach the server either: more than one lost request, an outage. */
  stillOffline: () => void;
  /**
   * The server answered again: a later loss is told again, and the notice of an outage goes by
   * itself (that of a single lost request stays until closed, so that it can be read).
   */
  reconnected: () => void;
}

/** Reachable; one request could not reach the server; a probe could not either. */
type Connection = 'online' | 'lost' | 'down';

interface ErrorState {
  message: string;
  connection: Connection;
}

export function createErrorStore(): ErrorStore {
  const store = createStore<ErrorState>({ message: '', connection: 'online' });
  const update = (change: Partial<ErrorState>) => store.set({ ...store.get(), ...change });
  return {
    getMessage: () => store.get().message,
    isOffline: () => store.get().connection !== 'online',
    subscribe: store.subscribe,
    show: (message) => update({ message: message.trim() }),
    report(error) {
      if (isCancelledError(error)) return;
      if (isNetworkFailure(error)) {
        if (store.get().connection === 'online') update({ message: OFFLINE_MESSAGE, connection: 'lost' });
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      // An error answer came from the server, so it can be reached.
      update(error instanceof ApiError ? { message, connection: 'online' } : { message });
    },
    clear() {
      if (store.get().message !== '') update({ message: '' });
    },
    stillOffline() {
      if (store.get().connection === 'lost') update({ connection: 'down' });
    },
    reconnected() {
      const { message, connection } = store.get();
      if (connection === 'online') return;
      const closeNotice = connection === 'down' && message === OFFLINE_MESSAGE;
      update({ message: closeNotice ? '' : message, connection: 'online' });
    },
  };
}

export function useErrorMessage(errors: ErrorStore): string {
  return useSyncExternalStore(errors.subscribe, errors.getMessage, errors.getMessage);
}
