import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  MAX_PAGE_LIMIT,
  WORDS_PAGE_SIZE,
  type CreateDictionaryBody,
  type DictionaryList,
  type DictionaryWithWords,
  type ImportDictionaryBody,
  type ImportWordsBody,
  type UpdateDictionaryBody,
} from '@wordhoard/shared';
import type { UploadProgress } from '../../../shared/http';
import { useServices } from '../../../shared/services';
import { inline } from './inline';
import { dictionaryKeys, type DictionariesFilter, type WordsFilter } from './queryKeys';

/** The user's dictionaries for a filter; the previous result stays while a new one loads. */
export function useDictionaries(filter: DictionariesFilter) {
  const { http } = useServices();
  return useQuery({
    queryKey: dictionaryKeys.list(filter),
    queryFn: ({ signal }) =>
      http.request('listDictionaries', {
        // Roles allow at most 40 dictionaries, so one page holds them all.
        query: {
          search: filter.search || undefined,
          sort: filter.sort,
          direction: filter.direction,
          limit: MAX_PAGE_LIMIT,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The smallest page of the list, in the server's default order (last changed first): it says
 * how many dictionaries there are and which one the learner worked on last.
 */
function useFirstDictionaryPage<T>(enabled: boolean, select: (list: DictionaryList) => T) {
  const { http } = useServices();
  return useQuery({
    queryKey: dictionaryKeys.count(),
    queryFn: ({ signal }) => http.request('listDictionaries', { query: { limit: 1 }, signal }),
    select,
    enabled,
  });
}

/** How many dictionaries the user has, for the limit; asked only while a search hides some. */
export function useDictionariesCount(enabled: boolean) {
  return useFirstDictionaryPage(enabled, (list) => list.total);
}

/** The dictionary changed last (null when there is none), whose languages a new one starts with. */
export function useLatestDictionary(enabled: boolean) {
  return useFirstDictionaryPage(enabled, (list) => list.data[0] ?? null);
}

/** SPEC §4: a page shorter than 40 ends the list (as does having every word the server counted). */
export function isLastPage(page: DictionaryWithWords): boolean {
  return page.words.length < WORDS_PAGE_SIZE || page.page * page.limit >= page.total;
}

export type WordPages = InfiniteData<DictionaryWithWords, number>;

/**
 * A dictionary with its words in pages of 40. A new filter starts again from page one; while
 * its first page loads, the words of the old filter stay on screen (same dictionary only).
 */
export function useDictionaryWords(id: string, filter: WordsFilter) {
  const { http } = useServices();
  return useInfiniteQuery({
    queryKey: dictionaryKeys.words(id, filter),
    queryFn: ({ pageParam, signal }) =>
      http.request('getDictionary', {
        params: { id },
        query: {
          page: pageParam,
          limit: WORDS_PAGE_SIZE,
          search: filter.search || undefined,
          sort: filter.sort,
          direction: filter.direction,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (isLastPage(last) ? undefined : last.page + 1),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}

/** The dictionary's name and languages (with the smallest page of words the API allows). */
export function useDictionaryInfo(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: dictionaryKeys.info(id),
    queryFn: ({ signal }) => http.request('getDictionary', { params: { id }, query: { limit: 1 }, signal }),
  });
}

/**
 * After a change: cached answers no screen shows are dropped, so the next screen starts from
 * idle (SPEC §4: the list refetches; pages start again from page one); answers on screen are
 * only marked stale, so the screen being left does not flash or refetch on its way out.
 */
function forget(queryClient: QueryClient, queryKey: QueryKey) {
  queryClient.removeQueries({ queryKey, type: 'inactive' });
  return queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
}

export function useCreateDictionary() {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDictionaryBody) =>
      inline(services, () => services.http.request('createDictionary', { body, silent: true })),
    onSuccess: () => forget(queryClient, dictionaryKeys.lists()),
  });
}

/** PATCH /dictionaries/:id: info and a batch of word changes, in one transaction. */
export function useUpdateDictionary(id: string) {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDictionaryBody) =>
      inline(services, () =>
        services.http.request('updateDictionary', { params: { id }, body, silent: true }),
      ),
    onSuccess: () =>
      Promise.all([
        forget(queryClient, dictionaryKeys.detail(id)),
        forget(queryClient, dictionaryKeys.lists()),
      ]),
  });
}

export function useDeleteDictionary(id: string) {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      inline(services, () => services.http.request('deleteDictionary', { params: { id }, silent: true })),
    onSuccess: () =>
      Promise.all([
        forget(queryClient, dictionaryKeys.detail(id)),
        forget(queryClient, dictionaryKeys.lists()),
      ]),
  });
}

/** Every word of a dictionary (its JSON export), for the import preview's duplicate check. */
export function useDictionaryExport(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: dictionaryKeys.export(id),
    queryFn: ({ signal }) =>
      http.request('exportDictionary', { params: { id }, query: { format: 'json' }, signal }),
    select: (answer) => (typeof answer === 'string' ? null : answer.dictionary),
  });
}

/** A request's body, and who is told how its upload goes (a bar on the page). */
export interface WithUploadProgress<Body> {
  body: Body;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** POST /dictionaries/:id/import: the words are added in one transaction. */
export function useImportWords(id: string) {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: WithUploadProgress<ImportWordsBody>) =>
      inline(services, () =>
        services.http.request('importWords', { params: { id }, body, silent: true, onUploadProgress }),
      ),
    onSuccess: () =>
      Promise.all([
        forget(queryClient, dictionaryKeys.detail(id)),
        forget(queryClient, dictionaryKeys.lists()),
      ]),
  });
}

/** POST /dictionaries/import: a new dictionary and its words in one transaction. */
export function useImportDictionary() {
  const services = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: WithUploadProgress<ImportDictionaryBody>) =>
      inline(services, () =>
        services.http.request('importDictionary', { body, silent: true, onUploadProgress }),
      ),
    onSuccess: () => forget(queryClient, dictionaryKeys.lists()),
  });
}
