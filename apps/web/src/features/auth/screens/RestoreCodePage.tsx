import { EmailField } from '../../../shared/ui/EmailField/EmailField';
import { zodResolver } from '@hookform/resolvers/zod';
import { VERIFICATION_CODE_LENGTH, restoreBodySchema } from '@wordhoard/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { Button, Card, Page } from '../../../shared/ui';
import { CodeInput } from '../../../shared/ui/CodeInput/CodeInput';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import styles from '../components/AuthForm.module.css';
import { readRestoreState, type RestoreState } from '../lib/restoreState';
import { useAuthCalls } from '../api/auth';

const FIELDS = ['email', 'code'] as const;

/**
 * Step 2: the mailed code signs the user in (POST /auth/restore). The user is reloaded and
 * handed to the new-password step, which stores it: storing it here would make this signed-out
 * screen send them straight on to the menu.
 */
export default function RestoreCodePage() {
  const { t } = useTranslation();
  const calls = useAuthCalls();
  const handleError = useRequestErrorHandler();
  const navigate = useNavigate();
  const location = useLocation();
  const email = readRestoreState(location.state).email ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(restoreBodySchema), defaultValues: { email, code: '' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await calls.restore(body);
    } catch (error) {
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    let restoredUser;
    try {
      restoredUser = await calls.me();
    } catch {
      return; // The error modal says why.
    }
    const state: RestoreState = { email: body.email, restoredUser };
    await navigate(PATHS.newPassword, { replace: true, state });
  });

  return (
    <Page title={t('Auth.RestoreCodeTitle')} lead={t('Auth.RestoreCodeLead')} width="narrow">
      <Card className={styles.card}>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <div className={styles.fields}>
            <EmailField label={t('Auth.Email')} {...register('email')} error={errors.email?.message} />
            <CodeInput
              label={t('Auth.Code')}
              hint={t('Auth.CodeHint', { length: VERIFICATION_CODE_LENGTH })}
              {...register('code')}
              error={errors.code?.message}
            />
          </div>
          <Button type="submit" size="lg" fullWidth busy={isSubmitting}>
            {t('Auth.RestoreSubmit')}
          </Button>
        </form>
      </Card>
      <p className={styles.footnote}>
        <Link to={PATHS.forgotPassword} state={{ email } satisfies RestoreState}>
          {t('Auth.NewCodeLink')}
        </Link>
      </p>
    </Page>
  );
}
