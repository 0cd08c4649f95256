import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing';
import { Button } from '../../../shared/ui';
import { GoogleSignIn } from '../google/GoogleSignIn';
import { useAccess } from '../lib/access';
import { AuthDivider } from './AuthDivider';
import styles from './AuthForm.module.css';

/** Below the login and sign-up forms: Google (when configured) and guest entry (when open). */
export function OtherWaysIn({
  googleText,
  inviteCode,
}: {
  googleText: 'signin_with' | 'signup_with';
  /** Sent with a first Google sign-in when sign-up is by invitation. */
  inviteCode?: string | undefined;
}) {
  const { t } = useTranslation();
  const { guestAccess } = useAccess();
  return (
    <>
      <AuthDivider />
      <div className={styles.actions}>
        <GoogleSignIn text={googleText} inviteCode={inviteCode} />
        {guestAccess && (
          <Button to={PATHS.guest} variant="secondary" fullWidth>
            {t('Auth.EnterAsGuest')}
          </Button>
        )}
      </div>
    </>
  );
}
