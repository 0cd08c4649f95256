import { useSyncExternalStore } from 'react';
import type { OfflineStatus, OfflineStore } from './offlineStore';

/** The waiting answers and the last sending, for the header and the test screens. */
export function useOfflineStatus(store: OfflineStore): OfflineStatus {
  return useSyncExternalStore(store.status.subscribe, store.status.get, store.status.get);
}
