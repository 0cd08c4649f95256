import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../../../shared/config/runtimeConfig';
import { currentLanguage } from '../../../shared/i18n';
import { useServices } from '../../../shared/services';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';
import { isEmbeddedBrowser } from './embeddedBrowser';
import styles from './GoogleSignIn.module.css';
import { loadGoogleIdentity, type GoogleButtonOptions } from './googleIdentity';

type ButtonText = NonNullable<GoogleButtonOptions['text']>;

/** Google draws its button between these widths (px). */
const MIN_WIDTH = 200;
const MAX_WIDTH = 400;

/**
 * "Sign in with Google" (SPEC §1, §7): shown only when the deployment configured a client id;
 * inside an in-app browser, where Google refuses to sign in, the SPEC §8 message instead.
 */
export function GoogleSignIn({
  text = 'continue_with',
  forGuest = false,
}: {
  text?: ButtonText;
  /** A signed-in guest signs up with Google and keeps their account (POST /auth/guest/google). */
  forGuest?: boolean;
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
  return <GoogleButton clientId={clientId} text={text} forGuest={forGuest} />;
}

function GoogleButton({
  clientId,
  text,
  forGuest,
}: {
  clientId: string;
  text: ButtonText;
  forGuest: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { http } = useServices();
  const completeSignIn = useCompleteSignIn();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const language = currentLanguage(i18n);

  // Google keeps the callback it was first given; it calls whatever is current through this ref.
  const onCredential = useRef<(credential: string) => Promise<void>>(async () => {});
  useEffect(() => {
    onCredential.current = async (credential) => {
      try {
        if (forGuest) await http.request('guestGoogle', { body: { credential } });
        else await http.request('google', { body: { credential, interfaceLanguage: language } });
      } catch {
        return; // The error modal says why.
      }
      await completeSignIn();
    };
  }, [http, completeSignIn, language, forGuest]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (google) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        google.initialize({
          client_id: clientId,
          callback: ({ credential }) => void onCredential.current(credential),
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
