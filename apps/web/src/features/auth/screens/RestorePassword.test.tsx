import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { bodiesOf, mailOf, mailedRestoreCode, requestLog, signedUpAccount, wrongCode } from '../test/arrange';

describe('forgot password', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({ mail: true }, (...started) => ([server, browser] = started));

  const restoreCodeRequests = () => bodiesOf(browser, 'POST /api/auth/restore/code');

  it('mails a code, signs in with it, sets a new password and opens the main menu', async () => {
    const { email } = await signedUpAccount(server, { interfaceLanguage: 'pl' });
    const mailsBefore = mailOf(server).mailsTo(email).length;
    const { user, router, services } = await renderApp({
      path: '/auth/forgetPassword',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });

    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    expect(router.state.location.pathname).toBe('/auth/forgetPassword/code');
    expect(restoreCodeRequests()).toEqual([{ email }]);
    // The address is carried over from the first step.
    expect(screen.getByLabelText('Email')).toHaveValue(email);
    const code = await mailOf(server).codeFor(email, mailsBefore);

    await user.type(screen.getByLabelText('Code'), wrongCode(code));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Incorrect verification code');
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Code')).toHaveValue(wrongCode(code));

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Signed in; the user's language (Polish) is switched to on the new-password step.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ustaw nowe hasło' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgetPassword/password');
    expect(services.session.getUser()?.email).toBe(email);

    const password = screen.getByLabelText('Nowe hasło');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await user.type(password, 'NewSecret9');
    expect(document.querySelectorAll('[data-satisfied="true"]')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Zapisz hasło' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Menu główne' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(bodiesOf(browser, 'POST /api/auth/password')).toEqual([{ password: 'NewSecret9' }]);
    expect(requestLog(browser)).toContain('GET /api/users/me');
    // The new password is the account's now.
    const login = await server.api.call('login', { body: { email, password: 'NewSecret9' } });
    expect(login.statusCode).toBe(200);
  });

  it('sends a visitor who opens the new-password step without a session back to the start', async () => {
    const { router } = await renderApp({
      path: '/auth/forgetPassword/password',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgetPassword');
  });

  it('counts down the server’s wait when a code was asked for too recently, then lets the visitor ask', async () => {
    const { email } = await signedUpAccount(server);
    // A code was asked for from this machine 58 s ago: the next may be mailed in 2 s.
    await mailedRestoreCode(server, email);
    server.clock.advance(58_000);
    const { user, router } = await renderApp({
      path: '/auth/forgetPassword',
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    // Not a bare error in the modal: a note and a live countdown on the button.
    const countdown = await screen.findByTestId('send-code-countdown');
    expect(countdown).toHaveTextContent(/^Send a new code in [12] s$/);
    expect(screen.getByRole('status')).toHaveTextContent('A code for this address was asked for recently.');
    expect(countdown.closest('button')).toBeDisabled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled());
    expect(screen.queryByRole('status')).toBeNull();
    // The server's clock moves only when told: it catches up with the wait the visitor sat out.
    server.clock.advance(2_000);
    const mailsBefore = mailOf(server).mailsTo(email).length;
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    expect(router.state.location.pathname).toBe('/auth/forgetPassword/code');
    expect(restoreCodeRequests()).toHaveLength(2);
    expect(await mailOf(server).codeFor(email, mailsBefore)).toMatch(/^\d{6}$/);
  });
});
