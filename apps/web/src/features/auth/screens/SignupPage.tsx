import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../shared/i18n';
import { PATHS } from '../../../shared/routing';
import { Card, Page } from '../../../shared/ui';
import styles from '../components/AuthForm.module.css';
import { NewAccountForm } from '../components/NewAccountForm';
import { OtherWaysIn } from '../components/OtherWaysIn';
import { useAuthCalls } from '../api/auth';

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const calls = useAuthCalls();

  return (
    <Page title={t('Auth.SignupTitle')} lead={t('Auth.SignupLead')} width="narrow">
      <Card className={styles.card}>
        <NewAccountForm
          submitLabel={t('Auth.SignupSubmit')}
          createAccount={(credentials) =>
            calls.signup({ ...credentials, interfaceLanguage: currentLanguage(i18n) })
          }
        />
        <OtherWaysIn googleText="signup_with" />
      </Card>
      <p className={styles.footnote}>
        {t('Auth.HaveAccount')} <Link to={PATHS.login}>{t('Auth.LogIn')}</Link>
      </p>
    </Page>
  );
}
