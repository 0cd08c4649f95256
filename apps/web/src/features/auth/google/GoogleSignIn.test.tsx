import { act, configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { bodiesOf, requestLog, serveAuthApi, signedIn, type FakeSession } from '../test/fakeAuthApi';
import {
  GOOGLE_IDENTITY_SCRIPT,
  type GoogleAccountsId,
  type GoogleCredentialResponse,
} from '../../../shared/google/googleIdentity';

// Screens load lazily and talk to a real local server: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const IN_APP_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 321.0.2.24.105';
const NOT_ALLOWED =
  'Login with Google not allowed. Please open in browser ( Safari or Chrome, etc. ) to continue.';

function addMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  meta.dataset.test = 'google';
  document.head.append(meta);
}

const googleScript = () =>
  document.head.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`);

/** Google's script as far as the page can tell: it defines google.accounts.id and draws a button. */
function fakeGoogleIdentity() {
  let callback: ((response: GoogleCredentialResponse) => void) | undefined;
  const initialize = vi.fn<GoogleAccountsId['initialize']>((config) => {
    callback = config.callback;
  });
  const renderButton = vi.fn<GoogleAccountsId['renderButton']>((parent) => {
    const button = document.createElement('button');
    button.textContent = 'Sign in with Google';
    parent.append(button);
  });
  window.google = { accounts: { id: { initialize, renderButton } } };
  return { initialize, renderButton, signIn: (credential: string) => callback?.({ credential }) };
}

describe('Google sign-in', { timeout: 20_000 }, () => {
  let server: TestServer;
  let session: FakeSession;

  beforeEach(async () => {
    server = await startTestServer();
    session = { user: null };
    serveAuthApi(server, session, {
      'POST /api/auth/google': (_body, current) =>
        signedIn(current, makeUser({ role: 'notAcceptedPolicyUser' })),
    });
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    document.head.querySelectorAll('[data-test="google"]').forEach((element) => element.remove());
    googleScript()?.remove();
    delete window.google;
    await server.close();
  });

  async function openLogin() {
    const app = await renderApp({ path: '/auth/login', apiUrl: server.apiUrl });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    return app;
  }

  it('is not offered when the deployment has no Google client id', async () => {
    await openLogin();

    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(screen.queryByText(NOT_ALLOWED)).not.toBeInTheDocument();
    expect(googleScript()).toBeNull();
  });

  it('shows the SPEC §8 message instead inside an in-app browser, without loading Google', async () => {
    addMeta('wordhoard:google-client-id', 'client-123.apps.googleusercontent.com');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_APP_USER_AGENT);

    await openLogin();

    expect(screen.getByText(NOT_ALLOWED)).toBeVisible();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(googleScript()).toBeNull();
  });

  it('says so when Google cannot be loaded', async () => {
    addMeta('wordhoard:google-client-id', 'client-123.apps.googleusercontent.com');
    await openLogin();

    await act(async () => {
      googleScript()?.dispatchEvent(new Event('error'));
    });

    expect(await screen.findByText(/Google sign-in could not be loaded/)).toBeInTheDocument();
    expect(googleScript()).toBeNull();
  });

  it('loads Google lazily with the CSP nonce, then signs in with the credential', async () => {
    addMeta('wordhoard:google-client-id', 'client-123.apps.googleusercontent.com');
    addMeta('csp-nonce', 'nonce-abc');
    const { router } = await openLogin();

    const script = googleScript();
    expect(script).not.toBeNull();
    expect(script!.nonce).toBe('nonce-abc');
    expect(script!.async).toBe(true);

    const google = fakeGoogleIdentity();
    await act(async () => {
      script!.dispatchEvent(new Event('load'));
    });

    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(google.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com', ux_mode: 'popup' }),
    );
    expect(google.renderButton).toHaveBeenCalledWith(
      screen.getByTestId('google-sign-in'),
      expect.objectContaining({ text: 'signin_with', locale: 'en' }),
    );

    await act(async () => {
      google.signIn('google-id-token');
    });

    // A new Google account still has to accept the policies.
    expect(await screen.findByRole('heading', { level: 1, name: 'Accept the policies' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accept-policy');
    expect(bodiesOf(server, 'POST /api/auth/google')).toEqual([
      { credential: 'google-id-token', interfaceLanguage: 'en' },
    ]);
    expect(requestLog(server).slice(-2)).toEqual(['POST /api/auth/google', 'GET /api/users/me']);
  });
});
