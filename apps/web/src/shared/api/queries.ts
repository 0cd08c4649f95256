import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../http';
import { useServices } from '../services';

/*
 * Queries more than one feature reads, declared once so their keys and options cannot drift
 * apart: the main menu and the tester both show today's due words.
 */

/**
 * The root of every dictionaries query (the dictionaries feature's `dictionaryKeys`): other
 * features invalidate it after a change that shows there (a test's progress, a suspended word).
 */
export const DICTIONARIES_ROOT_KEY = ['dictionaries'] as const;

/** Query keys of the testing feature; everything lives under ['testing'] so logout clears it. */
export const testingKeys = {
  all: ['testing'] as const,
  state: ['testing', 'state'] as const,
  dictionaries: ['testing', 'dictionaries'] as const,
  due: ['testing', 'due'] as const,
};

/** GET /testing/due: words due for review today, per dictionary and direction. */
export const dueCountsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: testingKeys.due,
    // A helper figure: without it the form still works, so a failure is not worth the modal.
    queryFn: ({ signal }) => http.request('dueCounts', { signal, silent: true }),
    // Every answer may change them.
    staleTime: 0,
  });

/** Today's due words, for whichever screen shows them. */
export function useDueCounts() {
  const { http } = useServices();
  return useQuery(dueCountsQuery(http));
}
