import type {
  AnswerResult,
  AnswerTarget,
  Dictionary,
  Report,
  TestState,
  TesterOptions,
  User,
} from '@wordhoard/shared';
import type { ApiServer, TestBrowser } from '../../../test/apiServer';
import { allWords, startTest } from '../../../test/arrange';
import { saveActiveTest, testLanguages } from '../../../shared/testing/activeTest';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Remembers in this tab, as the tester screen does, that it started `options` on `dictionary`. */
export function rememberTest(user: User, dictionary: Dictionary, options: TesterOptions): void {
  saveActiveTest({ userId: user.id, options, ...testLanguages(dictionary, options.swap) });
}

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
  rememberTest(user, dictionary, options);
}

/**
 * Uses `count` of today's attempts the only way there is: by starting tests of `dictionary`
 * (each replaces the one before).
 */
export async function spendAttempts(
  server: ApiServer,
  browser: TestBrowser,
  dictionary: Dictionary,
  count: number,
): Promise<void> {
  for (let started = 0; started < count; started += 1) {
    await startTest(server, browser, allWords(dictionary));
  }
}

/** What a test does with each word, by its term: texts typed in turn (the last one finishing it), or a skip. */
export type AnswerPlan = Record<string, string[] | 'skip'>;

/** "Another tab" of the same browser: the same session, straight to the API. */
export function anotherTab(server: ApiServer, browser: TestBrowser) {
  const api = server.api.as(browser.cookie());
  const state = async (): Promise<TestState> => (await api.call('getTesting')).data();
  const current = async (): Promise<AnswerTarget> => {
    const { test } = await state();
    if (!test) throw new Error('no current word');
    return { position: test.position, wordId: test.wordId, attemptId: crypto.randomUUID() };
  };
  const answer = async (text: string) =>
    (await api.call('answer', { body: { ...(await current()), answer: text } })).data();
  const skip = async () => (await api.call('skip', { body: await current() })).data();
  return {
    state,
    answer,
    skip,
    /** Runs the current test to its end as `plan` says (a word it does not name is skipped); the report. */
    async finish(plan: AnswerPlan = {}): Promise<Report> {
      for (;;) {
        const { test, report } = await state();
        if (report) return report;
        if (!test) throw new Error('no test to finish');
        const step = plan[test.term] ?? 'skip';
        if (step === 'skip') {
          await skip();
          continue;
        }
        let last: AnswerResult | undefined;
        for (const text of step) last = await answer(text);
        if (!last?.wordResult) throw new Error(`${JSON.stringify(step)} leaves "${test.term}" unfinished`);
      }
    },
  };
}

/**
 * Makes every word of `dictionary` due for review in the `swap` direction, as the product
 * does (docs/decisions/0011): a test skips them all (graded "again": due a day later), then the
 * server's day passes. The test uses one of that day's attempts.
 */
export async function makeEveryWordDue(
  server: ApiServer,
  browser: TestBrowser,
  dictionary: Dictionary,
  swap = false,
): Promise<void> {
  await startTest(server, browser, allWords(dictionary, swap));
  await anotherTab(server, browser).finish();
  server.clock.advance(DAY_MS);
}

/**
 * Runs one test of every word of `dictionary` per plan, in turn, each to its report: how a
 * learner's record of misses, lapses and confusions (decision 0049) is made. Each test is one
 * of the day's attempts. The last report is the one left on screen.
 */
export async function runTests(
  server: ApiServer,
  browser: TestBrowser,
  dictionary: Dictionary,
  plans: AnswerPlan[],
): Promise<Report | undefined> {
  let report: Report | undefined;
  for (const plan of plans) {
    await startTest(server, browser, allWords(dictionary));
    report = await anotherTab(server, browser).finish(plan);
  }
  return report;
}

/** The options of a test of `dictionary`'s weak definitions, or of its confusion pairs. */
export function weakSpotsTest(
  dictionary: Dictionary,
  type: 'weak' | 'confusions',
  swap = false,
): TesterOptions {
  return { dictionaryId: dictionary.id, swap, range: { type } };
}
