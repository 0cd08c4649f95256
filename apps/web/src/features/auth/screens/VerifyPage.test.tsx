import { act, configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import {
  bodiesOf,
  errorReply,
  noContent,
  requestLog,
  serveAuthApi,
  type FakeSession,
  type RouteHandler,
} from '../test/fakeAuthApi';

// Screens load lazily and talk to a real local server: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('verification screen', { timeout: 20_000 }, () => {
  let server: TestServer;
  let session: FakeSession;

  beforeEach(async () => {
    server = await startTestServer();
    session = { user: makeUser({ email: 'ada@example.com', role: 'notVerifiedUser' }) };
    window.sessionStorage.clear();
  });

  afterEach(async () => {
    vi.useRealTimers();
    await server.close();
  });

  async function open(routes: Record<string, RouteHandler> = {}) {
    serveAuthApi(server, session, routes);
    const app = await renderApp({ path: '/verify', apiUrl: server.apiUrl });
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email' });
    return app;
  }

  const codeInput = () => screen.getByLabelText('Code');
  const resendButton = () => screen.getByRole('button', { name: /Send a new code/ });

  it('says where the code went and takes digits only, with the one-time-code hints', async () => {
    const { user } = await open();

    expect(
      screen.getByText('We sent a code to ada@example.com. Enter it to confirm your address.'),
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
    expect(requestLog(server)).not.toContain('POST /api/auth/verify');
  });

  it('resends the code and counts the 60 s cooldown down visibly', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const { user } = await open({ 'POST /api/auth/verify/resend': () => noContent });

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
    expect(bodiesOf(server, 'POST /api/auth/verify/resend')).toHaveLength(1);
  });

  it('honours Retry-After when the server says it is too soon', async () => {
    const { user } = await open({
      'POST /api/auth/verify/resend': () =>
        errorReply(429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please try again in 42 seconds', {
          headers: { 'Retry-After': '42' },
        }),
    });

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
    window.sessionStorage.setItem(
      `wordhoard:verify-resend-at:${session.user!.id}`,
      String(Date.now() + 30_500),
    );

    await open();

    expect(screen.getByTestId('resend-countdown')).toHaveTextContent(/Send a new code in (31|30) s/);
    expect(resendButton()).toBeDisabled();
  });

  it('shows a wrong code in the error modal and keeps it for correcting', async () => {
    const { user, router } = await open({
      'POST /api/auth/verify': () => errorReply(400, 'INCORRECT_CODE', 'Incorrect verification code'),
    });

    await user.type(codeInput(), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent('Incorrect verification code');
    expect(codeInput()).toHaveValue('000000');
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('confirms the code, reloads the user and goes on to accept the policies', async () => {
    const { user, router } = await open({
      'POST /api/auth/verify': (_body, current) => {
        current.user = { ...current.user!, role: 'notAcceptedPolicyUser' };
        return { status: 200, body: { verified: true } };
      },
    });

    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Accept the policies' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accept-policy');
    expect(bodiesOf(server, 'POST /api/auth/verify')).toEqual([{ code: '123456' }]);
    expect(requestLog(server).slice(-2)).toEqual(['POST /api/auth/verify', 'GET /api/users/me']);
  });
});
