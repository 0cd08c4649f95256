import { createStore } from '../../shared/lib/createStore';
import { NetworkError } from '../../shared/http';
import type { Services } from '../../shared/services';

/** SPEC §4: idle → pending → fulfilled; a failure also ends in fulfilled (signed out). */
export type InitStatus = 'idle' | 'pending' | 'fulfilled';

export interface AppInitializer {
  getStatus: () => InitStatus;
  subscribe: (listener: () => void) => () => void;
  /** Restores the session once; later calls return the same run. */
  start: () => Promise<void>;
}

export function createAppInitializer({
  http,
  session,
  offline,
  errors,
}: Pick<Services, 'http' | 'session'> & Partial<Pick<Services, 'offline' | 'errors'>>): AppInitializer {
  const status = createStore<InitStatus>('idle');
  let run: Promise<void> | null = null;

  async function restoreSession() {
    try {
      const { isValid } = await http.request('checkToken');
      if (!isValid) return;
      // A session that expires between these calls just leaves the visitor signed out.
      await http.request('refreshToken', { silent: true });
      const user = await http.request('me', { silent: true });
      await session.setUser(user);
    } catch (error) {
      // Signed out is the safe outcome; a reachability problem is already in the error modal.
      // Without a connection, a learner with a test kept on this device goes on with it
      // offline (decision 0058); the server checks the session again when it answers.
      const offlineUser =
        error instanceof NetworkError ? await offline?.offlineUser().catch(() => undefined) : undefined;
      if (offlineUser) {
        await session.setUser(offlineUser);
        // The test goes on; the header says the app is offline, no modal needs to.
        errors?.clear();
      }
    } finally {
      status.set('fulfilled');
    }
  }

  return {
    getStatus: status.get,
    subscribe: status.subscribe,
    start() {
      if (!run) {
        status.set('pending');
        run = restoreSession();
      }
      return run;
    },
  };
}
