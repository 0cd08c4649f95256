import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, Page } from '../../../shared/ui';
import styles from '../components/AuthForm.module.css';
import { PolicyConsent } from '../components/PolicyConsent';
import { NO_CONSENT, consentSchema } from '../lib/consentSchema';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';
import { useAuthCalls } from '../api/auth';

/**
 * The last sign-up step: every policy ticked, then PATCH /users/accept-policy, a fresh session
 * token (SPEC §4) and the user reloaded with their new role.
 */
export default function AcceptPolicyPage() {
  const { t } = useTranslation();
  const calls = useAuthCalls();
  const completeSignIn = useCompleteSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(consentSchema), defaultValues: NO_CONSENT });

  const onSubmit = handleSubmit(async () => {
    try {
      await calls.acceptPolicy();
      await calls.refreshToken();
    } catch {
      return; // The error modal says why.
    }
    await completeSignIn();
  });

  return (
    <Page title={t('AcceptPolicy.Title')} lead={t('AcceptPolicy.Lead')} width="narrow">
      <Card className={styles.card}>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <PolicyConsent register={register} errors={errors} />
          <Button type="submit" size="lg" fullWidth busy={isSubmitting}>
            {t('AcceptPolicy.Submit')}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
