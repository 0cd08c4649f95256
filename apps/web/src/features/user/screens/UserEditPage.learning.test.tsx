import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { bodiesSent, reviewHistoryFor } from '../test/arrange';

/** The seeded learner of the server's personal-scheduling suite: 621 reviews over 60 days. */
const FULL_HISTORY = { words: 200, days: 60, newPerDay: 6 };

/** The Learning section of the profile (decision 0046), against the real server. */
describe('the Learning section of the profile', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  async function openLearning() {
    const app = await renderApp({ path: '/user/edit', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
    return { ...app, section: screen.getByRole('region', { name: 'Learning' }) };
  }
  const forecastOf = async (retention: number) =>
    (await server.api.as(browser.cookie()).call('workloadForecast', { query: { retention } })).data();
  const summaryOf = (forecast: Awaited<ReturnType<typeof forecastOf>>, percent: string) =>
    `Reviews in the next 30 days at ${percent}: about ${forecast.total}, at most ${Math.max(
      ...forecast.days.map((day) => day.reviews),
    )} on one day.`;

  it('previews the next 30 days at the retention on the control, and saves it only on Save', async () => {
    const me = await browser.signIn();
    await reviewHistoryFor(server, browser, me, FULL_HISTORY);
    const { user, section, services } = await openLearning();

    const slider = within(section).getByRole('slider', { name: 'Desired retention' });
    expect(slider).toHaveValue('90');
    expect(slider).toHaveAttribute('aria-valuetext', '90%');
    expect(slider).toHaveAccessibleDescription(/The share of words you want to still know/);
    const atNinety = await forecastOf(0.9);
    expect(
      await within(section).findByText(summaryOf(atNinety, '90%'), { selector: 'figcaption' }),
    ).toBeInTheDocument();
    // One image named by what it shows; the numbers are in a table one click away.
    expect(
      within(section).getByRole('img', { name: /^Reviews in the next 30 days Reviews in/ }),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Save retention' })).toBeDisabled();

    fireEvent.change(slider, { target: { value: '97' } });
    const atNinetySeven = await forecastOf(0.97);
    expect(atNinetySeven.total).toBeGreaterThan(atNinety.total);
    expect(
      await within(section).findByText(summaryOf(atNinetySeven, '97%'), { selector: 'figcaption' }),
    ).toBeInTheDocument();
    expect(within(section).getByText('97%', { selector: 'output' })).toBeInTheDocument();
    // A preview only: nothing was saved yet.
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([]);
    expect(
      browser.requests.some((request) => request.url === '/api/users/me/scheduler/forecast?retention=0.97'),
    ).toBe(true);

    await user.click(within(section).getByText('Show as a table'));
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(1 + atNinetySeven.days.filter((day) => day.reviews > 0).length);

    await user.click(within(section).getByRole('button', { name: 'Save retention' }));
    expect(await within(section).findByText('Desired retention saved.')).toBeInTheDocument();
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([{ desiredRetention: 0.97 }]);
    expect(services.session.getUser()?.desiredRetention).toBe(0.97);
    expect((await server.api.as(browser.cookie()).call('me')).data().desiredRetention).toBe(0.97);
  });

  it('fits personal parameters on demand and says how much better they predict', async () => {
    const me = await browser.signIn();
    const reviews = await reviewHistoryFor(server, browser, me, FULL_HISTORY);
    const { user, section } = await openLearning();
    expect(
      await within(section).findByText(
        'You have enough reviews to fit the memory model to your own memory. It happens every night, or now.',
      ),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Fit now' }));

    const verdict = await within(section).findByText(/They predict your recall \d+% better/);
    const { fit } = (await server.api.as(browser.cookie()).call('schedulerStatus')).data();
    const { defaults, personal } = fit!.logLoss!;
    const percent = Math.round(((defaults - personal) / defaults) * 100);
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(fit!.fittedAt));
    expect(verdict).toHaveTextContent(
      `Last fitted on ${date} from ${reviews} reviews. They predict your recall ${percent}% better than the ` +
        `defaults (log loss ${defaults.toFixed(2)} → ${personal.toFixed(2)}) and now schedule your reviews.`,
    );
    expect(percent).toBeGreaterThanOrEqual(10);
    expect(
      within(section).getByText('They are fitted again every night when you have new reviews.'),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Fit now' })).toHaveAccessibleDescription(
      verdict.textContent,
    );

    // Nothing new since: asking again says so.
    await user.click(within(section).getByRole('button', { name: 'Fit now' }));
    expect(
      await within(section).findByText('Your parameters already take all your reviews into account.'),
    ).toBeInTheDocument();
  });

  it('says how many reviews are still missing, and keeps Fit now for when they are there', async () => {
    const me = await browser.signIn();
    const reviews = await reviewHistoryFor(server, browser, me, { words: 12, days: 8, newPerDay: 3 });
    const { section } = await openLearning();

    expect(
      await within(section).findByText(
        `Wordhoard fits its memory model to your own reviews once you have 400. You have ${reviews} so far: ` +
          `${400 - reviews} more to go.`,
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Fit now' })).toBeDisabled();
    expect(bodiesSent(browser, 'POST /api/users/me/scheduler/fit')).toEqual([]);
  });
  it('saves the leech threshold, and says in place why a value outside 3–30 is refused', async () => {
    await browser.signIn();
    const { user, section, services } = await openLearning();
    const field = within(section).getByRole('spinbutton', { name: 'Leech threshold' });
    const save = within(section).getByRole('button', { name: 'Save leech threshold' });
    expect(field).toHaveValue(8);
    expect(field).toHaveAccessibleDescription(
      'A word whose definitions you forget this many times after knowing them is marked as a leech, so ' +
        'you can rewrite or suspend it. From 3 to 30; 8 suits most learners.',
    );
    expect(save).toBeDisabled();

    for (const refused of ['2', '31', '']) {
      await user.clear(field);
      if (refused) await user.type(field, refused);
      await user.click(save);
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('Choose a leech threshold between 3 and 30 lapses'),
      );
      expect(field).toBeInvalid();
    }
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([]);

    await user.clear(field);
    await user.type(field, '5');
    expect(field).toBeValid();
    await user.click(save);
    expect(await within(section).findByText('Leech threshold saved.')).toBeInTheDocument();
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([{ leechThreshold: 5 }]);
    expect(services.session.getUser()?.leechThreshold).toBe(5);
    expect((await server.api.as(browser.cookie()).call('me')).data().leechThreshold).toBe(5);
    expect(save).toBeDisabled();
  });
});
