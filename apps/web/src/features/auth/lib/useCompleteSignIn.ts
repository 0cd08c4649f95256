import type { User } from '@wordhoard/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { homePathFor } from '../../../shared/routing';
import { useServices } from '../../../shared/services';

/**
 * What follows every way in (login, signup, verify, Google, guest, accepting the policies;
 * SPEC §4): reload the user, switch to their interface language when it differs (setUser
 * resolves once it has), then go where their role belongs (DESIGN §4). Resolves to the user, or
 * null when reloading failed (the http client has shown why).
 */
export function useCompleteSignIn(): () => Promise<User | null> {
  const { http, session } = useServices();
  const navigate = useNavigate();
  return useCallback(async () => {
    let user: User;
    try {
      user = await http.request('me');
    } catch {
      return null;
    }
    await session.setUser(user);
    await navigate(homePathFor(user), { replace: true });
    return user;
  }, [http, session, navigate]);
}
