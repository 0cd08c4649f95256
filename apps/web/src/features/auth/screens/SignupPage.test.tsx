import { act, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import {
  PASSWORD,
  bodiesOf,
  freshEmail,
  mailOf,
  requestLog,
  requestsFrom,
  rewritingFetch,
  signedUpAccount,
} from '../test/arrange';

describe('sign-up screen', () => {
  let server: ApiServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startApiServer({ mail: true });
  });
  afterAll(() => server.close());

  beforeEach(() => {
    browser = server.browser();
    window.sessionStorage.clear();
  });

  async function open(fetch = browser.fetch) {
    const app = await renderApp({ path: '/auth/signup', apiUrl: server.apiUrl, fetch });
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
    expect(requestLog(browser)).not.toContain('POST /api/auth/signup');

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
    // The server refuses what the form's own check let through, as it would a page loaded before
    // a deploy made the server's rule stricter: here the address is spoilt on its way out.
    const { user } = await open(
      rewritingFetch(browser, 'POST /api/auth/signup', (body) => ({ ...body, email: 'ada@' })),
    );

    await user.type(emailInput(), 'ada@example.com');
    await user.type(passwordInput(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const message = await screen.findByText('The field must be a valid email');
    expect(bodiesOf(browser, 'POST /api/auth/signup')).toHaveLength(1);
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput().getAttribute('aria-describedby')).toContain(message.closest('p')!.id);
    expect(emailInput()).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(emailInput()).toHaveValue('ada@example.com');
    expect(passwordInput()).toHaveValue(PASSWORD);
  });

  it('shows other server errors in the error modal and keeps what was typed', async () => {
    const { email } = await signedUpAccount(server);
    const { user } = await open();

    await user.type(emailInput(), email);
    await user.type(passwordInput(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent('An account with this email already exists');
    expect(emailInput()).toHaveValue(email);
    expect(passwordInput()).toHaveValue(PASSWORD);
  });

  it('signs up in the interface language, reloads the user and goes on to verification', async () => {
    const email = freshEmail();
    const { user, router } = await open();

    await user.type(emailInput(), `  ${email.toUpperCase()} `);
    await user.type(passwordInput(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    // The shared schema trims and lower-cases the address before it is sent.
    expect(bodiesOf(browser, 'POST /api/auth/signup')).toEqual([
      { email, password: PASSWORD, interfaceLanguage: 'en' },
    ]);
    expect(requestsFrom(browser, 'POST /api/auth/signup', 2)).toEqual([
      'POST /api/auth/signup',
      'GET /api/users/me',
    ]);
    // A code was mailed with the sign-up, so a new one has to wait.
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent(/Send a new code in (60|59) s/);
    expect(await mailOf(server).codeFor(email)).toMatch(/^\d{6}$/);
  });
});
