import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import {
  PASSWORD,
  bodiesOf,
  freshEmail,
  mailOf,
  mailedRestoreCode,
  requestLog,
  signedUpAccount,
  wrongCode,
} from '../test/arrange';

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

  it('counts down the server’s wait when a code was asked for too recently, then offers to send a new code', async () => {
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

    // When the countdown ends the note does not just vanish: it says so, and the button offers
    // the new code.
    const sendNew = await screen.findByRole('button', { name: 'Send a new code' }, { timeout: 5_000 });
    expect(sendNew).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('You can ask for a new code now.');
    expect(screen.queryByTestId('send-code-countdown')).toBeNull();
    // The server's clock moves only when told: it catches up with the wait the visitor sat out.
    server.clock.advance(2_000);
    const mailsBefore = mailOf(server).mailsTo(email).length;
    await user.click(sendNew);
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    expect(router.state.location.pathname).toBe('/auth/forgetPassword/code');
    expect(restoreCodeRequests()).toHaveLength(2);
    expect(await mailOf(server).codeFor(email, mailsBefore)).toMatch(/^\d{6}$/);
  });

  describe('when strangers have asked for many codes for the address', () => {
    /** 21 requests from 21 other networks: the address's codes for other devices are used up. */
    async function strangersAskFor(email: string) {
      server.clock.advance(2 * 60_000);
      const answers = await Promise.all(
        Array.from({ length: 21 }, (_, i) =>
          server.api.call('restoreCode', { body: { email }, remoteAddress: `198.51.100.${i + 1}` }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(1);
    }

    async function askForCode(email: string) {
      const app = await renderApp({
        path: '/auth/forgetPassword',
        apiUrl: server.apiUrl,
        fetch: browser.fetch,
      });
      await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
      await app.user.type(screen.getByLabelText('Email'), email);
      await app.user.click(screen.getByRole('button', { name: 'Send code' }));
      return app;
    }

    it('mails the code on a device the account has signed in on', async () => {
      // Signed up in this browser, then signed out: the browser keeps its device cookie.
      const email = freshEmail();
      const json = { 'content-type': 'application/json' };
      const body = JSON.stringify({ email, password: PASSWORD });
      expect(
        (await browser.fetch(`${server.apiUrl}/auth/signup`, { method: 'POST', headers: json, body })).status,
      ).toBe(201);
      expect((await browser.fetch(`${server.apiUrl}/cookie/token`, { method: 'DELETE' })).status).toBe(204);
      await strangersAskFor(email);
      const mailsBefore = mailOf(server).mailsTo(email).length;

      const { router } = await askForCode(email);

      await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
      expect(router.state.location.pathname).toBe('/auth/forgetPassword/code');
      expect(await mailOf(server).codeFor(email, mailsBefore)).toMatch(/^\d{6}$/);
    });

    it('elsewhere, counts down in minutes and says where a code can still be asked for', async () => {
      const { email } = await signedUpAccount(server);
      await strangersAskFor(email);

      await askForCode(email);

      const countdown = await screen.findByTestId('send-code-countdown');
      expect(countdown).toHaveTextContent(/^Send a new code in (59|60) min$/);
      expect(screen.getByRole('status')).toHaveTextContent(
        'On a device where you have signed in to Wordhoard before, requests from elsewhere don’t hold yours up',
      );
      expect(countdown.closest('button')).toBeDisabled();
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
