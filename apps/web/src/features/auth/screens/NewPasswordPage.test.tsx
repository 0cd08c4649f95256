import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import {
  bodiesOf,
  errorReply,
  requestLog,
  serveAuthApi,
  signedIn,
  type FakeSession,
} from '../test/fakeAuthApi';

// Screens load lazily and talk to a real local server: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

/**
 * The session a restore code signed in may set a password without the old one only for a
 * short while (docs/decisions/0016); after that the page says so instead of asking for a
 * password the visitor has forgotten.
 */
describe('new password after a restore code', { timeout: 20_000 }, () => {
  let server: TestServer;
  let session: FakeSession;

  beforeEach(async () => {
    server = await startTestServer();
    session = { user: null };
    serveAuthApi(server, session, {
      'POST /api/auth/restore': (body, current) => signedIn(current, makeUser({ email: String(body.email) })),
      'POST /api/auth/password': () =>
        errorReply(400, 'CURRENT_PASSWORD_REQUIRED', 'Enter your current password to confirm'),
    });
  });

  afterEach(async () => {
    await server.close();
  });

  it('sends only the new password, and when the leave is over points to a new code', async () => {
    const { user, router, services } = await renderApp({
      path: '/auth/forgetPassword/code',
      apiUrl: server.apiUrl,
    });
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'NewSecret9');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    const notice = await screen.findByText(
      /The time to set a new password has run out\. Please request a new code\./,
    );
    // Announced politely, not thrown at the visitor in the error modal.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled();
    expect(bodiesOf(server, 'POST /api/auth/password')).toEqual([{ password: 'NewSecret9' }]);

    // Starting over signs the restored session out, and keeps the address.
    await user.click(screen.getByRole('button', { name: 'Request a new code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgetPassword');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(requestLog(server)).toContain('DELETE /api/cookie/token');
    expect(services.session.getUser()).toBeNull();
  });
});
