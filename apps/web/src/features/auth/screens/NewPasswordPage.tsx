import { zodResolver } from '@hookform/resolvers/zod';
import { passwordBodySchema } from '@wordhoard/shared';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PATHS, homePathFor } from '../../../shared/routing';
import { useServices } from '../../../shared/services';
import { useUser } from '../../../shared/session';
import { Button, Card, Page } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { PasswordChecklist } from '../../../shared/ui/PasswordChecklist/PasswordChecklist';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import styles from '../components/AuthForm.module.css';
import { readRestoreState } from '../lib/restoreState';

const FIELDS = ['password'] as const;

/**
 * Step 3: a new password for the user the restore code signed in. That user arrives in the
 * location state and is stored here (reload and language switch of SPEC §4); without a session
 * the restore starts over.
 */
export default function NewPasswordPage() {
  const { t } = useTranslation();
  const { http, session } = useServices();
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const handleError = useRequestErrorHandler();
  const checklistId = useId();
  const { restoredUser, email } = readRestoreState(location.state);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordBodySchema), defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    if (!user && restoredUser) void session.setUser(restoredUser);
  }, [user, restoredUser, session]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await http.request('changePassword', { body, silent: true });
    } catch (error) {
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    await navigate(homePathFor(session.getUser()), { replace: true });
  });

  if (!user && !restoredUser) return <Navigate replace to={PATHS.forgotPassword} />;

  return (
    <Page title={t('Auth.NewPasswordTitle')} lead={t('Auth.NewPasswordLead')} width="narrow">
      <Card className={styles.card}>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          {/* Lets password managers save the new password under the right account. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={user?.email ?? email ?? ''}
            readOnly
            hidden
          />
          <PasswordField
            label={t('Auth.NewPassword')}
            autoComplete="new-password"
            {...register('password')}
            error={errors.password?.message}
            extraDescribedBy={checklistId}
          >
            <PasswordChecklist id={checklistId} password={password} />
          </PasswordField>
          <Button type="submit" size="lg" fullWidth disabled={isSubmitting}>
            {t('Auth.SavePassword')}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
