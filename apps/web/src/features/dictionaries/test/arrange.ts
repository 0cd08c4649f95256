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

/** What a test does with each word, by its term: texts typed in turn (the last one finishing it), or a skip. */
export type AnswerPlan = Record<string, string[] | 'skip'>;

/**
 * Takes a whole test of every word of `dictionary` through the API, as the browser's user (one
 * of today's attempts): each word as `plan` says (a word it does not name is skipped). What the
 * test logs is what weak spots are made of (docs/decisions/0049-weak-spots.md): a definition
 * typed only after a wrong check, or skipped, is missed; one missed after being recalled the
 * test before is a lapse; a wrong answer that is another word's definition is a confusion.
 */
export async function takeTest(
  server: ApiServer,
  browser: TestBrowser,
  dictionary: Dictionary,
  plan: AnswerPlan,
): Promise<void> {
  const api = server.api.as(browser.cookie());
  (
    await api.call('createTester', {
      body: {
        dictionaryId: dictionary.id,
        swap: false,
        range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
      },
    })
  ).data();
  for (;;) {
    const { test } = (await api.call('getTesting')).data();
    if (!test) return;
    const target = () => ({ position: test.position, wordId: test.wordId, attemptId: crypto.randomUUID() });
    const step = plan[test.term] ?? 'skip';
    if (step === 'skip') {
      (await api.call('skip', { body: target() })).data();
      continue;
    }
    for (const answer of step) (await api.call('answer', { body: { ...target(), answer } })).data();
  }
}
