import type { AnswerTarget, Dictionary, TestState, User } from '@wordhoard/shared';
import type { ApiServer, TestBrowser } from '../../../test/apiServer';
import { allWords, startTest } from '../../../test/arrange';
import { saveActiveTest } from '../lib/activeTest';

/**
 * Starts a test of every word of `dictionary` on the server and remembers it in this tab, as
 * the tester screen does (its options and languages), so the runner opens on it.
 */
export async function startRememberedTest(
  server: ApiServer,
  browser: TestBrowser,
  user: User,
  dictionary: Dictionary,
  swap = false,
): Promise<void> {
  const options = allWords(dictionary, swap);
  await startTest(server, browser, options);
  saveActiveTest({
    userId: user.id,
    options,
    promptLanguage: swap ? dictionary.toLanguage : dictionary.fromLanguage,
    answerLanguage: swap ? dictionary.fromLanguage : dictionary.toLanguage,
  });
}

/** "Another tab" of the same browser: the same session, straight to the API. */
export function anotherTab(server: ApiServer, browser: TestBrowser) {
  const api = server.api.as(browser.cookie());
  const state = async (): Promise<TestState> => (await api.call('getTesting')).data();
  const current = async (): Promise<AnswerTarget> => {
    const { test } = await state();
    if (!test) throw new Error('no current word');
    return { position: test.position, wordId: test.wordId, attemptId: crypto.randomUUID() };
  };
  return {
    state,
    answer: async (answer: string) =>
      (await api.call('answer', { body: { ...(await current()), answer } })).data(),
    skip: async () => (await api.call('skip', { body: await current() })).data(),
  };
}
