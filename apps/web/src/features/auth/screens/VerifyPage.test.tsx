import { act, screen } from '@testing-library/react';
import type { User } from '@wordhoard/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import {
  bodiesOf,
  mailOf,
  mailedVerificationCode,
  requestLog,
  requestsFrom,
  wrongCode,
} from '../test/arrange';

describe('verification screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let account: User & { email: string };

  beforeAll(async () => {
    server = await startApiServer({ mail: true });
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    browser = server.browser();
    const user = await browser.signIn('notVerifiedUser');
    account = { ...user, email: user.email! };
    window.sessionStorage.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  async function open() {
    const app = await renderApp({ path: '/verify', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email' });
    return app;
  }

  /** A code mailed to the account, asked for from another tab. */
  const mailedCode = () => mailedVerificationCode(server, browser, account.email);

  const codeInput = () => screen.getByLabelText('Code');
  const resendButton = () => screen.getByRole('button', { name: /Send a new code/ });

  it('says where the code went and takes digits only, with the one-time-code hints', async () => {
    const { user } = await open();

    expect(
      screen.getByText(`We sent a code to ${account.email}. Enter it to confirm your address.`),
    ).toBeVisible();
    expect(codeInput()).toHaveAttribute('inputmode', 'numeric');
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(codeInput(), '12a3-4 5x6');
    expect(codeInput()).toHaveValue('123456');

    await user.clear(codeInput());
    await user.paste(' 98 76 54 32 ');
    expect(codeInput()).toHaveValue('987654');
  });

  it('explains a code that is too short, next to the field', async () => {
    const { user } = await open();

    await user.type(codeInput(), '123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(requestLog(browser)).not.toContain('POST /api/auth/verify');
  });

  it('resends the code and counts the 60 s cooldown down visibly', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const { user } = await open();

    expect(resendButton()).toBeEnabled();
    await user.click(resendButton());

    expect(await screen.findByText('A new code is on its way. Check your inbox.')).toBeInTheDocument();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Send a new code in 60 s');
    expect(resendButton()).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Send a new code in 59 s');

    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Send a new code in 1 s');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByTestId('resend-countdown')).not.toBeInTheDocument();
    expect(resendButton()).toBeEnabled();
    expect(bodiesOf(browser, 'POST /api/auth/verify/resend')).toHaveLength(1);
    expect(mailOf(server).mailsTo(account.email)).toHaveLength(1);
  });

  it('honours Retry-After when the server says it is too soon', async () => {
    // Another tab had a code mailed 18 s ago: the server allows one a minute.
    await mailedCode();
    server.clock.advance(18_000);
    const { user } = await open();

    await user.click(resendButton());

    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Too many attempts. Please try again in 42 seconds',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Send a new code in 42 s');
    expect(resendButton()).toBeDisabled();
  });

  it('keeps a cooldown started earlier in this tab (a reload, or the code mailed at sign-up)', async () => {
    window.sessionStorage.setItem(`wordhoard:verify-resend-at:${account.id}`, String(Date.now() + 30_500));

    await open();

    expect(screen.getByTestId('resend-countdown')).toHaveTextContent(/Send a new code in (31|30) s/);
    expect(resendButton()).toBeDisabled();
  });

  it('shows a wrong code in the error modal and keeps it for correcting', async () => {
    const wrong = wrongCode(await mailedCode());
    const { user, router } = await open();

    await user.type(codeInput(), wrong);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent('Incorrect verification code');
    expect(codeInput()).toHaveValue(wrong);
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('confirms the code, reloads the user and goes on to accept the policies', async () => {
    const code = await mailedCode();
    const { user, router } = await open();

    await user.type(codeInput(), code);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Accept the policies' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accept-policy');
    expect(bodiesOf(browser, 'POST /api/auth/verify')).toEqual([{ code }]);
    expect(requestsFrom(browser, 'POST /api/auth/verify', 2)).toEqual([
      'POST /api/auth/verify',
      'GET /api/users/me',
    ]);
    expect((await server.api.as(browser.cookie()).call('me')).data().role).toBe('notAcceptedPolicyUser');
  });
});
