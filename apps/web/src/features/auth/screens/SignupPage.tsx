import { EmailField } from '../../../shared/ui/EmailField/EmailField';
import { zodResolver } from '@hookform/resolvers/zod';
import { signupBodySchema } from '@wordhoard/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../shared/i18n';
import { PATHS } from '../../../shared/routing';
import { useServices } from '../../../shared/services';
import { Button, Card, Page } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { PasswordChecklist } from '../../../shared/ui/PasswordChecklist/PasswordChecklist';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import { OtherWaysIn } from '../components/OtherWaysIn';
import styles from '../components/AuthForm.module.css';
import { RESEND_COOLDOWN_SECONDS, rememberResendAt } from '../lib/resendCooldown';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';

const FIELDS = ['email', 'password'] as const;

export default function SignupPage() {
  const { t, i18n } = useTranslation();
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
  } = useForm({ resolver: zodResolver(signupBodySchema), defaultValues: { email: '', password: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ email, password: chosen }) => {
    let userId: string;
    try {
      const { user } = await http.request('signup', {
        body: { email, password: chosen, interfaceLanguage: currentLanguage(i18n) },
        silent: true,
      });
      userId = user.id;
    } catch (error) {
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    // Sign-up has just mailed a code, so asking for another must wait (DESIGN §3).
    rememberResendAt(userId, RESEND_COOLDOWN_SECONDS);
    await completeSignIn();
  });

  return (
    <Page title={t('Auth.SignupTitle')} lead={t('Auth.SignupLead')} width="narrow">
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
            {t('Auth.SignupSubmit')}
          </Button>
        </form>
        <OtherWaysIn googleText="signup_with" />
      </Card>
      <p className={styles.footnote}>
        {t('Auth.HaveAccount')} <Link to={PATHS.login}>{t('Auth.LogIn')}</Link>
      </p>
    </Page>
  );
}
