import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@wordhoard/shared';
import type { HttpClient } from '../http';
import { createStore } from '../lib/createStore';
import { PATHS } from '../routing/paths';

/** The signed-in user and the ways a session ends. */
export interface SessionService {
  getUser: () => User | null;
  subscribe: (listener: () => void) => () => void;
  /**
   * Stores the user loaded after sign-in or from GET /users/me. Resolves once the side
   * effects (switching to the user's interface language) are done.
   */
  setUser: (user: User | null) => Promise<void>;
  /** Forgets the session locally: every cached query, the user; then goes to /auth. */
  end: () => void;
  /** Ends the session on the server (DELETE /cookie/token), then locally. Never rejects. */
  logout: () => Promise<void>;
}

export interface SessionServiceConfig {
  http: HttpClient;
  queryClient: QueryClient;
  navigate: (path: string) => void;
  /** Runs whenever a user is stored, e.g. to switch to the user's interface language. */
  onUserChange?: (user: User | null) => void | Promise<void>;
}

export function createSessionService(config: SessionServiceConfig): SessionService {
  const user = createStore<User | null>(null);

  async function setUser(next: User | null) {
    user.set(next);
    await config.onUserChange?.(next);
  }

  function end() {
    // Cached answers belong to the old session; dropping them prevents a flash of its data.
    config.queryClient.clear();
    void setUser(null);
    config.navigate(PATHS.auth);
  }

  return {
    getUser: user.get,
    subscribe: user.subscribe,
    setUser,
    end,
    async logout() {
      try {
        await config.http.request('deleteToken');
      } catch {
        // The client has already shown why; signing out locally is still what was asked for.
      } finally {
        end();
      }
    },
  };
}
