import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';
import { dictionaryKeys } from './queryKeys';

/** GET /dictionaries/:id/words/:wordId: one word, for editing it from a test report. */
export function useWord(dictionaryId: string, wordId: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: dictionaryKeys.word(dictionaryId, wordId),
    // A missing word is shown in place ("not found"), not in the error modal.
    queryFn: ({ signal }) =>
      http.request('getWord', { params: { id: dictionaryId, wordId }, signal, silent: true }),
  });
}
