import { queryOptions } from '@tanstack/react-query';
import type { User } from '@wordhoard/shared';
import { useCallback } from 'react';
import type { HttpClient } from '../../../shared/http';
import { useServices } from '../../../shared/services';

export const paymentsKeys = {
  plans: () => ['payments', 'plans'] as const,
};

/** GET /stripe/plans: Free and Premium with their limits and prices (public, works without Stripe). */
export function plansQuery(http: HttpClient) {
  return queryOptions({
    queryKey: paymentsKeys.plans(),
    queryFn: ({ signal }) => http.request('plans', { signal }),
    // The plans change with a deployment, not during a visit.
    staleTime: 10 * 60_000,
  });
}

/**
 * Reloads the signed-in user (GET /users/me) into the session, so role, plan and limits change
 * everywhere at once: header, route guards, every screen. Resolves to the fresh user; rejects
 * like the request (the http client has already reported a failure unless `silent`).
 */
export function useReloadUser() {
  const { http, session } = useServices();
  return useCallback(
    async (options: { silent?: boolean; signal?: AbortSignal } = {}): Promise<User> => {
      const user = await http.request('me', options);
      await session.setUser(user);
      return user;
    },
    [http, session],
  );
}
