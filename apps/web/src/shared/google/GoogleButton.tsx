import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../config/runtimeConfig';
import { currentLanguage } from '../i18n';
import { isEmbeddedBrowser } from './embeddedBrowser';
import styles from './GoogleButton.module.css';
import { loadGoogleIdentity, type GoogleButtonOptions } from './googleIdentity';

export type GoogleButtonText = NonNullable<GoogleButtonOptions['text']>;

/** Google draws its button between these widths (px). */
const MIN_WIDTH = 200;
const MAX_WIDTH = 400;

type CredentialHandler = (credential: string) => Promise<void> | void;
type HandlerRef = { current: CredentialHandler };

/**
 * Google Identity Services has one credential callback per page, whichever `initialize` ran
 * last, not one per button. With two buttons on a page (set a password, delete the account)
 * the credential must reach the one the user clicked, never the other: so it goes to the
 * button clicked last, or to the only one there is.
 */
const mounted = new Set<HandlerRef>();
let clicked: HandlerRef | null = null;

function deliver(credential: string): void {
  const [only] = mounted;
  const target = clicked && mounted.has(clicked) ? clicked : mounted.size === 1 ? only : undefined;
  if (target) void target.current(credential);
}

/**
 * Google's own button (SPEC §1, §7), handing the ID token it gets to `onCredential`: shown only
 * when the deployment configured a client id; inside an in-app browser, where Google refuses
 * to sign in, the SPEC §8 message instead.
 */
export function GoogleButton({
  text,
  onCredential,
}: {
  text: GoogleButtonText;
  onCredential: CredentialHandler;
}) {
  const { t } = useTranslation();
  const [clientId] = useState(() => readRuntimeConfig().googleClientId);
  const [embedded] = useState(() => isEmbeddedBrowser(navigator.userAgent));

  if (!clientId) return null;
  if (embedded) {
    return (
      <p className={styles.notAllowed} data-testid="google-not-allowed">
        {t('Auth.GoogleNotAllowed')}
      </p>
    );
  }
  return <RenderedButton clientId={clientId} text={text} onCredential={onCredential} />;
}

function RenderedButton({
  clientId,
  text,
  onCredential,
}: {
  clientId: string;
  text: GoogleButtonText;
  onCredential: CredentialHandler;
}) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const language = currentLanguage(i18n);

  // Google keeps the callback it was first given; it reaches whatever is current through this ref.
  const latest = useRef(onCredential);
  useEffect(() => {
    latest.current = onCredential;
  }, [onCredential]);
  useEffect(() => {
    mounted.add(latest);
    return () => {
      mounted.delete(latest);
      if (clicked === latest) clicked = null;
    };
  }, []);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (google) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        google.initialize({
          client_id: clientId,
          callback: ({ credential }) => deliver(credential),
          ux_mode: 'popup',
          context: text === 'signup_with' ? 'signup' : 'signin',
          itp_support: true,
        });
        parent.replaceChildren();
        google.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          logo_alignment: 'center',
          text,
          locale: language,
          click_listener: () => {
            clicked = latest;
          },
          width: Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, parent.clientWidth || MAX_WIDTH))),
        });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, text, language]);

  if (failed) return <p className={styles.unavailable}>{t('Auth.GoogleUnavailable')}</p>;
  return <div ref={container} className={styles.button} data-testid="google-sign-in" />;
}
