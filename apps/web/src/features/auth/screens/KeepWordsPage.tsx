import { zodResolver } from '@hookform/resolvers/zod';
import { guestSignupBodySchema } from '@wordhoard/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../../../shared/config/runtimeConfig';
import { useServices } from '../../../shared/services';
import { Button, Card, Page } from '../../../shared/ui';
import { EmailField } from '../../../shared/ui/EmailField/EmailField';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { PasswordChecklist } from '../../../shared/ui/PasswordChecklist/PasswordChecklist';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import { AuthDivider } from '../components/AuthDivider';
import styles from '../components/AuthForm.module.css';
import { GoogleSignIn } from '../google/GoogleSignIn';
import { RESEND_COOLDOWN_SECONDS, rememberResendAt } from '../lib/resendCooldown';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';

const FIELDS = ['email', 'password'] as const;

/**
 * A guest creates an account on the same data: email and password (then the mailed code) or
 * Google. Every dictionary, word and test stays; the 24-hour deletion ends once verified.
 */
export default function KeepWordsPage() {
  const { t } = useTranslation();
  const { http } = useServices();
  const handleError = useRequestErrorHandler();
  const completeSignIn = useCompleteSignIn();
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(guestSignupBodySchema), defaultValues: { email: '', password: '' } });
  const password = useWatch({ control, name: 'password' });
  const hasGoogle = Boolean(readRuntimeConfig().googleClientId);

  const onSubmit = handleSubmit(async (body) => {
    let userId: string;
    try {
      const { user } = await http.request('guestSignup', { body, silent: true });
      userId = user.id;
    } catch (error) {
      // An address of another account shows under the field; the guest's data is untouched.
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    rememberResendAt(userId, RESEND_COOLDOWN_SECONDS);
    await completeSignIn();
  });

  return (
    <Page title={t('KeepWords.Title')} lead={t('KeepWords.Lead')} width="narrow">
      <Card className={styles.card}>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <div className={styles.fields}>
            <EmailField label={t('Auth.Email')} {...register('email')} error={errors.email?.message} />
            <PasswordField
              label={t('Auth.Password')}
              autoComplete="new-password"
              {...register('password')}
              error={errors.password?.message}
              extraDescribedBy={checklistId}
            >
              <PasswordChecklist id={checklistId} password={password} />
            </PasswordField>
          </div>
          <Button type="submit" size="lg" fullWidth disabled={isSubmitting}>
            {t('KeepWords.Submit')}
          </Button>
        </form>
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
