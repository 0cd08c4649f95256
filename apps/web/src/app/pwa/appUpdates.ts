import { createStore } from '../../shared/lib/createStore';

/**
 * A new version of the app, told apart from the running one by its service worker
 * (docs/decisions/0051-service-worker.md): once it has installed it waits, and takes over only
 * when the user says so (UpdatePrompt), never on its own.
 *
 * The browser objects are reduced to what this needs, so tests drive it with plain EventTargets.
 */
export interface WorkerLike extends EventTarget {
  /** ServiceWorker.state: 'installing', 'installed', 'activating', 'activated', 'redundant'. */
  readonly state: string;
  postMessage: (message: unknown) => void;
}

/** ServiceWorkerRegistration: fires 'updatefound' when a new version starts installing. */
export interface RegistrationLike extends EventTarget {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
}

/** navigator.serviceWorker: fires 'controllerchange' when another version takes over the page. */
export interface WorkerContainerLike extends EventTarget {
  readonly controller: unknown;
}

/** The message the worker (src/serviceWorker/sw.ts) answers by taking over. */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export interface AppUpdates {
  /** Whether a new version has installed and waits. */
  isWaiting: () => boolean;
  subscribe: (listener: () => void) => () => void;
  /** Follows a registration: reports the version that waits now or starts waiting later. */
  watch: (registration: RegistrationLike, container: WorkerContainerLike) => void;
  /** Lets the waiting version take over, and reloads the page once it has. */
  apply: () => void;
}

export function createAppUpdates(reload: () => void = () => window.location.reload()): AppUpdates {
  const waiting = createStore<WorkerLike | null>(null);
  let container: WorkerContainerLike | null = null;
  let applying = false;

  const wait = (worker: WorkerLike) => {
    // A version replaced by a newer one before the user reloaded is gone: the newer one waits.
    worker.addEventListener('statechange', () => {
      if (worker.state === 'redundant' && waiting.get() === worker) waiting.set(null);
    });
    waiting.set(worker);
  };

  const follow = (worker: WorkerLike) => {
    const onStateChange = () => {
      if (worker.state !== 'installed') return;
      worker.removeEventListener('statechange', onStateChange);
      // Without a controller this is the first install, which activates at once: no update.
      if (container?.controller) wait(worker);
    };
    worker.addEventListener('statechange', onStateChange);
    onStateChange();
  };

  return {
    isWaiting: () => waiting.get() !== null,
    subscribe: waiting.subscribe,
    watch(registration, workerContainer) {
      container = workerContainer;
      if (registration.waiting && workerContainer.controller) wait(registration.waiting);
      registration.addEventListener('updatefound', () => {
        if (registration.installing) follow(registration.installing);
      });
    },
    apply() {
      const worker = waiting.get();
      if (!worker || !container || applying) return;
      applying = true;
      container.addEventListener('controllerchange', () => reload(), { once: true });
      worker.postMessage(SKIP_WAITING);
    },
  };
}

/** The app's one instance: filled by registerServiceWorker, shown by UpdatePrompt. */
export const appUpdates = createAppUpdates();
