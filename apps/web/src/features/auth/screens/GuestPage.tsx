import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../shared/i18n';
import { PATHS } from '../../../shared/routing';
import { Button, Card, Page } from '../../../shared/ui';
import styles from '../components/AuthForm.module.css';
import { PolicyConsent } from '../components/PolicyConsent';
import { NO_CONSENT, consentSchema } from '../lib/consentSchema';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';
import { useAuthCalls } from '../api/auth';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useAccess } from '../lib/access';

/** Guest entry: the policies are accepted here, then a 24-hour guest account is created. */
export default function GuestPage() {
  const { t, i18n } = useTranslation();
  const calls = useAuthCalls();
  const completeSignIn = useCompleteSignIn();
  const { guestAccess } = useAccess();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(consentSchema), defaultValues: NO_CONSENT });

  const onSubmit = handleSubmit(async () => {
    try {
      await calls.guest({ interfaceLanguage: currentLanguage(i18n) });
    } catch {
      return; // The error modal says why.
    }
    await completeSignIn();
  });

  if (!guestAccess) {
    return (
      <Page title={t('Auth.GuestTitle')} width="narrow">
        <Notice>{t('apiErrors.GUESTS_CLOSED')}</Notice>
      </Page>
    );
  }

  return (
    <Page title={t('Auth.GuestTitle')} lead={t('Auth.GuestLead')} width="narrow">
      <Card className={styles.card}>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <PolicyConsent register={register} errors={errors} />
          <Button type="submit" size="lg" fullWidth busy={isSubmitting}>
            {t('Auth.GuestSubmit')}
          </Button>
        </form>
      </Card>
      <p className={styles.footnote}>
        {t('Auth.HaveAccount')} <Link to={PATHS.login}>{t('Auth.LogIn')}</Link>
      </p>
    </Page>
  );
}
