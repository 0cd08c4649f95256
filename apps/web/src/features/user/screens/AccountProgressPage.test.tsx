import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { reviewsAt } from '../test/arrange';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC date some days before the server's today, in the words a heatmap cell uses. */
const inWords = (time: number) =>
  new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(time),
  );

/** The account progress page (GET /users/me/progress), against the real server. */
describe('the account progress page', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  it('shows today against the goal, the streak with the freeze it used, and the year as labelled cells', async () => {
    await browser.signIn();
    (await server.api.as(browser.cookie()).call('updateMe', { body: { dailyGoal: 5 } })).data();
    // The account's zone is UTC: days −10 … −4 studied (a freeze earned), −3 missed, −2 and −1
    // studied, and 3 reviews so far today: under the goal, yet the day counts (decision 0086).
    const now = server.clock.now().getTime();
    const today = now - (now % DAY_MS);
    const times: Date[] = [];
    const on = (daysAgo: number, count: number) => {
      for (let i = 0; i < count; i += 1) times.push(new Date(today - daysAgo * DAY_MS + 1000 * (i + 1)));
    };
    for (let daysAgo = 10; daysAgo >= 4; daysAgo -= 1) on(daysAgo, 5);
    on(2, 5);
    on(1, 6);
    on(0, 3);
    await reviewsAt(server, browser, times);

    const { user } = await renderApp({ path: '/menu', apiUrl: server.apiUrl, fetch: browser.fetch });
    await user.click(await screen.findByRole('link', { name: /^Progress/ }));
    await screen.findByRole('heading', { level: 1, name: 'Your progress' });

    const todayCard = await screen.findByRole('region', { name: 'Today' });
    expect(within(todayCard).getByText('3 / 5')).toBeInTheDocument();
    expect(within(todayCard).getByRole('progressbar', { name: 'Daily goal' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(within(todayCard).getByText('2 more words to meet your goal.')).toBeInTheDocument();

    const streak = screen.getByRole('region', { name: 'Streak' });
    expect(within(streak).getByTestId('account-streak')).toHaveTextContent('10 days');
    expect(within(streak).getByText('Longest: 10 days')).toBeInTheDocument();
    expect(within(streak).getByTestId('account-freezes')).toHaveTextContent('Streak freezes: 0 of 2');
    expect(within(streak).getByText(`Saved by a freeze: ${inWords(today - 3 * DAY_MS)}`)).toBeInTheDocument();

    const year = screen.getByRole('region', { name: 'Reviews in the last year' });
    const cells = within(year)
      .getAllByRole('listitem')
      .filter((cell) => cell.hasAttribute('data-level'));
    expect(cells).toHaveLength(365);
    expect(cells.at(-1)).toHaveTextContent(`3 reviews on ${inWords(today)}`);
    expect(cells.at(-2)).toHaveTextContent(`6 reviews on ${inWords(today - DAY_MS)}`);
    expect(cells.at(-4)).toHaveTextContent(`0 reviews on ${inWords(today - 3 * DAY_MS)}`);
    // Under the goal, met, twice or more: told apart in words by the legend as well as by shade.
    expect(cells.at(-1)).toHaveAttribute('data-level', '2');
    expect(cells.at(-2)).toHaveAttribute('data-level', '3');
    expect(cells.at(-4)).toHaveAttribute('data-level', '0');
    // The year scrolls within its own named box, which the keyboard can reach to scroll it.
    const scroller = within(year).getByRole('region', { name: 'Days of the last year' });
    expect(scroller).toContainElement(cells[0] ?? null);
    expect(scroller).toHaveAttribute('tabindex', '0');
    for (const label of ['No reviews', 'Less than half the goal', 'Less than the goal', 'Goal met']) {
      expect(within(year).getByText(label)).toBeInTheDocument();
    }
  });
});
