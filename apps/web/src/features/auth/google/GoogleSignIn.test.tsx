import { act, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { bodiesOf, freshEmail, requestsFrom } from '../test/arrange';
import {
  GOOGLE_IDENTITY_SCRIPT,
  type GoogleAccountsId,
  type GoogleCredentialResponse,
} from '../../../shared/google/googleIdentity';

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

/**
 * Google's script as far as the page can tell: it defines google.accounts.id and draws a button.
 * Signing in hands the page a credential, as Google does; the API that checks it is real.
 */
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

describe('Google sign-in', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  /** The deployment's Google client id: the one the server checks ID tokens against. */
  let clientId: string;

  beforeAll(async () => {
    server = await startApiServer({ google: true });
    clientId = server.jwks!.clientId;
  });
  afterAll(() => server.close());

  beforeEach(() => {
    browser = server.browser();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    document.head.querySelectorAll('[data-test="google"]').forEach((element) => element.remove());
    googleScript()?.remove();
    delete window.google;
  });

  async function openLogin() {
    const app = await renderApp({ path: '/auth/login', apiUrl: server.apiUrl, fetch: browser.fetch });
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
    addMeta('wordhoard:google-client-id', clientId);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_APP_USER_AGENT);

    await openLogin();

    expect(screen.getByText(NOT_ALLOWED)).toBeVisible();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(googleScript()).toBeNull();
  });

  it('says so when Google cannot be loaded', async () => {
    addMeta('wordhoard:google-client-id', clientId);
    await openLogin();

    await act(async () => {
      googleScript()?.dispatchEvent(new Event('error'));
    });

    expect(await screen.findByText(/Google sign-in could not be loaded/)).toBeInTheDocument();
    expect(googleScript()).toBeNull();
  });

  it('loads Google lazily with the CSP nonce, then signs in with the credential', async () => {
    addMeta('wordhoard:google-client-id', clientId);
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
      expect.objectContaining({ client_id: clientId, ux_mode: 'popup' }),
    );
    expect(google.renderButton).toHaveBeenCalledWith(
      screen.getByTestId('google-sign-in'),
      expect.objectContaining({ text: 'signin_with', locale: 'en' }),
    );

    // A Google account new to Wordhoard: its ID token as Google signs it.
    const credential = await server.jwks!.token({
      sub: 'google-ada',
      email: freshEmail(),
      email_verified: true,
      at: server.clock.now(),
    });
    await act(async () => {
      google.signIn(credential);
    });

    // A new Google account still has to accept the policies.
    expect(await screen.findByRole('heading', { level: 1, name: 'Accept the policies' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accept-policy');
    expect(bodiesOf(browser, 'POST /api/auth/google')).toEqual([{ credential, interfaceLanguage: 'en' }]);
    expect(requestsFrom(browser, 'POST /api/auth/google', 2)).toEqual([
      'POST /api/auth/google',
      'GET /api/users/me',
    ]);
  });
});
