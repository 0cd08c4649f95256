import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import {
  bodiesOf,
  errorReply,
  noContent,
  requestLog,
  serveAuthApi,
  signedIn,
  type FakeSession,
} from '../test/fakeAuthApi';

// Screens load lazily and talk to a real local server: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('forgot password', { timeout: 20_000 }, () => {
  let server: TestServer;
  let session: FakeSession;

  beforeEach(async () => {
    server = await startTestServer();
    session = { user: null };
    serveAuthApi(server, session, {
      'POST /api/auth/restore/code': () => noContent,
      'POST /api/auth/restore': (body, current) =>
        body.code === '654321'
          ? signedIn(current, makeUser({ email: String(body.email), interfaceLanguage: 'pl' }))
          : errorReply(400, 'INCORRECT_CODE', 'Incorrect verification code'),
      'POST /api/auth/password': () => noContent,
    });
  });

  afterEach(async () => {
    await server.close();
  });

  it('mails a code, signs in with it, sets a new password and opens the main menu', async () => {
    const { user, router, services } = await renderApp({
      path: '/auth/forgetPassword',
      apiUrl: server.apiUrl,
    });
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    expect(router.state.location.pathname).toBe('/auth/forgetPassword/code');
    expect(bodiesOf(server, 'POST /api/auth/restore/code')).toEqual([{ email: 'ada@example.com' }]);
    // The address is carried over from the first step.
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');

    await user.type(screen.getByLabelText('Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Incorrect verification code');
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Code')).toHaveValue('111111');

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Signed in; the user's language (Polish) is switched to on the new-password step.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ustaw nowe hasło' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgetPassword/password');
    expect(services.session.getUser()?.email).toBe('ada@example.com');

    const password = screen.getByLabelText('Nowe hasło');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await user.type(password, 'NewSecret9');
    expect(document.querySelectorAll('[data-satisfied="true"]')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Zapisz hasło' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Menu główne' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(bodiesOf(server, 'POST /api/auth/password')).toEqual([{ password: 'NewSecret9' }]);
    expect(requestLog(server)).toContain('GET /api/users/me');
  });

  it('sends a visitor who opens the new-password step without a session back to the start', async () => {
    const { router } = await renderApp({ path: '/auth/forgetPassword/password', apiUrl: server.apiUrl });

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgetPassword');
  });

  it('counts down the server’s wait when a code was asked for too recently, then lets the visitor ask', async () => {
    let asked = 0;
    serveAuthApi(server, session, {
      'POST /api/auth/restore/code': () =>
        ++asked === 1
          ? errorReply(429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please try again in 2 seconds', {
              headers: { 'retry-after': '2' },
            })
          : noContent,
    });
    const { user, router } = await renderApp({ path: '/auth/forgetPassword', apiUrl: server.apiUrl });
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    // Not a bare error in the modal: a note and a live countdown on the button.
    const countdown = await screen.findByTestId('send-code-countdown');
    expect(countdown).toHaveTextContent(/^Send a new code in [12] s$/);
    expect(screen.getByRole('status')).toHaveTextContent('A code for this address was asked for recently.');
    expect(countdown.closest('button')).toBeDisabled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled());
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    expect(router.state.location.pathname).toBe('/auth/forgetPassword/code');
    expect(asked).toBe(2);
  });
});
