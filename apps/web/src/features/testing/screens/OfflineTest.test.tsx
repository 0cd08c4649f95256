import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, User } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { allWords, createDictionary, memberWithDictionary, startTest } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, rememberTest } from '../test/arrange';

/**
 * A test finished without a connection (docs/decisions/0058-offline-tests.md), against the real
 * server: the device grades and queues, the header counts what waits, and back online the queue
 * goes out and the server's test and report agree with what was typed.
 */
describe('a test without a connection', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let user: User;
  let dictionary: Dictionary;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    ({ browser, user, dictionary } = await memberWithDictionary(server, [
      { term: 'house', definitions: ['Haus', 'Gebäude'] },
      { term: 'cat', definitions: ['Katze'] },
    ]));
    await startTest(server, browser, allWords(dictionary));
    rememberTest(user, dictionary, allWords(dictionary));
  });
  afterEach(() => {
    window.sessionStorage.clear();
  });

  const answerField = () => screen.getByRole('textbox', { name: 'Your answer' });
  const type = (text: string) => {
    fireEvent.change(answerField(), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  };
  const packFetched = () => browser.requests.some((request) => request.url === '/api/testing/pack');

  /** The runner on the test's first word, with the test's words on the device, then offline. */
  async function openThenGoOffline() {
    const rendered = await renderApp({ path: '/testing', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByText('house');
    await waitFor(() => expect(packFetched()).toBe(true));
    await waitFor(() => expect(rendered.queryClient.isFetching()).toBe(0));
    browser.offline = true;
    return rendered;
  }

  const goOnline = () => {
    browser.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
  };

  it('grades on the device, counts what waits, and sends it in order when back online', async () => {
    await openThenGoOffline();

    type('Haus');
    expect(await screen.findByText('Correct! Entries still needed: 1.')).toBeInTheDocument();
    type('Gebäude');
    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(screen.getByTestId('offline-indicator')).toHaveTextContent('Offline · 2 answers waiting to sync');
    type('Katze');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test report' })).toBeInTheDocument();
    expect(screen.getByText('You got 2 of 2 words right.')).toBeInTheDocument();
    expect(screen.getByTestId('offline-indicator')).toHaveTextContent('3 answers waiting');
    // Nothing reached the server yet.
    expect((await anotherTab(server, browser).state()).test).toMatchObject({
      term: 'house',
      doneDefinitions: [],
    });

    goOnline();
    await waitFor(() => expect(screen.queryByTestId('offline-indicator')).not.toBeInTheDocument());
    const { report } = await anotherTab(server, browser).state();
    expect(report).toMatchObject({ total: 2, correct: 2, wrong: 0, skipped: 0 });
    expect(report?.items.map((item) => [item.term, item.answers])).toEqual([
      ['house', ['Haus', 'Gebäude']],
      ['cat', ['Katze']],
    ]);
    // Each answer went once, in the order typed.
    const sent = browser.requests
      .filter((request) => request.method === 'POST' && request.url === '/api/testing')
      .map((request) => (JSON.parse(request.body) as { answer: string }).answer);
    expect(sent.slice(-3)).toEqual(['Haus', 'Gebäude', 'Katze']);
    expect(screen.getByText('You got 2 of 2 words right.')).toBeInTheDocument();
  });

  it('turns away a definition typed again without counting it as waiting, on a phone in words too', async () => {
    await openThenGoOffline();

    type('Haus');
    expect(await screen.findByText('Correct! Entries still needed: 1.')).toBeInTheDocument();
    type('Haus');
    expect(await screen.findByText('“Haus” is already entered. Type another one.')).toBeInTheDocument();
    const indicator = screen.getByTestId('offline-indicator');
    expect(indicator).toHaveTextContent('Offline · 1 answer waiting to sync');
    // What a phone's header shows: words, not a bare number.
    expect(within(indicator).getByTestId('offline-indicator-short')).toHaveTextContent(/^1 waiting$/);

    const offlineRequests = browser.requests.length;
    goOnline();
    await waitFor(() => expect(screen.queryByTestId('offline-indicator')).not.toBeInTheDocument());
    // Back online, the one answer that changed the test goes out, once.
    const sent = browser.requests
      .slice(offlineRequests)
      .filter((request) => request.method === 'POST' && request.url === '/api/testing')
      .map((request) => (JSON.parse(request.body) as { answer: string }).answer);
    expect(sent).toEqual(['Haus']);
    expect((await anotherTab(server, browser).state()).test).toMatchObject({
      term: 'house',
      doneDefinitions: ['Haus'],
    });
  });

  it('tells the learner when the test was replaced meanwhile, and still counts the answers for the schedule', async () => {
    await openThenGoOffline();
    type('Haus');
    expect(await screen.findByText('Correct! Entries still needed: 1.')).toBeInTheDocument();
    type('Gebäude');
    expect(await screen.findByText('cat')).toBeInTheDocument();
    // Another device starts a test of other words before this one is back. (A new test that
    // happens to ask the same word at the same place takes the answer: decision 0018.)
    const other = await createDictionary(server, browser, {
      name: 'Trees',
      words: [{ term: 'oak', definitions: ['Eiche'] }],
    });
    await startTest(server, browser, allWords(other));

    goOnline();
    const notice = await screen.findByTestId('sync-notice');
    expect(notice).toHaveTextContent(
      'This test was replaced on another device. Your 2 offline answers still count for your schedule.',
    );
    const late = browser.requests.filter((request) => request.url === '/api/testing/late-reviews');
    expect(late).toHaveLength(1);
    // The schedule took "house" (finished, right: Good = 3) and not "cat" (never answered).
    const reviews = (await server.api.as(browser.cookie()).call('exportReviewLog')).body.trim().split('\n');
    expect(reviews.slice(1).map((line) => line.split(',')[2])).toEqual(['3']);
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByTestId('sync-notice')).not.toBeInTheDocument());
  });
  it("tells the learner where the server graded an offline answer otherwise, and keeps the server's grade", async () => {
    // "Tatze" is one letter from "Katze" (the device accepts it as a near miss), but it is the
    // answer of "paw": the server, which knows the whole dictionary, counts it wrong.
    ({ browser, user, dictionary } = await memberWithDictionary(server, [
      { term: 'cat', definitions: ['Katze'] },
      { term: 'paw', definitions: ['Tatze'] },
    ]));
    await startTest(server, browser, allWords(dictionary));
    rememberTest(user, dictionary, allWords(dictionary));
    const rendered = await renderApp({ path: '/testing', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByText('cat');
    await waitFor(() => expect(packFetched()).toBe(true));
    await waitFor(() => expect(rendered.queryClient.isFetching()).toBe(0));
    browser.offline = true;

    type('Tatze');
    expect(await screen.findByText(/The exact spelling is/)).toBeInTheDocument();
    goOnline();

    const notice = await screen.findByTestId('sync-notice');
    expect(notice).toHaveTextContent('1 of your offline answers was graded differently by the server');
    expect(notice).toHaveTextContent('“Tatze” for “cat” counts as wrong');
    const { test } = await anotherTab(server, browser).state();
    expect(test).toMatchObject({ term: 'cat', doneDefinitions: [] });
  });
});
