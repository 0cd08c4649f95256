import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { bodiesOf, requestLog, serveAuthApi, signedIn, type FakeSession } from '../test/fakeAuthApi';

// Screens load lazily and talk to a real local server: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('guest entry screen', { timeout: 20_000 }, () => {
  let server: TestServer;
  let session: FakeSession;

  beforeEach(async () => {
    server = await startTestServer();
    session = { user: null };
    serveAuthApi(server, session, {
      'POST /api/auth/guest': (body, current) =>
        signedIn(
          current,
          makeUser({ email: null, role: 'guest', interfaceLanguage: body.interfaceLanguage as 'en' }),
          201,
        ),
    });
  });

  afterEach(async () => {
    await server.close();
  });

  it('enters only once every policy is accepted, then opens the main menu as a guest', async () => {
    const { user, router, services } = await renderApp({ path: '/auth/guest', apiUrl: server.apiUrl });
    await screen.findByRole('heading', { level: 1, name: 'Guest entry' });
    const enter = screen.getByRole('button', { name: 'Enter as a guest' });

    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(enter);
    expect(await screen.findByText('All policies should be accepted')).toBeInTheDocument();
    expect(requestLog(server)).not.toContain('POST /api/auth/guest');

    await user.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /cookie policy/ }));
    await user.click(enter);

    expect(await screen.findByRole('heading', { level: 1, name: 'Main menu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(bodiesOf(server, 'POST /api/auth/guest')).toEqual([{ interfaceLanguage: 'en' }]);
    expect(requestLog(server).slice(-2)).toEqual(['POST /api/auth/guest', 'GET /api/users/me']);
    expect(services.session.getUser()?.role).toBe('guest');
  });
});
