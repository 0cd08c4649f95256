import { act, configure, screen, within } from '@testing-library/react';
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

describe('sign-up screen', { timeout: 20_000 }, () => {
  let server: TestServer;
  let session: FakeSession;

  beforeEach(async () => {
    server = await startTestServer();
    session = { user: null };
    window.sessionStorage.clear();
  });

  afterEach(async () => {
    await server.close();
  });

  async function open(routes: Record<string, RouteHandler> = {}) {
    serveAuthApi(server, session, routes);
    const app = await renderApp({ path: '/auth/signup', apiUrl: server.apiUrl });
    await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    return app;
  }

  const emailInput = () => screen.getByLabelText('Email');
  const passwordInput = () => screen.getByLabelText('Password');
  const requirement = (name: RegExp) =>
    within(screen.getByRole('list', { name: 'Your password needs' }))
      .getByText(name)
      .closest('li')!;

  it('shows each password requirement as satisfied or not while the password is typed', async () => {
    const { user } = await open();
    const rules = () =>
      ['length', 'uppercase', 'lowercase', 'digit'].map((name) =>
        document.querySelector(`[data-requirement="${name}"]`)?.getAttribute('data-satisfied'),
      );

    expect(rules()).toEqual(['false', 'false', 'false', 'false']);
    expect(requirement(/8 to 32 characters/)).toHaveTextContent('8 to 32 characters, not satisfied');

    await user.type(passwordInput(), 'abc');
    expect(rules()).toEqual(['false', 'false', 'true', 'false']);
    expect(requirement(/a lowercase letter/)).toHaveTextContent('a lowercase letter, satisfied');

    await user.type(passwordInput(), 'DEF12');
    expect(rules()).toEqual(['true', 'true', 'true', 'true']);
    expect(screen.getByText('4 of 4 password requirements satisfied')).toHaveAttribute('role', 'status');

    await user.clear(passwordInput());
    await user.type(passwordInput(), 'ABCDEFGH');
    expect(rules()).toEqual(['true', 'true', 'false', 'false']);
    // The checklist describes the password input, so it is read along with it.
    const describedBy = passwordInput().getAttribute('aria-describedby') ?? '';
    const checklist = screen.getByRole('list', { name: 'Your password needs' }).parentElement!;
    expect(describedBy.split(' ')).toContain(checklist.id);
  });

  it('shows the shared schema messages in the interface language, next to their fields', async () => {
    const { user, i18n } = await open();

    await user.type(emailInput(), 'not-an-email');
    await user.type(passwordInput(), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const emailError = await screen.findByText('The field must be a valid email');
    expect(screen.getByText('Should be at least 8 characters')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput().getAttribute('aria-describedby')).toContain(emailError.closest('p')!.id);
    expect(emailInput()).toHaveFocus();
    expect(requestLog(server)).not.toContain('POST /api/auth/signup');

    await act(() => i18n.changeLanguage('de'));

    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeInTheDocument();
    expect(screen.getByText('Muss mindestens 8 Zeichen lang sein')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('not-an-email');
    expect(screen.getByLabelText('Passwort')).toHaveValue('short');
  });

  it('says a field is required when it is left empty', async () => {
    const { user } = await open();

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findAllByText('The field is required')).toHaveLength(2);
  });

  it("puts the server's VALIDATION_ERROR details next to their fields, keeping what was typed", async () => {
    const { user } = await open({
      'POST /api/auth/signup': () =>
        errorReply(400, 'VALIDATION_ERROR', 'Some fields are not filled in correctly', {
          details: [{ path: 'body.email', message: 'This address cannot receive mail' }],
        }),
    });

    await user.type(emailInput(), 'ada@example.com');
    await user.type(passwordInput(), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const message = await screen.findByText('This address cannot receive mail');
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput().getAttribute('aria-describedby')).toContain(message.closest('p')!.id);
    expect(emailInput()).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(emailInput()).toHaveValue('ada@example.com');
    expect(passwordInput()).toHaveValue('Secret123');
  });

  it('shows other server errors in the error modal and keeps what was typed', async () => {
    const { user } = await open({
      'POST /api/auth/signup': () =>
        errorReply(409, 'EMAIL_TAKEN', 'An account with this email already exists'),
    });

    await user.type(emailInput(), 'ada@example.com');
    await user.type(passwordInput(), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent('An account with this email already exists');
    expect(emailInput()).toHaveValue('ada@example.com');
    expect(passwordInput()).toHaveValue('Secret123');
  });

  it('signs up in the interface language, reloads the user and goes on to verification', async () => {
    const { user, router } = await open({
      'POST /api/auth/signup': (body, current) =>
        signedIn(current, makeUser({ email: String(body.email), role: 'notVerifiedUser' }), 201),
    });

    await user.type(emailInput(), '  Ada@Example.com ');
    await user.type(passwordInput(), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    // The shared schema trims and lower-cases the address before it is sent.
    expect(bodiesOf(server, 'POST /api/auth/signup')).toEqual([
      { email: 'ada@example.com', password: 'Secret123', interfaceLanguage: 'en' },
    ]);
    expect(requestLog(server).slice(-2)).toEqual(['POST /api/auth/signup', 'GET /api/users/me']);
    // A code was mailed with the sign-up, so a new one has to wait.
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent(/Send a new code in (60|59) s/);
  });
});
