import type { User } from '@wordhoard/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { bodiesOf, serveUserApi, unauthorizedReply, type RouteHandler } from '../test/fakeUserApi';

// Screens load lazily and talk to a real local server: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const CONFIRMATION =
  'Deleting your account is a permanent action and cannot be undone. Are you sure you want to proceed?';

describe('edit profile screen', { timeout: 20_000 }, () => {
  let server: TestServer;
  let session: { user: User | null };

  beforeEach(async () => {
    server = await startTestServer();
    session = { user: makeUser({ email: 'ada@example.com', role: 'user', interfaceLanguage: 'en' }) };
  });

  afterEach(async () => {
    await server.close();
  });

  async function open(routes: Record<string, RouteHandler> = {}) {
    serveUserApi(server, session, routes);
    const app = await renderApp({ path: '/user/edit', apiUrl: server.apiUrl });
    await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
    return app;
  }

  it('is not open to guests', async () => {
    session.user = makeUser({ email: null, role: 'guest' });
    serveUserApi(server, session);
    const { router } = await renderApp({ path: '/user/edit', apiUrl: server.apiUrl });

    expect(await screen.findByRole('heading', { level: 1, name: 'Main menu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
  });

  it('switches the interface language at once and saves it to the account', async () => {
    const { user, i18n, services } = await open({
      'PATCH /api/users/me': (body, current) => {
        current.user = {
          ...current.user!,
          interfaceLanguage: body.interfaceLanguage as User['interfaceLanguage'],
        };
        return { status: 200, body: current.user };
      },
    });
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Українська', 'Deutsch', 'Français', 'Español', 'Italiano', 'Polski']);

    await user.selectOptions(select, 'de');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profil bearbeiten' })).toBeInTheDocument();
    expect(await screen.findByText('Die Sprache der Oberfläche wurde gespeichert.')).toBeInTheDocument();
    expect(i18n.language).toBe('de');
    expect(bodiesOf(server, 'PATCH /api/users/me')).toEqual([{ interfaceLanguage: 'de' }]);
    expect(services.session.getUser()?.interfaceLanguage).toBe('de');
  });

  it('runs the Unauthorized path when the session is gone: modal, signed out, /auth', async () => {
    const { user, router, services } = await open({ 'PATCH /api/users/me': () => unauthorizedReply });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');

    expect(await screen.findByRole('dialog')).toHaveTextContent('Please sign in to continue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(services.session.getUser()).toBeNull();
    // The language chosen but never saved is taken back.
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in', hidden: true }),
    ).toBeInTheDocument();
  });

  it('changes the password with the live checklist', async () => {
    const { user } = await open({ 'POST /api/auth/password': () => ({ status: 204 }) });
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Should be at least 8 characters')).toBeInTheDocument();
    expect(bodiesOf(server, 'POST /api/auth/password')).toEqual([]);

    await user.clear(password);
    await user.type(password, 'NewSecret9');
    expect(document.querySelectorAll('[data-satisfied="true"]')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodiesOf(server, 'POST /api/auth/password')).toEqual([{ password: 'NewSecret9' }]);
    expect(password).toHaveValue('');
  });

  it('asks for confirmation before deleting the account, then signs out', async () => {
    const { user, router, services } = await open({ 'DELETE /api/auth/account': () => ({ status: 204 }) });

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent(CONFIRMATION);
    expect(dialog).toHaveAccessibleDescription(CONFIRMATION);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesOf(server, 'DELETE /api/auth/account')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(bodiesOf(server, 'DELETE /api/auth/account')).toHaveLength(1);
    expect(services.session.getUser()).toBeNull();
  });
});
