import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Dictionary, TesterOptions, User } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { memberWithDictionary, startTest } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { anotherTab, rememberTest, spendAttempts } from '../test/arrange';

// Each screen is a lazily loaded route chunk; on a busy machine the first load takes a while.
configure({ asyncUtilTimeout: 4000 });

describe('test report screen', { timeout: 20_000 }, () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let user: User;
  let dictionary: Dictionary;
  let options: TesterOptions;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    ({ browser, user, dictionary } = await memberWithDictionary(server, [
      { term: 'house', definitions: ['Haus', 'Gebäude'] },
      { term: 'cat', definitions: ['Katze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]));
    options = { dictionaryId: dictionary.id, swap: false, range: { type: 'date', period: 'last3Days' } };
  });

  afterEach(() => {
    window.sessionStorage.clear();
  });

  /**
   * Runs a test of the three words to its report, with `testsLeft` of today's attempts left
   * after it: "house" right, "cat" right after a wrong try, "dog" skipped.
   */
  async function finishTest({ testsLeft = 2 }: { testsLeft?: number } = {}) {
    // Earlier tests of the day; starting one replaces the test before, so they come first.
    await spendAttempts(server, browser, dictionary, user.limits.testsPerDay - testsLeft - 1);
    await startTest(server, browser, options);
    await anotherTab(server, browser).finish({
      house: ['Haus', 'Gebäude'],
      cat: ['Hund', 'Katze'],
      dog: 'skip',
    });
  }
  const open = () => renderApp({ path: '/testing/finish', apiUrl: server.apiUrl, fetch: browser.fetch });

  it('shows the totals and every word with its definitions, what was typed and the result', async () => {
    await finishTest();
    rememberTest(user, dictionary, options);
    await open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Test report' })).toBeInTheDocument();
    expect(await screen.findByText('You got 1 of 3 words right.')).toBeInTheDocument();
    expect(screen.getByTestId('report-total')).toHaveTextContent('3');
    expect(screen.getByTestId('report-correct')).toHaveTextContent('1');
    expect(screen.getByTestId('report-wrong')).toHaveTextContent('1');
    expect(screen.getByTestId('report-skipped')).toHaveTextContent('1');
    expect(screen.getByTestId('report-correct')).toHaveClass('tabular');

    const items = screen.getAllByTestId('report-item');
    expect(items).toHaveLength(3);
    const [house, cat, dog] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(house).getByRole('heading', { level: 3, name: 'house' })).toHaveAttribute('lang', 'en');
    expect(
      within(house)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Haus', 'Gebäude']);
    expect(house).toHaveTextContent('You typedHaus, Gebäude');
    expect(house).toHaveTextContent('Correct');
    expect(cat).toHaveTextContent('You typedHund, Katze');
    expect(cat).toHaveTextContent('Wrong');
    // "Hund" is the meaning of "dog": the report keeps the pair to tell apart.
    expect(within(cat).getByTestId('report-confusions')).toHaveTextContent('Mixed up withdog');
    expect(within(cat).getByText('dog')).toHaveAttribute('lang', 'en');
    expect(within(house).queryByTestId('report-confusions')).not.toBeInTheDocument();
    expect(dog).toHaveTextContent('Nothing typed');
    expect(dog).toHaveTextContent('Skipped');
    await waitFor(() =>
      expect(screen.getByTestId('finish-announcer')).toHaveTextContent(
        'Test finished. Correct: 1, wrong: 1, skipped: 1.',
      ),
    );
  });

  it('tries again with the same options: a new test, then the runner', async () => {
    await finishTest();
    rememberTest(user, dictionary, options);
    const { user: person, router } = await open();

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveFocus();
    expect(tryAgain).toHaveAccessibleDescription(
      'Starts a new test with the same options. Tests left today: 2',
    );
    await person.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    const created = browser.requests.filter(
      (request) => request.method === 'POST' && request.url === '/api/tester',
    );
    expect(created.map((request) => JSON.parse(request.body) as TesterOptions)).toEqual([options]);
    expect(await screen.findByText('Word 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('house')).toBeInTheDocument();
    expect(screen.getByText('Tests left today: 1')).toBeInTheDocument();
  });

  it('offers only a new test when this tab does not know the options', async () => {
    await finishTest();
    await open();

    const newTest = await screen.findByRole('link', { name: 'New test' });
    expect(newTest).toHaveAttribute('href', '/createTester');
    expect(newTest).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('disables try again at 0 attempts with the message', async () => {
    await finishTest({ testsLeft: 0 });
    rememberTest(user, dictionary, options);
    await open();

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.getByText('The maximum testing attempts for today is reached')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New test' })).toHaveFocus();
  });

  it('explains a refused try again (attempts used elsewhere) and moves the focus on', async () => {
    const testsLeft = 2;
    await finishTest({ testsLeft });
    rememberTest(user, dictionary, options);
    const { user: person, router, queryClient } = await open();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    // The screen has loaded the report: the other tab acts after that load, not in a race with it.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Another tab starts tests until today has none left (so this report is out of date).
    await spendAttempts(server, browser, dictionary, testsLeft);

    await person.click(tryAgain);

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('The maximum testing attempts for today is reached'));
    expect(tryAgain).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('link', { name: 'New test' })).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testing/finish');
  });

  it('goes back to the runner while the test is still going', async () => {
    await startTest(server, browser, options);
    const { router } = await open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
  });
});
