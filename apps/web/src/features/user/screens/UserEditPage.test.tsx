import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GoogleCredentialResponse } from '../../../shared/google/googleIdentity';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import {
  accountExists,
  bodiesSent,
  signOutInAnotherTab,
  signUpWithGoogle,
  signUpWithPassword,
} from '../test/arrange';

let server: ApiServer;
let browser: TestBrowser;

beforeAll(async () => {
  // Passwords are set through sign-up (codes go to the SMTP sink); Google tokens are real.
  server = await startApiServer({ mail: true, google: true });
});
afterAll(() => server.close());

beforeEach(() => {
  browser = server.browser();
});

async function openProfile() {
  const app = await renderApp({ path: '/user/edit', apiUrl: server.apiUrl, fetch: browser.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
  return app;
}

/** The deployment's Google client id, the one the server checks tokens against. */
function addGoogleClientId(clientId: string) {
  const meta = document.createElement('meta');
  meta.name = 'wordhoard:google-client-id';
  meta.content = clientId;
  meta.dataset.test = 'google';
  document.head.append(meta);
}

/**
 * Google's script as far as the page can tell: one credential callback per page (the last
 * `initialize`), buttons that report their click; `click(n)` clicks the n-th button and has
 * Google hand over the credential.
 */
function fakeGoogleIdentity() {
  let callback: ((response: GoogleCredentialResponse) => void) | undefined;
  const rendered: { listener?: () => void }[] = [];
  window.google = {
    accounts: {
      id: {
        initialize: (config) => {
          callback = config.callback;
        },
        renderButton: (parent, options) => {
          const button = document.createElement('button');
          button.textContent = 'Continue with Google';
          parent.append(button);
          rendered.push({ listener: options.click_listener });
        },
      },
    },
  };
  return {
    buttons: () => rendered,
    click: async (index: number, credential: string) => {
      await act(async () => {
        rendered[index]?.listener?.();
        callback?.({ credential });
      });
    },
  };
}

const CONFIRMATION =
  'Deleting your account is a permanent action and cannot be undone. Are you sure you want to proceed?';

describe('edit profile screen', () => {
  it('is not open to guests', async () => {
    await browser.signIn('guest');
    const { router } = await renderApp({ path: '/user/edit', apiUrl: server.apiUrl, fetch: browser.fetch });

    expect(await screen.findByRole('heading', { level: 1, name: 'Main menu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu');
  });

  it.each([
    ['user', '0 MB of 50 MB used', 50],
    ['premium', '0 MB of 1,024 MB used', 1024],
  ] as const)(
    "shows a %s how much of the plan's storage the pictures and recordings take",
    async (role, text, quotaMb) => {
      await browser.signIn(role);
      await openProfile();
      const section = await screen.findByRole('region', { name: 'Pictures and recordings' });
      expect(await within(section).findByTestId('storage-used')).toHaveTextContent(text);
      const bar = within(section).getByRole('progressbar', { name: 'Storage used' });
      expect(bar).toHaveAttribute('aria-valuemax', String(quotaMb * 1024 * 1024));
      expect(bar).toHaveAttribute('aria-valuenow', '0');
    },
  );

  it('switches the interface language at once and saves it to the account', async () => {
    await browser.signIn();
    const { user, i18n, services } = await openProfile();
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
    expect(bodiesSent(browser, 'PATCH /api/users/me')).toEqual([{ interfaceLanguage: 'de' }]);
    expect(services.session.getUser()?.interfaceLanguage).toBe('de');
    expect((await server.api.as(browser.cookie()).call('me')).data().interfaceLanguage).toBe('de');
  });

  it('runs the Unauthorized path when the session is gone: modal, signed out, /auth', async () => {
    await browser.signIn();
    const { user, router, services } = await openProfile();
    await signOutInAnotherTab(server, browser);

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

  it('changes the password with the current one and the live checklist', async () => {
    const account = await signUpWithPassword(server, browser, 'OldSecret1');
    const { user } = await openProfile();
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Should be at least 8 characters')).toBeInTheDocument();
    // The current password is asked for before anything is sent.
    expect(current).toHaveAccessibleDescription('The field is required');
    expect(bodiesSent(browser, 'POST /api/auth/password')).toEqual([]);

    await user.type(current, 'OldSecret1');
    await user.clear(password);
    await user.type(password, 'NewSecret9');
    expect(document.querySelectorAll('[data-satisfied="true"]')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodiesSent(browser, 'POST /api/auth/password')).toEqual([
      { currentPassword: 'OldSecret1', password: 'NewSecret9' },
    ]);
    expect(password).toHaveValue('');
    expect(current).toHaveValue('');
    // The account signs in with the new password now.
    const login = (password: string) =>
      server.api.call('login', { body: { email: account.email ?? '', password } });
    expect((await login('NewSecret9')).statusCode).toBe(200);
    expect((await login('OldSecret1')).statusCode).toBe(401);
  });

  it('shows a wrong current password next to its field, with no modal and no success', async () => {
    await signUpWithPassword(server, browser, 'OldSecret1');
    const { user } = await openProfile();
    const current = screen.getByLabelText('Current password');
    await user.type(current, 'Guess1234');
    await user.type(screen.getByLabelText('New password'), 'NewSecret9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is wrong'));
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Your password has been changed.')).not.toBeInTheDocument();
  });

  it('asks for confirmation and the password before deleting the account, then signs out', async () => {
    const account = await signUpWithPassword(server, browser, 'Secret123');
    const { user, router, services } = await openProfile();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent(CONFIRMATION);
    expect(dialog).toHaveAccessibleDescription(CONFIRMATION);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesSent(browser, 'DELETE /api/auth/account')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Enter your password to confirm');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'Guess1234');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    // A wrong password keeps the dialog open and says so at the field.
    await waitFor(() => expect(password).toHaveAccessibleDescription('The current password is wrong'));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(services.session.getUser()).not.toBeNull();
    expect(await accountExists(server, account)).toBe(true);

    await user.clear(password);
    await user.type(password, 'Secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(bodiesSent(browser, 'DELETE /api/auth/account')).toEqual([
      { currentPassword: 'Guess1234' },
      { currentPassword: 'Secret123' },
    ]);
    expect(services.session.getUser()).toBeNull();
    expect(await accountExists(server, account)).toBe(false);
  });

  it('asks for the password at its field when the deletion is confirmed without one, keeping the dialog open', async () => {
    const account = await signUpWithPassword(server, browser, 'Secret123');
    const { user } = await openProfile();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Enter your password to confirm');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    await waitFor(() => expect(password).toHaveAccessibleDescription('Enter your password.'));
    // The focus moves once the field is enabled again, a render after the message.
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(await accountExists(server, account)).toBe(true);

    // Typing clears the message; a wrong password is told at the field too, and it takes the focus.
    await user.type(password, 'Guess1234');
    expect(password).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The current password is wrong'));
    await waitFor(() => expect(password).toHaveFocus());
  });
});

describe('edit profile screen for an account that signs in only with Google', () => {
  /** The ID token Google hands over when the account's owner signs in again now. */
  let freshSignIn: () => Promise<string>;

  beforeEach(async () => {
    ({ freshSignIn } = await signUpWithGoogle(server, browser));
    addGoogleClientId(server.jwks!.clientId);
  });

  afterEach(() => {
    document.head.querySelectorAll('[data-test="google"]').forEach((element) => element.remove());
    delete window.google;
  });

  async function open() {
    const google = fakeGoogleIdentity();
    const app = await openProfile();
    return { ...app, google };
  }

  it('sets a first password once Google confirms a fresh sign-in', async () => {
    const { user, google, services } = await open();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.getByText('To confirm, sign in with Google again.')).toBeInTheDocument();

    // Google's credential with a password that breaks the rules sends nothing.
    await user.type(screen.getByLabelText('New password'), 'short');
    await google.click(0, await freshSignIn());
    expect(await screen.findByText('Should be at least 8 characters')).toBeInTheDocument();
    expect(bodiesSent(browser, 'POST /api/auth/password')).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'NewSecret9');
    const googleCredential = await freshSignIn();
    await google.click(0, googleCredential);

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodiesSent(browser, 'POST /api/auth/password')).toEqual([
      { password: 'NewSecret9', googleCredential },
    ]);
    // The account has a password now, and signs in with it.
    const email = services.session.getUser()?.email ?? '';
    expect((await server.api.call('login', { body: { email, password: 'NewSecret9' } })).statusCode).toBe(
      200,
    );
  });

  it('deletes the account with the dialog’s fresh Google sign-in', async () => {
    const { user, google, router, services } = await open();
    const account = services.session.getUser()!;

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText('Enter your password to confirm')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Yes, delete my account' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('To confirm, sign in with Google again.')).toBeInTheDocument();
    await waitFor(() => expect(google.buttons()).toHaveLength(2));
    const forDeletion = await freshSignIn();
    await google.click(1, forDeletion);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(bodiesSent(browser, 'DELETE /api/auth/account')).toEqual([{ googleCredential: forDeletion }]);
    expect(await accountExists(server, account)).toBe(false);
  });

  it('after the dialog set up its Google button, the password section’s only sets the password; then the profile asks for it', async () => {
    const { user, google, services } = await open();
    const account = services.session.getUser()!;

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await screen.findByRole('dialog', { name: 'Delete your account?' });
    await waitFor(() => expect(google.buttons()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    // Google keeps the callback of the last button it set up (the dialog's): the password
    // section's button must still only set the password.
    await user.type(screen.getByLabelText('New password'), 'NewSecret9');
    const forPassword = await freshSignIn();
    await google.click(0, forPassword);
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodiesSent(browser, 'DELETE /api/auth/account')).toEqual([]);
    expect(bodiesSent(browser, 'POST /api/auth/password')).toEqual([
      { password: 'NewSecret9', googleCredential: forPassword },
    ]);
    expect(await accountExists(server, account)).toBe(true);

    // The account has a password now: the profile confirms with it from here on, at once.
    expect(services.session.getUser()?.hasPassword).toBe(true);
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByLabelText('Enter your password to confirm')).toBeInTheDocument();
  });
});
