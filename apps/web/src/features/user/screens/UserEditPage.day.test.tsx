import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { bodiesSent } from '../test/arrange';

/** The "Your day" section of the profile (decision 0053), against the real server. */
describe('the time zone and daily goal on the profile', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  async function openDay(timeZone = 'UTC') {
    const app = await renderApp({
      path: '/user/edit',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
      timeZone,
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
    return { ...app, section: screen.getByRole('region', { name: 'Your day' }) };
  }
  const account = async () => (await server.api.as(browser.cookie()).call('me')).data();

  it('saves a time zone picked from the list, and says it counts from the next day', async () => {
    await browser.signIn();
    const { user, section, services } = await openDay();
    const select = within(section).getByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('UTC');
    expect(select).toHaveAccessibleDescription(/A new time zone counts from your next day/);
    // Every zone of the browser is offered, with its offset.
    expect(
      within(select).getByRole('option', { name: /^Pacific\/Kiritimati \(GMT\+14\)$/ }),
    ).toBeInTheDocument();
    const save = within(section).getByRole('button', { name: 'Save time zone' });
    expect(save).toBeDisabled();

    await user.selectOptions(select, 'America/Los_Angeles');
    await user.click(save);
    expect(
      await within(section).findByText('Time zone saved. It counts from your next day.'),
    ).toBeInTheDocument();
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([{ timeZone: 'America/Los_Angeles' }]);
    expect(services.session.getUser()?.timeZone).toBe('America/Los_Angeles');
    expect((await account()).timeZone).toBe('America/Los_Angeles');
  });

  it('checks the daily goal before sending it, then saves it', async () => {
    await browser.signIn();
    const { user, section } = await openDay();
    const goal = within(section).getByRole('spinbutton', { name: 'Daily goal (words reviewed)' });
    expect(goal).toHaveValue(20);

    fireEvent.change(goal, { target: { value: '3' } });
    await user.click(within(section).getByRole('button', { name: 'Save daily goal' }));
    expect(
      await within(section).findByText('Choose a daily goal between 5 and 500 words'),
    ).toBeInTheDocument();
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([]);

    fireEvent.change(goal, { target: { value: '40' } });
    await user.click(within(section).getByRole('button', { name: 'Save daily goal' }));
    expect(await within(section).findByText('Daily goal saved.')).toBeInTheDocument();
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([{ dailyGoal: 40 }]);
    expect((await account()).dailyGoal).toBe(40);
  });

  it('gives an account still on the default zone the browser’s, once, and never overrides a chosen one', async () => {
    await browser.signIn();
    const first = await openDay('Europe/Berlin');
    await within(first.section).findByDisplayValue(/^Europe\/Berlin/);
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([{ timeZone: 'Europe/Berlin' }]);
    expect((await account()).timeZone).toBe('Europe/Berlin');
    cleanup();

    // Another page load from a browser elsewhere: the account has a zone now, so nothing is sent.
    const second = await openDay('Asia/Tokyo');
    expect(within(second.section).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([{ timeZone: 'Europe/Berlin' }]);
  });
});
