import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useOfflineStatus } from '../../shared/offline';
import { useServices } from '../../shared/services';
import { useUser } from '../../shared/session';

/** How often waiting answers are tried again while some wait (beside `online` and reconnects). */
const RETRY_MS = 15_000;

/**
 * Sends the answers a test queued offline (decision 0058) wherever the learner is in the app:
 * at start, when the browser says it is online, when the server answers again, and every few
 * seconds while any wait. The runner is loaded only when there is something to send.
 */
export function OfflineSync() {
  const services = useServices();
  const queryClient = useQueryClient();
  const user = useUser();
  const { pending } = useOfflineStatus(services.offline);
  const offline = useSyncExternalStore(services.errors.subscribe, services.errors.isOffline, () => false);

  useEffect(() => {
    if (!user || pending === 0) return undefined;
    let stopped = false;
    const send = async () => {
      if (stopped) return;
      const { offlineRunner } = await import('../../features/testing/api/testingApi');
      await offlineRunner(services, queryClient)
        .sync()
        .catch(() => undefined);
    };
    void send();
    const timer = setInterval(() => void send(), RETRY_MS);
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
    // `offline` turning false is the server answering again: a reason to try at once.
  }, [user, pending, offline, services, queryClient]);

  return null;
}
