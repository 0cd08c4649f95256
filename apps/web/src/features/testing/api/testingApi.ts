import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_LIMIT,
  type AnswerBody,
  type AnswerTarget,
  type OverrideBody,
  type ResponseOf,
  type TestItem,
} from '@wordhoard/shared';
import { useCallback, useMemo } from 'react';
import type { HttpClient } from '../../../shared/http';
import { useServices } from '../../../shared/services';

import { testingKeys } from '../../../shared/api/queries';

export { testingKeys, useDueCounts } from '../../../shared/api/queries';

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

/** The test's state (GET /testing), shared by the runner, check, skip and report screens. */
export function useTestingState() {
  const { http } = useServices();
  return useQuery(testingStateQuery(http));
}

/** The dictionaries the tester offers. */
export function useTesterDictionaries() {
  const { http } = useServices();
  return useQuery(testerDictionariesQuery(http));
}

/** Reloads the test state before a screen that shows it opens. */
export function useRefreshTestingState() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useCallback(() => refreshTestingState(queryClient, http), [queryClient, http]);
}

/**
 * Shows the word an answer or a skip returned (`next`, decision 0045) as the test's current
 * word, without asking the server again; testsLeft and the report stay as they are. Resolves to
 * false when no test state is loaded to put it in (then load it).
 */
export function useShowNextWord() {
  const queryClient = useQueryClient();
  return useCallback(
    async (next: TestItem) => {
      // A GET sent before the answer must not bring back the word as it was.
      await queryClient.cancelQueries({ queryKey: testingKeys.state });
      const state = queryClient.setQueryData<TestingState>(
        testingKeys.state,
        (old) => old && { ...old, test: next },
      );
      return state !== undefined;
    },
    [queryClient],
  );
}

/**
 * The test's calls, named after their endpoints. All silent: the screens tell a used-up day,
 * an empty selection or a word that moved on in place, and report the rest themselves. Starting
 * a test is shared (`shared/testing/useStartTest`): the main menu starts one too.
 */
export function useTestingCalls() {
  const { http } = useServices();
  return useMemo(
    () => ({
      answer: (body: AnswerBody) => http.request('answer', { body, silent: true }),
      skip: (body: AnswerTarget) => http.request('skip', { body, silent: true }),
      overrideAnswer: (body: OverrideBody) => http.request('overrideAnswer', { body, silent: true }),
      /**
       * Adds `definition` to a word of the tested dictionary (after "I was right"): the word as
       * saved now, plus the new definition, unless it is there already.
       */
      addDefinition: async (dictionaryId: string, wordId: string, definition: string) => {
        const word = await http.request('getWord', { params: { id: dictionaryId, wordId }, silent: true });
        if (word.definitions.includes(definition)) return;
        await http.request('updateDictionary', {
          params: { id: dictionaryId },
          body: { words: { update: [{ id: wordId, definitions: [...word.definitions, definition] }] } },
          silent: true,
        });
      },
    }),
    [http],
  );
}

/** Where a word lives, to suspend or resume it. */
export interface WordAddress {
  dictionaryId: string;
  wordId: string;
}

/**
 * Suspends a word (left out of every test and of the due counts) or resumes it (PATCH
 * /dictionaries/:id/words/:wordId/suspension), as the report offers for a leech. On success
 * the report shows the word's new state at once, and the due counts, which it changes, reload.
 * A failure is the error modal's.
 */
export function useSuspendWord() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dictionaryId, wordId, suspended }: WordAddress & { suspended: boolean }) =>
      http.request('suspendWord', { params: { id: dictionaryId, wordId }, body: { suspended } }),
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
      void queryClient.invalidateQueries({ queryKey: testingKeys.due });
      // The dictionaries feature's queries, all under ['dictionaries'] (a word's state shows there).
      void queryClient.invalidateQueries({ queryKey: ['dictionaries'] });
    },
  });
}
