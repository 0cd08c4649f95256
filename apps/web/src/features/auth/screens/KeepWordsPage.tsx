import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../../../shared/config/runtimeConfig';
import { Card, Page } from '../../../shared/ui';
import { AuthDivider } from '../components/AuthDivider';
import styles from '../components/AuthForm.module.css';
import { NewAccountForm } from '../components/NewAccountForm';
import { GoogleSignIn } from '../google/GoogleSignIn';
import { useAuthCalls } from '../api/auth';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useAccess } from '../lib/access';

/**
 * A guest creates an account on the same data: email and password (then the mailed code) or
 * Google. Every dictionary, word and test stays; the 24-hour deletion ends once verified.
 */
export default function KeepWordsPage() {
  const { t } = useTranslation();
  const calls = useAuthCalls();
  const hasGoogle = Boolean(readRuntimeConfig().googleClientId);
  // Keeping the words makes a new account: it is a sign-up (decision 0081).
  const { signupMode } = useAccess();

  if (signupMode === 'closed') {
    return (
      <Page title={t('KeepWords.Title')} width="narrow">
        <Notice>{t('Access.KeepWordsClosed')}</Notice>
      </Page>
    );
  }

  return (
    <Page title={t('KeepWords.Title')} lead={t('KeepWords.Lead')} width="narrow">
      <Card className={styles.card}>
        <NewAccountForm
          submitLabel={t('KeepWords.Submit')}
          {...(signupMode === 'invite' ? { invite: { initial: '' } } : {})}
          // The guest's own row becomes the account, so its data stays.
          createAccount={(body) => calls.guestSignup(body)}
        />
        {hasGoogle && (
          <>
            <AuthDivider />
            <div className={styles.actions}>
              <GoogleSignIn text="signup_with" forGuest />
            </div>
          </>
        )}
      </Card>
      <p className={styles.footnote}>{t('KeepWords.Footnote')}</p>
    </Page>
  );
}
