import { zodResolver } from '@hookform/resolvers/zod';
import { passwordBodySchema } from '@wordhoard/shared';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/http';
import { PATHS, homePathFor } from '../../../shared/routing';
import { useServices } from '../../../shared/services';
import { useUser } from '../../../shared/session';
import { Button, Card, Page } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { PasswordChecklist } from '../../../shared/ui/PasswordChecklist/PasswordChecklist';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import styles from '../components/AuthForm.module.css';
import { readRestoreState, type RestoreState } from '../lib/restoreState';
import { useAuthCalls } from '../api/auth';

const FIELDS = ['password'] as const;

/**
 * The restore code's leave to set a password without the old one is short and used once
 * (docs/decisions/0016); after it the server asks for a confirmation this page cannot give.
 */
const LEAVE_OVER = new Set(['CURRENT_PASSWORD_REQUIRED', 'GOOGLE_CONFIRMATION_REQUIRED']);

/**
 * Step 3: a new password for the user the restore code signed in. That user arrives in the
 * location state and is stored here (reload and language switch of SPEC §4); without a session
 * the restore starts over.
 */
export default function NewPasswordPage() {
  const { t } = useTranslation();
  const { session } = useServices();
  const calls = useAuthCalls();
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const handleError = useRequestErrorHandler();
  const checklistId = useId();
  const { restoredUser, email } = readRestoreState(location.state);
  const [leaveOver, setLeaveOver] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordBodySchema), defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    // Once the leave is over the visitor is signed out on purpose: do not sign them back in.
    if (!user && restoredUser && !leaveOver) void session.setUser(restoredUser);
  }, [user, restoredUser, session, leaveOver]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await calls.changePassword(body);
    } catch (error) {
      if (error instanceof ApiError && error.code !== null && LEAVE_OVER.has(error.code)) {
        setLeaveOver(true);
        return;
      }
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    await navigate(homePathFor(session.getUser()), { replace: true });
  });

  /** Signs the restored session out (it can no longer set a password) and asks for a new code. */
  async function startOver() {
    const address = user?.email ?? email;
    await session.logout();
    await navigate(PATHS.forgotPassword, {
      replace: true,
      state: { email: address ?? undefined } satisfies RestoreState,
    });
  }

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
          <Button type="submit" size="lg" fullWidth busy={isSubmitting} disabled={leaveOver}>
            {t('Auth.SavePassword')}
          </Button>
          {leaveOver && (
            <>
              <Notice>{t('Auth.RestoreExpired')}</Notice>
              <Button variant="secondary" fullWidth onClick={() => void startOver()}>
                {t('Auth.NewCodeLink')}
              </Button>
            </>
          )}
        </form>
      </Card>
    </Page>
  );
}
