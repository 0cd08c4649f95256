import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing';
import { Button } from '../../../shared/ui';
import { GoogleSignIn } from '../google/GoogleSignIn';
import { AuthDivider } from './AuthDivider';
import styles from './AuthForm.module.css';

/** Below the login and sign-up forms: Google (when configured) and guest entry. */
export function OtherWaysIn({ googleText }: { googleText: 'signin_with' | 'signup_with' }) {
  const { t } = useTranslation();
  return (
    <>
      <AuthDivider />
      <div className={styles.actions}>
        <GoogleSignIn text={googleText} />
        <Button to={PATHS.guest} variant="secondary" fullWidth>
          {t('Auth.EnterAsGuest')}
        </Button>
      </div>
    </>
  );
}
