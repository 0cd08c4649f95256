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
  type RouteHandler,
} from '../test/fakeAuthApi';

// Screens load lazily and talk to a real local server: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('login screen', { timeout: 20_000 }, () => {
  let server: TestServer;
  let session: FakeSession;

  beforeEach(async () => {
    server = await startTestServer();
    session = { user: null };
  });

  afterEach(async () => {
    await server.close();
  });

  async function open(routes: Record<string, RouteHandler>) {
    serveAuthApi(server, session, routes);
    const app = await renderApp({ path: '/auth/login', apiUrl: server.apiUrl });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    return app;
  }

  async function logIn(user: Awaited<ReturnType<typeof open>>['user']) {
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('has the autocomplete hints and a forgot-password link', async () => {
    await open({});

    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgetPassword',
    );
  });

  it('shows and hides the password on request', async () => {
    const { user } = await open({});
    const toggle = screen.getByRole('button', { name: 'Show password' });

    await user.click(toggle);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it("logs in, reloads the user and switches to the user's interface language", async () => {
    const { user, router } = await open({
      'POST /api/auth/login': (_body, current) => signedIn(current, makeUser({ interfaceLanguage: 'de' })),
    });

    await logIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hauptmenü' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(document.documentElement.lang).toBe('de');
    expect(bodiesOf(server, 'POST /api/auth/login')).toEqual([
      { email: 'ada@example.com', password: 'Secret123' },
    ]);
    expect(requestLog(server).slice(-2)).toEqual(['POST /api/auth/login', 'GET /api/users/me']);
  });

  it('sends a user who has not confirmed the email to verification', async () => {
    const { user, router } = await open({
      'POST /api/auth/login': (_body, current) => signedIn(current, makeUser({ role: 'notVerifiedUser' })),
    });

    await logIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('shows wrong credentials in the error modal and keeps what was typed', async () => {
    const { user, router } = await open({
      'POST /api/auth/login': () => errorReply(401, 'INVALID_CREDENTIALS', 'Wrong email or password'),
    });

    await logIn(user);

    expect(await screen.findByRole('dialog')).toHaveTextContent('Wrong email or password');
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('Secret123');
  });
});
