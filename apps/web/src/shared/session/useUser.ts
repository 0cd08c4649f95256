import type { User } from '@wordhoard/shared';
import { useSyncExternalStore } from 'react';
import { useServices } from '../services/ServiceProvider';

/** The signed-in user, or null for a visitor. */
export function useUser(): User | null {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getUser, session.getUser);
}
