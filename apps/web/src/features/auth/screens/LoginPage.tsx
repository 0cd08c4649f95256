import { EmailField } from '../../../shared/ui/EmailField/EmailField';
import type { RequestOf } from '@wordhoard/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { Button, Card, Page } from '../../../shared/ui';
import { lazyResolver } from '../../../shared/ui/forms/lazyResolver';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import { OtherWaysIn } from '../components/OtherWaysIn';
import styles from '../components/AuthForm.module.css';
import { useAccess } from '../lib/access';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';
import { useAuthCalls } from '../api/auth';

const FIELDS = ['email', 'password'] as const;
type LoginBody = RequestOf<'login'>['body'];
const resolver = lazyResolver<LoginBody>(() => import('../lib/loginForm').then((form) => form.loginResolver));

export default function LoginPage() {
  const { t } = useTranslation();
  const calls = useAuthCalls();
  const handleError = useRequestErrorHandler();
  const completeSignIn = useCompleteSignIn();
  const { signupMode } = useAccess();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await calls.login(body);
    } catch (error) {
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    await completeSignIn();
  });

  return (
    <Page title={t('Auth.LoginTitle')} lead={t('Auth.LoginLead')} width="narrow">
      <Card className={styles.card}>
        <form noValidate onSubmit={onSubmit} onFocus={resolver.preload} className={styles.form}>
          <div className={styles.fields}>
            <EmailField label={t('Auth.Email')} {...register('email')} error={errors.email?.message} />
            <PasswordField
              label={t('Auth.Password')}
              autoComplete="current-password"
              {...register('password')}
              error={errors.password?.message}
            />
            <Link to={PATHS.forgotPassword} className={styles.inlineLink}>
              {t('Auth.ForgotPasswordLink')}
            </Link>
          </div>
          <Button type="submit" size="lg" fullWidth busy={isSubmitting}>
            {t('Auth.LoginSubmit')}
          </Button>
        </form>
        <OtherWaysIn googleText="signin_with" />
      </Card>
      {signupMode !== 'closed' && (
        <p className={styles.footnote}>
          {t('Auth.NoAccount')} <Link to={PATHS.signup}>{t('Auth.SignUp')}</Link>
        </p>
      )}
    </Page>
  );
}
