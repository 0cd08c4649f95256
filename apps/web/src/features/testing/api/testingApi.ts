import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT, type ResponseOf } from '@wordhoard/shared';
import type { HttpClient } from '../../../shared/http';

/** Query keys of this feature; everything lives under ['testing'] so logout clears it. */
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

/** How many words are due in `dictionaryId` for a test in that direction (0 when unknown). */
export function dueFor(
  counts: ResponseOf<'dueCounts'> | undefined,
  dictionaryId: string,
  swap: boolean,
): number | undefined {
  if (!counts) return undefined;
  const entry = counts.dictionaries.find((candidate) => candidate.dictionaryId === dictionaryId);
  return entry ? (swap ? entry.swapped : entry.forward) : 0;
}

/** GET /testing: the current word, today's attempts left and, after the last word, the report. */
export const testingStateQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: testingKeys.state,
    queryFn: ({ signal }) => http.request('getTesting', { signal }),
    // The test moves on with every answer; never trust an older copy on arrival.
    staleTime: 0,
  });

/**
 * GET /dictionaries for the dictionary picker: every dictionary of the user (the largest role
 * allows 40, one page holds 100), most recently changed first.
 */
export const testerDictionariesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: testingKeys.dictionaries,
    queryFn: ({ signal }) =>
      http.request('listDictionaries', {
        query: { sort: 'update', direction: -1, limit: MAX_PAGE_LIMIT },
        signal,
      }),
    // A dictionary created a moment ago must be offered at once.
    staleTime: 0,
  });

/** Loads the test state afresh before a screen that shows it opens (SPEC §4: refetch). */
export function refreshTestingState(queryClient: QueryClient, http: HttpClient) {
  return queryClient.query({ ...testingStateQuery(http), staleTime: 0 });
}

export type TestingState = ResponseOf<'getTesting'>;
