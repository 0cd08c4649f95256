import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';
import { dictionaryKeys } from './queryKeys';

/** GET /dictionaries/:id/progress: word states, words due today, tests per day and the streak. */
export function useDictionaryProgress(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: dictionaryKeys.progress(id),
    queryFn: ({ signal }) => http.request('dictionaryProgress', { params: { id }, signal, silent: true }),
    // Failures are shown in place (the dictionary screen simply leaves the numbers out).
    // Tests change it; a screen opened after one must not show the numbers from before.
    staleTime: 0,
  });
}
