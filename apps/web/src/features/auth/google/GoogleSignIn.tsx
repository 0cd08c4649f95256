import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleButton, type GoogleButtonText } from '../../../shared/google/GoogleButton';
import { currentLanguage } from '../../../shared/i18n';
import { useServices } from '../../../shared/services';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';

/**
 * "Sign in with Google" (SPEC §1, §7): Google's button, and with its credential a sign-in
 * (POST /auth/google), or for a signed-in guest a sign-up that keeps their account.
 */
export function GoogleSignIn({
  text = 'continue_with',
  forGuest = false,
}: {
  text?: GoogleButtonText;
  /** A signed-in guest signs up with Google and keeps their account (POST /auth/guest/google). */
  forGuest?: boolean;
}) {
  const { i18n } = useTranslation();
  const { http } = useServices();
  const completeSignIn = useCompleteSignIn();
  const language = currentLanguage(i18n);

  const onCredential = useCallback(
    async (credential: string) => {
      try {
        if (forGuest) await http.request('guestGoogle', { body: { credential } });
        else await http.request('google', { body: { credential, interfaceLanguage: language } });
      } catch {
        return; // The error modal says why.
      }
      await completeSignIn();
    },
    [http, completeSignIn, language, forGuest],
  );

  return <GoogleButton text={text} onCredential={onCredential} />;
}
