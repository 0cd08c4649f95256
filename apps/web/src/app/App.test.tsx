import type { Role, User } from '@wordhoard/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../test/apiServer';
import { renderApp } from '../test/render';

describe('the app against the real API server', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  /** Signs the browser in as a new user of `role`, in `interfaceLanguage` when given. */
  async function signIn(role: Role = 'user', interfaceLanguage?: User['interfaceLanguage']): Promise<User> {
    const user = await browser.signIn(role);
    if (!interfaceLanguage) return user;
    return (await server.api.as(browser.cookie()).call('updateMe', { body: { interfaceLanguage } })).data();
  }

  const open = (path: string) => renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
  const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

  it('shows the loading indicator until the session is known, then the landing page', async () => {
    await open('/');

    expect(screen.getByTestId('app-loading')).toHaveAttribute('role', 'status');
    expect(await heading('Wordhoard')).toBeInTheDocument();
    expect(screen.queryByTestId('app-loading')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/menu');
    expect(screen.getByTestId('site-footer').tagName).toBe('FOOTER');
    expect(document.documentElement.lang).toBe('en');
  });

  it('sends a visitor without a session from member screens to /auth', async () => {
    const { router } = await open('/dictionaries');

    expect(await heading('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-in user from /auth to the main menu, with Dictionaries and Testing', async () => {
    await signIn();
    const { router } = await open('/auth/login');

    expect(await heading('Main menu')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
    expect(screen.getByRole('link', { name: /Dictionaries/ })).toHaveAttribute('href', '/dictionaries');
    expect(screen.getByRole('link', { name: /Testing/ })).toHaveAttribute('href', '/createTester');
  });

  it('sends users who have not finished sign-up to their step', async () => {
    await signIn('notVerifiedUser');
    const { router } = await open('/menu');

    expect(await heading('Confirm your email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('keeps /plans for role user and /subscription for premium', async () => {
    await signIn('premium');
    const { router } = await open('/plans');

    expect(await heading('Main menu')).toBeInTheDocument();
    await act(() => router.navigate('/subscription'));
    expect(await heading('Subscription')).toBeInTheDocument();
  });

  it('shows who is signed in and what they may do in the account menu', async () => {
    const { email } = await signIn('user');
    const { user } = await open('/menu');
    await heading('Main menu');

    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByText(email!).length).toBeGreaterThan(0);
    expect(within(banner).getAllByText('User').length).toBeGreaterThan(0);
    await user.click(within(banner).getByRole('button', { name: 'Account menu' }));

    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit profile',
      'Upgrade account',
      'Log out',
    ]);
  });

  it('labels a guest, offers no profile editing, and offers to keep their words', async () => {
    await signIn('guest');
    const { user } = await open('/menu');
    await heading('Main menu');

    const banner = screen.getByRole('banner');
    // Named once (not as both name and role), with the time the account has left.
    expect(within(banner).getAllByText('Guest')).toHaveLength(1);
    expect(within(banner).getByTestId('guest-expiry')).toHaveTextContent(
      /^Deleted in (24 hours|23 hours( \d+ minutes?)?)$/,
    );
    expect(within(banner).getByRole('link', { name: 'Keep my words' })).toHaveAttribute(
      'href',
      '/account/create',
    );
    await user.click(within(banner).getByRole('button', { name: 'Account menu' }));

    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Keep my words',
      'Log out',
    ]);
  });

  it('offers a signed-up user no way to "keep words"', async () => {
    await signIn('user');
    await open('/menu');
    await heading('Main menu');
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Keep my words' })).toBeNull();
  });

  it('logs out: ends the session on the server, forgets the user and cached data, goes to /auth', async () => {
    await signIn('premium');
    const { user, router, queryClient, services } = await open('/menu');
    await heading('Main menu');
    const cookie = browser.cookie();
    queryClient.setQueryData(['dictionaries'], { data: [] });

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(await heading('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(
      browser.requests.some((request) => request.method === 'DELETE' && request.url === '/api/cookie/token'),
    ).toBe(true);
    // The session is over on the server too, not only forgotten by the page.
    expect(browser.cookie()).toBe('');
    expect((await server.api.as(cookie).call('me')).statusCode).toBe(401);
    expect(services.session.getUser()).toBeNull();
    expect(queryClient.getQueryData(['dictionaries'])).toBeUndefined();
  });

  it('runs the Unauthorized path when the session is gone', async () => {
    await signIn();
    const { router, services } = await open('/menu');
    await heading('Main menu');
    // Another tab logs out: the server ends the session this page still thinks it has.
    const otherTab = server.api.as(browser.cookie());
    expect((await otherTab.call('deleteToken')).statusCode).toBe(204);

    await act(() => services.http.request('listDictionaries').catch(() => undefined));

    expect(await screen.findByRole('dialog')).toHaveTextContent('Please sign in to continue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(services.session.getUser()).toBeNull();
  });

  it("switches to the user's interface language after initialization", async () => {
    await signIn('user', 'de');
    await open('/menu');

    expect(await heading('Hauptmenü')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });

  it("redirects /policy paths to the user's language", async () => {
    await signIn('user', 'pl');
    const { router } = await open('/policy/privacy');

    await waitFor(() => expect(router.state.location.pathname).toBe('/policy/privacy/pl'));
    expect(await heading('Polityka prywatności')).toBeInTheDocument();
  });

  it('redirects /policy to the interface language for visitors', async () => {
    const { router } = await open('/policy');

    await waitFor(() => expect(router.state.location.pathname).toBe('/policy/en'));
    expect(await heading('Policies')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/policy/cookie/en');
  });

  it('shows Not found for unknown addresses, with a way back to the main menu', async () => {
    await open('/no/such/page');

    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Main menu' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('hides the footer around dictionaries', async () => {
    await signIn();
    const { router } = await open('/dictionaries');

    expect(await heading('Dictionaries')).toBeInTheDocument();
    expect(screen.queryByTestId('site-footer')).not.toBeInTheDocument();
    await act(() => router.navigate('/about'));
    expect(await heading('About us')).toBeInTheDocument();
    expect(screen.getByTestId('site-footer')).toBeInTheDocument();
  });

  it('shows the support address with a mailto link', async () => {
    await open('/support');

    expect(await heading('Support')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'support@wordhoard.app' });
    expect(link).toHaveAttribute('href', 'mailto:support@wordhoard.app?subject=Support');
  });
});
