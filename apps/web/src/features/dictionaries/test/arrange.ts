import {
  MAX_PAGE_LIMIT,
  type Dictionary,
  type SortingConfigs,
  type Word,
  type WordInput,
} from '@wordhoard/shared';
import type { ApiServer, SeenRequest, TestBrowser } from '../../../test/apiServer';

/** `count` words "word 001", "word 002"… meaning "meaning 1", "meaning 2"…, oldest first. */
export function numberedWords(count: number, prefix = 'word'): WordInput[] {
  return Array.from({ length: count }, (_, index) => ({
    term: `${prefix} ${String(index + 1).padStart(3, '0')}`,
    definitions: [`meaning ${index + 1}`],
  }));
}

/** The requests the browser sent as `method` to a URL (path and query) starting with `prefix`. */
export const sent = (browser: TestBrowser, method: string, prefix: string): SeenRequest[] =>
  browser.requests.filter((request) => request.method === method && request.url.startsWith(prefix));

/** The same session as the browser's, straight to the API: another tab, or the facts the server holds. */
export function anotherTab(server: ApiServer, browser: TestBrowser) {
  const api = () => server.api.as(browser.cookie());
  return {
    dictionaries: async (): Promise<Dictionary[]> => (await api().call('listDictionaries')).data().data,
    /** Every word of the dictionary, oldest first. */
    words: async (dictionary: Dictionary): Promise<Word[]> =>
      (
        await api().call('getDictionary', {
          params: { id: dictionary.id },
          query: { sort: 'create', direction: 1, limit: MAX_PAGE_LIMIT },
        })
      ).data().words,
    addWords: async (dictionary: Dictionary, words: WordInput[]) =>
      (
        await api().call('updateDictionary', {
          params: { id: dictionary.id },
          body: { words: { create: words } },
        })
      ).data(),
    deleteWords: async (dictionary: Dictionary, ids: string[]) =>
      (
        await api().call('updateDictionary', {
          params: { id: dictionary.id },
          body: { words: { delete: ids } },
        })
      ).data(),
    sortingConfigs: async (): Promise<SortingConfigs> => (await api().call('me')).data().sortingConfigs,
    storeSorting: async (sortingConfigs: Partial<SortingConfigs>) =>
      (await api().call('updateMe', { body: { sortingConfigs } })).data(),
  };
}

/**
 * A slow connection for the browser's app: while `hold(route)` is on, replies to
 * `METHOD /api/path` requests (the server has already answered them) wait until `release()`,
 * so a screen's loading state can be seen. The harness's browser has no such delay.
 */
export function slowNetwork(browser: TestBrowser) {
  let held: string | undefined;
  let waiting: Array<() => void> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await browser.fetch(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = new URL(input instanceof Request ? input.url : input);
    if (held === `${method} ${url.pathname}`) {
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return response;
  };
  return {
    fetch,
    hold(route: string) {
      held = route;
    },
    release() {
      held = undefined;
      const pending = waiting;
      waiting = [];
      pending.forEach((resume) => resume());
    },
  };
}
