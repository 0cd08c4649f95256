import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@wordhoard/shared';
import { useCallback, useMemo } from 'react';
import { ApiError, type HttpClient } from '../../../shared/http';
import { useServices } from '../../../shared/services';

export const paymentsKeys = {
  plans: () => ['payments', 'plans'] as const,
  checkoutSession: (id: string) => ['payments', 'checkoutSession', id] as const,
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

/** The plans, for the plans page. */
export function usePlans() {
  const { http } = useServices();
  return useQuery(plansQuery(http));
}

/**
 * GET /stripe/session/:id: the signed-in user's Checkout Session `id`, or `null` when there is no
 * such session of theirs (404: made up, or someone else's). Silent: the page tells a 404 as
 * "nothing to confirm" and reports any other failure itself.
 */
export function useCheckoutSession(id: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: paymentsKeys.checkoutSession(id ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await http.request('checkoutSession', { params: { id: id ?? '' }, silent: true, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: id !== null && id !== '',
  });
}

/**
 * The subscription calls, named after their endpoints. `checkout` and `refundSubscription` are
 * silent: their screens tell those failures in place (payments off, a refund that failed);
 * the others report through the error modal.
 */
export function useSubscriptionCalls() {
  const { http } = useServices();
  return useMemo(
    () => ({
      checkout: () => http.request('checkout', { body: { planId: 'premium' }, silent: true }),
      cancelSubscription: () => http.request('cancelSubscription'),
      renewSubscription: () => http.request('renewSubscription'),
      customerPortal: () => http.request('customerPortal'),
      refundSubscription: () => http.request('refundSubscription', { silent: true }),
    }),
    [http],
  );
}

/** GET /users/me without the error modal, for polling (a hiccup between two looks is normal). */
export function useFetchUserQuietly() {
  const { http } = useServices();
  return useCallback((signal: AbortSignal) => http.request('me', { silent: true, signal }), [http]);
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
