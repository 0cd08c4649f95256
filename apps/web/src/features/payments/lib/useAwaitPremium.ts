import { useEffect, useState } from 'react';
import { isCancelledError, UnauthorizedError } from '../../../shared/http';
import { useServices } from '../../../shared/services';
import { useFetchUserQuietly } from '../api/payments';
import { useUser } from '../../../shared/session';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';

export type AwaitPremiumStatus = 'waiting' | 'premium' | 'timedOut';

interface AwaitPremiumOptions {
  /** Time between two looks at the user. */
  intervalMs: number;
  /** When to stop looking and say it takes longer than usual. */
  timeoutMs: number;
}

/**
 * After Checkout the webhook may take a while (SPEC §4): reloads the user (GET /users/me) into
 * the session every `intervalMs` until the role is premium, for at most `timeoutMs`. Every fresh
 * user goes through the session, so the header and route guards follow at once. `retry` starts
 * another round after a time-out.
 */
export function useAwaitPremium({ intervalMs, timeoutMs }: AwaitPremiumOptions) {
  const { session } = useServices();
  const fetchUser = useFetchUserQuietly();
  const handleError = useRequestErrorHandler();
  const isPremium = useUser()?.role === 'premium';
  const [round, setRound] = useState(0);
  const [timedOutRound, setTimedOutRound] = useState<number | null>(null);

  useEffect(() => {
    if (isPremium) return;
    const controller = new AbortController();
    const deadline = Date.now() + timeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function look() {
      try {
        // Silent: a hiccup between two looks is not worth the error modal; the next look may work.
        const user = await fetchUser(controller.signal);
        if (controller.signal.aborted) return;
        const current = session.getUser();
        if (!current || JSON.stringify(current) !== JSON.stringify(user)) await session.setUser(user);
        if (user.role === 'premium') return;
      } catch (error) {
        if (isCancelledError(error) || controller.signal.aborted) return;
        if (error instanceof UnauthorizedError) {
          handleError(error); // The session is gone: the Unauthorized path of SPEC §8.
          return;
        }
      }
      if (Date.now() + intervalMs > deadline) {
        setTimedOutRound(round);
        return;
      }
      timer = setTimeout(() => void look(), intervalMs);
    }

    void look();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [fetchUser, session, handleError, isPremium, intervalMs, timeoutMs, round]);

  const status: AwaitPremiumStatus = isPremium ? 'premium' : timedOutRound === round ? 'timedOut' : 'waiting';
  return { status, retry: () => setRound((value) => value + 1) };
}
