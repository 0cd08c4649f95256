import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { testingKeys } from '../../../shared/api/queries';
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

/**
 * PATCH /dictionaries/:id/words/:wordId/suspension: a suspended word is left out of every test
 * and of the due counts until resumed. Afterwards the dictionary's words, progress and weak
 * spots and today's due counts are asked again, so every number on screen follows.
 */
export function useSuspendWord(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wordId, suspended }: { wordId: string; suspended: boolean }) =>
      http.request('suspendWord', { params: { id, wordId }, body: { suspended } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dictionaryKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: testingKeys.due }),
      ]),
  });
}
