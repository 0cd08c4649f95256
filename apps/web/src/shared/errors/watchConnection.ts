import type { ErrorStore } from './errorStore';

/** How often the server is asked whether it can be reached again, while it cannot. */
export const RECONNECT_PROBE_MS = 3000;

interface WatchConnectionOptions {
  errors: ErrorStore;
  /** A small request; true if the server answered (with any status), false if it could not be reached. */
  probe: () => Promise<boolean>;
  /** The server can be reached again (after a probe, or any other answer). */
  onReconnect: () => void;
  intervalMs?: number;
}

/**
 * While the server cannot be reached, probes it every few seconds (and at once when the
 * browser says it is online again); when it answers (to a probe or to any other request), the
 * offline notice of an outage goes and `onReconnect` lets what failed load again. Returns a
 * function that stops watching.
 */
export function watchConnection({
  errors,
  probe,
  onReconnect,
  intervalMs = RECONNECT_PROBE_MS,
}: WatchConnectionOptions): () => void {
  let wasOffline = errors.isOffline();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing = false;

  const stopTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    if (timer === undefined && !probing && errors.isOffline()) timer = setTimeout(check, intervalMs);
  };
  async function check() {
    stopTimer();
    if (probing || !errors.isOffline()) return;
    probing = true;
    const reachable = await probe();
    probing = false;
    if (reachable) {
      errors.reconnected();
    } else {
      errors.stillOffline();
      schedule();
    }
  }

  const unsubscribe = errors.subscribe(() => {
    const offline = errors.isOffline();
    if (offline === wasOffline) return;
    wasOffline = offline;
    if (offline) {
      schedule();
    } else {
      stopTimer();
      onReconnect();
    }
  });
  const onOnline = () => void check();
  window.addEventListener('online', onOnline);
  schedule();

  return () => {
    unsubscribe();
    stopTimer();
    window.removeEventListener('online', onOnline);
  };
}
