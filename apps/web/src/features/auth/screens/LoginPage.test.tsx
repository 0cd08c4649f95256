import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { slowNetwork } from '../../../test/slowNetwork';
import { PASSWORD, bodiesOf, requestLog, requestsFrom, signedUpAccount } from '../test/arrange';

describe('login screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({ mail: true }, (...started) => ([server, browser] = started));

  async function open() {
    const app = await renderApp({ path: '/auth/login', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    return app;
  }

  async function logIn(user: Awaited<ReturnType<typeof open>>['user'], email: string, password = PASSWORD) {
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('has the autocomplete hints and a forgot-password link', async () => {
    await open();

    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgetPassword',
    );
  });

  it('checks the fields on the device before sending anything, also when Log in is pressed first', async () => {
    const { user } = await open();
    // The validation (zod and the contract's schema) loads when the form is first used; a submit
    // meanwhile waits for it (shared/ui/forms/lazyResolver.ts).
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await expect.poll(() => screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The field must be a valid email')).toBeInTheDocument();
    expect(requestLog(browser)).not.toContain('POST /api/auth/login');
  });

  it('shows and hides the password on request', async () => {
    const { user } = await open();
    const toggle = screen.getByRole('button', { name: 'Show password' });

    await user.click(toggle);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it("logs in, reloads the user and switches to the user's interface language", async () => {
    const { email } = await signedUpAccount(server, { interfaceLanguage: 'de' });
    const { user, router } = await open();

    await logIn(user, email);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hauptmenü' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(document.documentElement.lang).toBe('de');
    expect(bodiesOf(browser, 'POST /api/auth/login')).toEqual([{ email, password: PASSWORD }]);
    expect(requestsFrom(browser, 'POST /api/auth/login', 2)).toEqual([
      'POST /api/auth/login',
      'GET /api/users/me',
    ]);
  });

  it('sends a user who has not confirmed the email to verification', async () => {
    const { email } = await signedUpAccount(server, { role: 'notVerifiedUser' });
    const { user, router } = await open();

    await logIn(user, email);

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('shows wrong credentials in the error modal and keeps what was typed', async () => {
    const { email } = await signedUpAccount(server);
    const { user, router } = await open();

    await logIn(user, email, 'Wrong1234');

    expect(await screen.findByRole('dialog')).toHaveTextContent('Wrong email or password');
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByLabelText('Email')).toHaveValue(email);
    expect(screen.getByLabelText('Password')).toHaveValue('Wrong1234');
    expect(browser.cookie()).toBe('');
  });

  it('shows Log in busy while its request runs, keeps the focus on it and sends one request for a double click', async () => {
    const { email } = await signedUpAccount(server);
    const network = slowNetwork(browser);
    const { user } = await renderApp({ path: '/auth/login', apiUrl: server.apiUrl, fetch: network.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), 'Wrong1234');
    const logInButton = screen.getByRole('button', { name: 'Log in' });
    expect(logInButton).not.toHaveAttribute('aria-busy');

    network.hold('POST /api/auth/login');
    await user.dblClick(logInButton);
    await waitFor(() => expect(bodiesOf(browser, 'POST /api/auth/login')).toHaveLength(1));
    expect(logInButton).toHaveAttribute('aria-busy', 'true');
    expect(logInButton).toHaveAttribute('aria-disabled', 'true');
    expect(logInButton).not.toHaveAttribute('disabled');
    expect(logInButton).toHaveFocus();
    // Enter in a field clicks the busy button too, and is refused the same way.
    await user.type(screen.getByLabelText('Password'), '{Enter}');

    network.release();
    expect(await screen.findByRole('dialog')).toHaveTextContent('Wrong email or password');
    expect(logInButton).not.toHaveAttribute('aria-busy');
    expect(logInButton).not.toHaveAttribute('aria-disabled');
    expect(bodiesOf(browser, 'POST /api/auth/login')).toHaveLength(1);
  });
});
