import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runtimeConfigMeta } from '../../../../../server/src/app';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { PASSWORD, bodiesOf, freshEmail, requestLog } from '../test/arrange';

/**
 * A private instance (docs/decisions/0081-private-instance.md) as the screens see it: the real
 * server started with SIGNUP_MODE and GUEST_ACCESS, and its own meta tags in the page, as it
 * writes them into index.html.
 */
function usePageOf(server: () => ApiServer) {
  beforeEach(() => {
    document.head.insertAdjacentHTML('beforeend', runtimeConfigMeta(server().t.config));
  });
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta[name^="wordhoard:"]')) meta.remove();
  });
}

describe('sign-up closed and no guests', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    server = await startApiServer({ env: { SIGNUP_MODE: 'closed', GUEST_ACCESS: 'off' } });
  });
  afterAll(() => server.close());
  usePageOf(() => server);
  beforeEach(() => {
    browser = server.browser();
  });

  it('offers only logging in on the menu and the login screen', async () => {
    await renderApp({ path: '/auth', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByText('Log in to your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Enter as a guest/ })).not.toBeInTheDocument();
  });

  it('has no sign-up link or guest button under the login form', async () => {
    await renderApp({ path: '/auth/login', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByText('No account yet?')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Enter as a guest' })).not.toBeInTheDocument();
  });

  it('says so on the sign-up screen instead of a form, and sends nothing', async () => {
    await renderApp({ path: '/auth/signup', apiUrl: server.apiUrl, fetch: browser.fetch });
    expect(
      await screen.findByText('This server does not take new accounts. If you already have one, log in.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(requestLog(browser).filter((line) => line.startsWith('POST'))).toEqual([]);
  });

  it('says guests are not offered on the guest screen, with no button to enter', async () => {
    await renderApp({ path: '/auth/guest', apiUrl: server.apiUrl, fetch: browser.fetch });
    expect(
      await screen.findByText('This server does not offer guest access. Sign in or sign up'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enter as a guest' })).not.toBeInTheDocument();
    expect(requestLog(browser).filter((line) => line.startsWith('POST'))).toEqual([]);
  });
});

describe('sign-up by invitation', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    server = await startApiServer({ mail: true, env: { SIGNUP_MODE: 'invite' } });
  });
  afterAll(() => server.close());
  usePageOf(() => server);
  beforeEach(() => {
    browser = server.browser();
    window.sessionStorage.clear();
  });

  it('fills the invite code from the link and signs up with it', async () => {
    const { code } = await server.t.app.services.invites.create({});
    const email = freshEmail();
    const { user, router } = await renderApp({
      path: `/auth/signup?invite=${code}`,
      apiUrl: server.apiUrl,
      fetch: browser.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    expect(screen.getByLabelText('Invite code')).toHaveValue(code);
    // Guests are still welcome on this server.
    expect(screen.getByRole('link', { name: 'Enter as a guest' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    expect(bodiesOf(browser, 'POST /api/auth/signup')).toEqual([
      { email, password: PASSWORD, interfaceLanguage: 'en', inviteCode: code.replaceAll('-', '') },
    ]);
  });

  it('shows a refused code under its field and keeps what was typed', async () => {
    const { user } = await renderApp({ path: '/auth/signup', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    expect(screen.getByLabelText('Invite code')).toHaveValue('');
    const email = freshEmail();
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Invite code'), 'wrong-wrong-wrong-wrong');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('This invite code does not work: it is wrong, already used or expired'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Invite code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(email);
  });

  it('lets a developer make a code in the profile and copy its sign-up link; the link signs up', async () => {
    await browser.signIn('developer');
    const { user } = await renderApp({ path: '/user/edit', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 2, name: 'Invite people' });
    const uses = screen.getByLabelText('Sign-ups allowed');
    await user.clear(uses);
    await user.type(uses, '2');
    await user.type(screen.getByLabelText('Valid for days'), '7');
    await user.click(screen.getByRole('button', { name: 'Make invite code' }));

    const code = (await screen.findByLabelText<HTMLInputElement>('Invite code')).value;
    expect(code).toMatch(/^[0-9a-z]{5}(-[0-9a-z]{5}){3}$/);
    const link = `${window.location.origin}/auth/signup?invite=${code}`;
    expect(screen.getByLabelText('Sign-up link')).toHaveValue(link);
    expect(screen.getByText(/Sign-ups allowed: 2 · Expires on/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);

    // The code is the server's: it lets two people in.
    for (const expected of [201, 201, 403]) {
      const signup = await server.api.call('signup', {
        body: { email: freshEmail(), password: PASSWORD, inviteCode: code },
      });
      expect(signup.statusCode).toBe(expected);
    }
  });

  it('shows the invites section to developers only', async () => {
    await browser.signIn('user');
    await renderApp({ path: '/user/edit', apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
    expect(screen.queryByRole('heading', { name: 'Invite people' })).not.toBeInTheDocument();
  });
});
