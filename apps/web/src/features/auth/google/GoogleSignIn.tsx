import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleButton, type GoogleButtonText } from '../../../shared/google/GoogleButton';
import { currentLanguage } from '../../../shared/i18n';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';
import { useAuthCalls } from '../api/auth';

/**
 * "Sign in with Google" (SPEC §1, §7): Google's button, and with its credential a sign-in
 * (POST /auth/google), or for a signed-in guest a sign-up that keeps their account.
 */
export function GoogleSignIn({
  text = 'continue_with',
  forGuest = false,
  inviteCode,
}: {
  text?: GoogleButtonText;
  /** A signed-in guest signs up with Google and keeps their account (POST /auth/guest/google). */
  forGuest?: boolean;
  /** For a first Google sign-in when sign-up is by invitation (decision 0081). */
  inviteCode?: string | undefined;
}) {
  const { i18n } = useTranslation();
  const calls = useAuthCalls();
  const completeSignIn = useCompleteSignIn();
  const language = currentLanguage(i18n);

  const onCredential = useCallback(
    async (credential: string) => {
      try {
        const invite = inviteCode ? { inviteCode } : {};
        if (forGuest) await calls.guestGoogle({ credential, ...invite });
        else await calls.google({ credential, interfaceLanguage: language, ...invite });
      } catch {
        return; // The error modal says why.
      }
      await completeSignIn();
    },
    [calls, completeSignIn, language, forGuest, inviteCode],
  );

  return <GoogleButton text={text} onCredential={onCredential} />;
}
