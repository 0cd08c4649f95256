import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { requestLog, requestsFrom } from '../test/arrange';

describe('accept-policy screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    browser = server.browser();
    await browser.signIn('notAcceptedPolicyUser');
  });

  async function open() {
    const app = await renderApp({ path: '/accept-policy', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Accept the policies' });
    return app;
  }

  const box = (name: RegExp) => screen.getByRole('checkbox', { name });
  const submit = () => screen.getByRole('button', { name: 'Accept and continue' });
  const hint = 'All policies should be accepted';

  it('links each policy to its page, opening in a new tab', async () => {
    await open();

    expect(screen.getByRole('group', { name: 'Policies' })).toBeInTheDocument();
    const links = [
      screen.getByRole('link', { name: /terms of use/ }),
      screen.getByRole('link', { name: /privacy policy/ }),
      screen.getByRole('link', { name: /cookie policy/ }),
    ];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/policy/terms-of-use',
      '/policy/privacy',
      '/policy/cookie',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAccessibleName(expect.stringContaining('(opens in a new tab)'));
    }
  });

  it('blocks the submit with the hint until every policy is accepted', async () => {
    const { user, router } = await open();

    await user.click(submit());
    expect(await screen.findByText(hint)).toBeInTheDocument();
    expect(box(/terms of use/)).toHaveFocus();
    expect(box(/terms of use/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(box(/terms of use/));
    await user.click(box(/privacy policy/));
    await user.click(submit());
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(box(/cookie policy/)).toHaveFocus();
    expect(requestLog(browser)).not.toContain('PATCH /api/users/accept-policy');
    expect(router.state.location.pathname).toBe('/accept-policy');

    await user.click(box(/cookie policy/));
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  });

  it('accepts, refreshes the session token, reloads the user and opens the main menu', async () => {
    const { user, router, services } = await open();

    await user.click(box(/terms of use/));
    await user.click(box(/privacy policy/));
    await user.click(box(/cookie policy/));
    await user.click(submit());

    expect(await screen.findByRole('heading', { level: 1, name: 'Main menu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(requestsFrom(browser, 'PATCH /api/users/accept-policy', 3)).toEqual([
      'PATCH /api/users/accept-policy',
      'POST /api/cookie/refresh',
      'GET /api/users/me',
    ]);
    expect(services.session.getUser()?.role).toBe('user');
    expect((await server.api.as(browser.cookie()).call('me')).data().role).toBe('user');
  });
});
