import { LogIn, UserPlus, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing';
import { LinkCard, Page } from '../../../shared/ui';
import { GoogleSignIn } from '../google/GoogleSignIn';
import { useAccess } from '../lib/access';
import styles from './AuthMenuPage.module.css';

/** The ways in: log in, sign up, try the app as a guest, or Google when it is configured. */
export default function AuthMenuPage() {
  const { t } = useTranslation();
  const { signupMode, guestAccess } = useAccess();
  const signup = signupMode !== 'closed';
  // The lead names only the ways in this server offers.
  const lead =
    signup && guestAccess
      ? t('Auth.MenuLead')
      : signup
        ? t('Access.MenuLeadLoginOrSignup')
        : guestAccess
          ? t('Access.MenuLeadLoginOrGuest')
          : t('Access.MenuLeadLogin');
  return (
    <Page title={t('Auth.MenuTitle')} lead={lead} width="narrow">
      <ul className={styles.choices}>
        <li>
          <LinkCard to={PATHS.login} title={t('Auth.LogIn')} icon={<LogIn />} />
        </li>
        {signup && (
          <li>
            <LinkCard to={PATHS.signup} title={t('Auth.SignUp')} icon={<UserPlus />} />
          </li>
        )}
        {guestAccess && (
          <li>
            <LinkCard
              to={PATHS.guest}
              title={t('Auth.EnterAsGuest')}
              description={t('Auth.GuestHint')}
              icon={<UserRound />}
            />
          </li>
        )}
      </ul>
      <GoogleSignIn text="continue_with" />
    </Page>
  );
}
