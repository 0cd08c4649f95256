import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { bodiesSent } from '../test/arrange';

/** The daily reminder on the profile and the page its unsubscribe link opens (decision 0054). */
describe('e-mail reminders', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  it('are turned on with a time on the profile, the time checked before it is sent', async () => {
    const me = await browser.signIn();
    const app = await renderApp({ path: '/user/edit', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
    const section = screen.getByRole('region', { name: 'Reminders' });
    const box = within(section).getByRole('checkbox', { name: 'Email me a daily reminder' });
    expect(box).not.toBeChecked();
    const time = within(section).getByLabelText('Reminder time');
    expect(time).toHaveValue('18:00');
    expect(time).toHaveAccessibleDescription('In your time zone (UTC).');
    const save = within(section).getByRole('button', { name: 'Save reminders' });
    expect(save).toBeDisabled();

    await app.user.click(box);
    fireEvent.change(time, { target: { value: '' } });
    await app.user.click(save);
    expect(
      await within(section).findByText('Enter a time as HH:MM, from 00:00 to 23:59'),
    ).toBeInTheDocument();
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([]);

    fireEvent.change(time, { target: { value: '07:30' } });
    await app.user.click(save);
    expect(await within(section).findByText('Reminders saved.')).toBeInTheDocument();
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([
      { emailReminders: true, reminderTime: '07:30' },
    ]);
    const account = (await server.api.as(browser.cookie()).call('me')).data();
    expect(account).toMatchObject({ id: me.id, emailReminders: true, reminderTime: '07:30' });
  });

  it('are turned off from the mail’s link without signing in, only after the click', async () => {
    const owner = await browser.signIn();
    const token = 'reminder-token-for-the-screen-test-0001';
    await server.t.app.services.users.updateAccount(owner.id, { reminderEmail: true, reminderToken: token });
    const visitor = server.browser();
    const app = await renderApp({
      path: `/reminders/unsubscribe?token=${token}`,
      apiUrl: server.apiUrl,
      fetch: visitor.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Email reminders' });
    expect(screen.getByText('Stop the daily reminder emails for this account?')).toBeInTheDocument();
    // Opening the page changed nothing.
    const before = (await server.api.as(browser.cookie()).call('me')).data();
    expect(before.emailReminders).toBe(true);

    await app.user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText(
        'You will get no more reminders. You can turn them on again in your settings at any time.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/user/edit');
    expect((await server.api.as(browser.cookie()).call('me')).data().emailReminders).toBe(false);
  });

  it('says a link without its token does not work', async () => {
    await renderApp({ path: '/reminders/unsubscribe', apiUrl: server.apiUrl, fetch: browser.fetch });
    expect(
      await screen.findByText(
        'This link does not work. You can turn reminders off in your settings instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
