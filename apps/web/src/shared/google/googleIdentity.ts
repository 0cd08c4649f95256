import { readCspNonce } from '../security/cspNonce';

/** Google Identity Services, loaded only where the sign-in button is shown. */
export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  /** The Google ID token (a JWT) that POST /auth/google verifies. */
  credential: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
  /** Called when this button is clicked, before Google's popup opens. */
  click_listener?: () => void;
}

/** The part of `google.accounts.id` the app uses. */
export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
    itp_support?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

interface PendingLoad {
  promise: Promise<GoogleAccountsId>;
  script: HTMLScriptElement;
  fail: () => void;
}

let pending: PendingLoad | null = null;

/**
 * Adds the Google Identity Services script once, with the page's CSP nonce, and resolves with
 * `google.accounts.id` when it has run. A failed load may be tried again later.
 */
export function loadGoogleIdentity(doc: Document = document): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  // A script taken out of the page before it ran fires neither load nor error: whoever waits on
  // it is told it failed, and this call adds a new one instead of waiting forever.
  if (pending && !pending.script.isConnected) pending.fail();
  pending ??= addScript(doc);
  return pending.promise;
}

function addScript(doc: Document): PendingLoad {
  const script = doc.createElement('script');
  script.src = GOOGLE_IDENTITY_SCRIPT;
  script.async = true;
  script.defer = true;
  const nonce = readCspNonce(doc);
  if (nonce) script.nonce = nonce;
  let settle!: { resolve: (api: GoogleAccountsId) => void; reject: (error: Error) => void };
  const promise = new Promise<GoogleAccountsId>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const fail = () => {
    script.remove();
    if (pending?.script === script) pending = null;
    settle.reject(new Error('Google Identity Services could not be loaded'));
  };
  script.addEventListener('load', () => {
    const api = window.google?.accounts?.id;
    if (api) settle.resolve(api);
    else fail();
  });
  script.addEventListener('error', fail);
  doc.head.append(script);
  return { promise, script, fail };
}
