import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../shared/i18n';
import { PATHS } from '../../../shared/routing';
import { Card, Page } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import styles from '../components/AuthForm.module.css';
import { NewAccountForm } from '../components/NewAccountForm';
import { OtherWaysIn } from '../components/OtherWaysIn';
import { useAuthCalls } from '../api/auth';
import { useAccess } from '../lib/access';

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const calls = useAuthCalls();
  const { signupMode } = useAccess();
  // An invite link opens sign-up with its code filled in (decision 0081).
  const [params] = useSearchParams();
  const linkCode = params.get('invite') ?? '';

  if (signupMode === 'closed') {
    return (
      <Page title={t('Auth.SignupTitle')} width="narrow">
        <Notice>{t('Access.SignupClosed')}</Notice>
        <p className={styles.footnote}>
          {t('Auth.HaveAccount')} <Link to={PATHS.login}>{t('Auth.LogIn')}</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title={t('Auth.SignupTitle')} lead={t('Auth.SignupLead')} width="narrow">
      <Card className={styles.card}>
        <NewAccountForm
          submitLabel={t('Auth.SignupSubmit')}
          {...(signupMode === 'invite' ? { invite: { initial: linkCode } } : {})}
          createAccount={(credentials) =>
            calls.signup({ ...credentials, interfaceLanguage: currentLanguage(i18n) })
          }
        />
        <OtherWaysIn googleText="signup_with" inviteCode={linkCode || undefined} />
      </Card>
      <p className={styles.footnote}>
        {t('Auth.HaveAccount')} <Link to={PATHS.login}>{t('Auth.LogIn')}</Link>
      </p>
    </Page>
  );
}
