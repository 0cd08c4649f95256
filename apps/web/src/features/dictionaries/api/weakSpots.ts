import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';
import { dictionaryKeys } from './queryKeys';

/**
 * GET /dictionaries/:id/weak-spots: the definitions missed most, the leeches, the pairs of
 * words mixed up and the suspended words (docs/decisions/0049-weak-spots.md).
 */
export function useWeakSpots(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: dictionaryKeys.weakSpots(id),
    // A helper: the dictionary screen works without it, so a failure leaves the section out.
    queryFn: ({ signal }) => http.request('weakSpots', { params: { id }, signal, silent: true }),
    // Every test changes it; a screen opened after one must not show the spots from before.
    staleTime: 0,
  });
}
