import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@wordhoard/shared';
import { useServices } from '../services';
import { DICTIONARIES_ROOT_KEY, testingKeys } from './queries';

type TestingState = ResponseOf<'getTesting'>;

/**
 * Suspends a word (left out of every test and of the due counts) or resumes it (PATCH
 * /dictionaries/:id/words/:wordId/suspension), from the dictionary's weak spots or a test's
 * report. Afterwards a report on screen shows the word's new state at once, and every number
 * it changes reloads: the dictionary's words, progress and weak spots, and today's due counts.
 * A failure is the error modal's.
 */
export function useSuspendWord() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      dictionaryId,
      wordId,
      suspended,
    }: {
      dictionaryId: string;
      wordId: string;
      suspended: boolean;
    }) => http.request('suspendWord', { params: { id: dictionaryId, wordId }, body: { suspended } }),
    onSuccess: async (word) => {
      // A GET sent before must not bring back the word as it was.
      await queryClient.cancelQueries({ queryKey: testingKeys.state });
      queryClient.setQueryData<TestingState>(testingKeys.state, (state) =>
        state?.report
          ? {
              ...state,
              report: {
                ...state.report,
                // A word may come more than once (a weak-definition test asks each definition).
                items: state.report.items.map((item) =>
                  item.wordId === word.id ? { ...item, suspended: word.suspended } : item,
                ),
              },
            }
          : state,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: testingKeys.due }),
        queryClient.invalidateQueries({ queryKey: DICTIONARIES_ROOT_KEY }),
      ]);
    },
  });
}
