import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { bodiesOf, requestLog, requestsFrom } from '../test/arrange';

describe('guest entry screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  it('enters only once every policy is accepted, then opens the main menu as a guest', async () => {
    const { user, router, services } = await renderApp({
      path: '/auth/guest',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Guest entry' });
    const enter = screen.getByRole('button', { name: 'Enter as a guest' });

    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(enter);
    expect(await screen.findByText('All policies should be accepted')).toBeInTheDocument();
    expect(requestLog(browser)).not.toContain('POST /api/auth/guest');

    await user.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /cookie policy/ }));
    await user.click(enter);

    expect(await screen.findByRole('heading', { level: 1, name: 'Main menu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(bodiesOf(browser, 'POST /api/auth/guest')).toEqual([{ interfaceLanguage: 'en' }]);
    expect(requestsFrom(browser, 'POST /api/auth/guest', 2)).toEqual([
      'POST /api/auth/guest',
      'GET /api/users/me',
    ]);
    expect(services.session.getUser()?.role).toBe('guest');
  });
});
