import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
import { useServices, type Services } from '../../../shared/services';
import { offlineTestingFor, type OfflineTesting } from './offlineTesting';

import { DICTIONARIES_ROOT_KEY, testingKeys } from '../../../shared/api/queries';

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

/**
 * The one offline test runner of the app (decision 0058): GET /testing, answers and skips go
 * through it, so a test goes on when the connection goes.
 */
export function useOfflineTesting(): OfflineTesting {
  return offlineRunner(useServices(), useQueryClient());
}

/** The same runner outside React (the app sends waiting answers from anywhere). */
export function offlineRunner(
  { http, offline, session }: Pick<Services, 'http' | 'offline' | 'session'>,
  queryClient: QueryClient,
): OfflineTesting {
  return offlineTestingFor({
    http,
    store: offline,
    user: session.getUser,
    onSynced: () => void invalidateAfterSync(queryClient),
  });
}

/** What sent answers change: the test, the due counts, the dictionaries' progress. */
export function invalidateAfterSync(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: testingKeys.state }),
    queryClient.invalidateQueries({ queryKey: testingKeys.due }),
    // The dictionaries feature's queries (progress shows there).
    queryClient.invalidateQueries({ queryKey: DICTIONARIES_ROOT_KEY }),
  ]);
}

/** GET /testing: the current word, today's attempts left and, after the last word, the report. */
export const testingStateQuery = (runner: Pick<OfflineTesting, 'state'>) =>
  queryOptions({
    queryKey: testingKeys.state,
    queryFn: ({ signal }) => runner.state(signal),
    // Offline, the device answers from its copy of the test (decision 0058): never paused.
    networkMode: 'always',
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
export function refreshTestingState(queryClient: QueryClient, runner: Pick<OfflineTesting, 'state'>) {
  return queryClient.query({ ...testingStateQuery(runner), staleTime: 0 });
}

export type TestingState = ResponseOf<'getTesting'>;

/** The test's state (GET /testing), shared by the runner, check, skip and report screens. */
export function useTestingState() {
  return useQuery(testingStateQuery(useOfflineTesting()));
}

/** The dictionaries the tester offers. */
export function useTesterDictionaries() {
  const { http } = useServices();
  return useQuery(testerDictionariesQuery(http));
}

/** Reloads the test state before a screen that shows it opens. */
export function useRefreshTestingState() {
  const runner = useOfflineTesting();
  const queryClient = useQueryClient();
  return useCallback(() => refreshTestingState(queryClient, runner), [queryClient, runner]);
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
  const runner = useOfflineTesting();
  return useMemo(
    () => ({
      // Offline, these are graded on the device and wait in a queue (decision 0058).
      answer: (body: AnswerBody) => runner.answer(body),
      skip: (body: AnswerTarget) => runner.skip(body),
      /** The answer's grade from the device's copy of the test, at once (null: unknown). */
      predictAnswer: (body: AnswerBody, shown: TestItem) => runner.predictAnswer(body, shown),
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
    [http, runner],
  );
}
