import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useServices } from '../../../shared/services';

/**
 * Personal scheduling (docs/decisions/0046-personal-scheduling.md): the scheduler's status and
 * the workload forecast, under ['learning'] so that logging out clears them with the rest.
 */
export const learningKeys = {
  all: ['learning'] as const,
  status: ['learning', 'status'] as const,
  forecast: (retention: number, fit: string | null) => ['learning', 'forecast', retention, fit] as const,
};

/** While a fit runs the status is asked again this often, until it says the fit is done. */
export const FIT_POLL_MS = 1000;

/** GET /users/me/scheduler: reviews so far, the last fit, and whether one is running. */
export function useSchedulerStatus() {
  const { http } = useServices();
  return useQuery({
    queryKey: learningKeys.status,
    // Shown in place: the profile works without it.
    queryFn: ({ signal }) => http.request('schedulerStatus', { signal, silent: true }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.fitting ? FIT_POLL_MS : false),
  });
}

/**
 * GET /users/me/scheduler/forecast at `retention` (0.70–0.97): the expected reviews of the next
 * 30 days. `fit` is when the parameters in use were fitted (null: never; undefined: not known
 * yet, so not asked): a new fit is a new forecast. The previous retention's forecast stays on
 * screen while the next one loads.
 */
export function useWorkloadForecast(retention: number, fit: string | null | undefined) {
  const { http } = useServices();
  return useQuery({
    queryKey: learningKeys.forecast(retention, fit ?? null),
    enabled: fit !== undefined,
    queryFn: ({ signal }) => http.request('workloadForecast', { query: { retention }, signal, silent: true }),
    placeholderData: keepPreviousData,
    // Answers move the cards: a forecast is worth asking again when the profile opens.
    staleTime: 0,
  });
}

/**
 * POST /users/me/scheduler/fit: the server answers at once (202) with the status, `fitting`
 * while the fit runs; the status query takes it and polls until the fit is done. Silent: the
 * Learning section shows a refusal in place.
 */
export function useFitScheduler() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const status = await http.request('fitScheduler', { silent: true });
    // A finished fit changes the status's `fit`, and with it the forecast's key.
    queryClient.setQueryData(learningKeys.status, status);
    return status;
  }, [http, queryClient]);
}
