import type { User } from '@wordhoard/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { homePathFor } from '../../../shared/routing';
import { useServices } from '../../../shared/services';
import { useAuthCalls } from '../api/auth';

/**
 * What follows every way in (login, signup, verify, Google, guest, accepting the policies;
 * SPEC §4): reload the user, switch to their interface language when it differs (setUser
 * resolves once it has), then go where their role belongs (DESIGN §4). Resolves to the user, or
 * null when reloading failed (the http client has shown why).
 */
export function useCompleteSignIn(): () => Promise<User | null> {
  const { session } = useServices();
  const calls = useAuthCalls();
  const navigate = useNavigate();
  return useCallback(async () => {
    let user: User;
    try {
      user = await calls.me();
    } catch {
      return null;
    }
    await session.setUser(user);
    await navigate(homePathFor(user), { replace: true });
    return user;
  }, [calls, session, navigate]);
}
