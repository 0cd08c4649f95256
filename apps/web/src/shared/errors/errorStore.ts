import { useSyncExternalStore } from 'react';
import { isCancelledError } from '../http/errors';
import { createStore } from '../lib/createStore';

/** The message of the global error modal; the modal is open while it is non-empty. */
export interface ErrorStore {
  getMessage: () => string;
  subscribe: (listener: () => void) => () => void;
  show: (message: string) => void;
  /** Shows what went wrong, except for cancelled requests, which are silent by design. */
  report: (error: unknown) => void;
  clear: () => void;
}

export function createErrorStore(): ErrorStore {
  const store = createStore('');
  return {
    getMessage: store.get,
    subscribe: store.subscribe,
    show: (message) => store.set(message.trim()),
    report(error) {
      if (isCancelledError(error)) return;
      store.set(error instanceof Error ? error.message : String(error));
    },
    clear: () => store.set(''),
  };
}

export function useErrorMessage(errors: ErrorStore): string {
  return useSyncExternalStore(errors.subscribe, errors.getMessage, errors.getMessage);
}
