import type { ContentLanguage, Dictionary, TesterOptions, User, WordInput } from '@wordhoard/shared';
import type { ApiServer, TestBrowser } from './apiServer';

/**
 * Arranging what a screen test starts from, through the real API as the browser's user: the
 * server's rules apply to the arrangement too, so a test cannot start from a state the
 * product could never be in.
 */
export async function createDictionary(
  server: ApiServer,
  browser: TestBrowser,
  {
    name = 'Animals',
    fromLanguage = 'en',
    toLanguage = 'de',
    words = [],
  }: {
    name?: string;
    fromLanguage?: ContentLanguage;
    toLanguage?: ContentLanguage;
    words?: WordInput[];
  } = {},
): Promise<Dictionary> {
  const api = server.api.as(browser.cookie());
  const created = (await api.call('createDictionary', { body: { name, fromLanguage, toLanguage } })).data();
  if (words.length === 0) return created;
  return (
    await api.call('updateDictionary', { params: { id: created.id }, body: { words: { create: words } } })
  ).data();
}

/** The options of a test of every word of `dictionary`, oldest first. */
export function allWords(dictionary: Dictionary, swap = false): TesterOptions {
  return {
    dictionaryId: dictionary.id,
    swap,
    range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
  };
}

/** Starts a test as the browser's user (one of today's attempts), as the tester screen does. */
export async function startTest(server: ApiServer, browser: TestBrowser, options: TesterOptions) {
  return (await server.api.as(browser.cookie()).call('createTester', { body: options })).data();
}

/** A signed-in browser with one dictionary of `words`. */
export async function memberWithDictionary(
  server: ApiServer,
  words: WordInput[],
  dictionary: { name?: string; fromLanguage?: ContentLanguage; toLanguage?: ContentLanguage } = {},
): Promise<{ browser: TestBrowser; user: User; dictionary: Dictionary }> {
  const browser = server.browser();
  const user = await browser.signIn();
  return { browser, user, dictionary: await createDictionary(server, browser, { ...dictionary, words }) };
}
