import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';

/** The account's progress, under ['account'] so that logging out clears it with the rest. */
export const accountProgressKey = ['account', 'progress'] as const;

/**
 * GET /users/me/progress: the daily goal and today's reviews, the streak with its freezes and
 * the year's heatmap, in the learner's time zone (docs/decisions/0053-learners-day.md).
 */
export function useAccountProgress() {
  const { http } = useServices();
  return useQuery({
    queryKey: accountProgressKey,
    queryFn: ({ signal }) => http.request('myProgress', { signal }),
    // Every answer moves today's figures: asked again whenever the page opens.
    staleTime: 0,
  });
}
