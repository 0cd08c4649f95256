import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, passwordBodySchema, type User } from '@wordhoard/shared';
import { useCallback, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GoogleButton } from '../../../shared/google/GoogleButton';
import { ApiError } from '../../../shared/http';
import { Button, Card } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { PasswordChecklist } from '../../../shared/ui/PasswordChecklist/PasswordChecklist';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import styles from '../screens/UserEditPage.module.css';
import { useAccountCalls } from '../api/account';

const FIELDS = ['currentPassword', 'password'] as const;

/** The server's answers about the current password belong next to that field. */
const CURRENT_PASSWORD_ERRORS = new Set(['WRONG_CURRENT_PASSWORD', 'CURRENT_PASSWORD_REQUIRED']);

/**
 * A new password (POST /auth/password); the server ends every other session. It is confirmed
 * with the current password, or, for an account that signs in only with Google, with a fresh
 * Google sign-in (docs/decisions/0016).
 */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const googleOnly = !user.hasPassword && user.googleLinked;
  // Kept here, not in the form: a first password swaps the Google form for the usual one.
  const [changed, setChanged] = useState(false);
  return (
    <Card as="section" className={styles.section} aria-labelledby="user-password-title">
      <h2 id="user-password-title" className={styles.sectionTitle}>
        {t('User.PasswordTitle')}
      </h2>
      <p className={styles.sectionLead}>
        {googleOnly ? t('User.PasswordLeadGoogle') : t('User.PasswordLead')}
      </p>
      {googleOnly ? (
        <GoogleConfirmedForm user={user} setChanged={setChanged} />
      ) : (
        <CurrentPasswordForm user={user} setChanged={setChanged} />
      )}
      {changed && <Notice tone="success">{t('User.PasswordChanged')}</Notice>}
    </Card>
  );
}

/** Lets password managers save the new password under the right account. */
function UsernameHint({ user }: { user: User }) {
  return (
    <input type="email" name="username" autoComplete="username" value={user.email ?? ''} readOnly hidden />
  );
}

interface PasswordFormProps {
  user: User;
  /** Whether "Your password has been changed." shows under the form. */
  setChanged: (changed: boolean) => void;
}

function CurrentPasswordForm({ user, setChanged }: PasswordFormProps) {
  const { t } = useTranslation();
  const calls = useAccountCalls();
  const handleError = useRequestErrorHandler();
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (body) => {
    setChanged(false);
    try {
      await calls.changePassword(body);
    } catch (error) {
      if (error instanceof ApiError && error.code !== null && CURRENT_PASSWORD_ERRORS.has(error.code)) {
        setError('currentPassword', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    reset();
    setChanged(true);
  });

  return (
    <form noValidate onSubmit={onSubmit} className={styles.form}>
      <UsernameHint user={user} />
      <PasswordField
        label={t('User.CurrentPassword')}
        autoComplete="current-password"
        {...register('currentPassword', { onChange: () => setChanged(false) })}
        error={errors.currentPassword?.message}
      />
      <PasswordField
        label={t('User.NewPassword')}
        autoComplete="new-password"
        {...register('password', { onChange: () => setChanged(false) })}
        error={errors.password?.message}
        extraDescribedBy={checklistId}
      >
        <PasswordChecklist id={checklistId} password={password} />
      </PasswordField>
      <Button type="submit" busy={isSubmitting} className={styles.submit}>
        {t('User.PasswordSubmit')}
      </Button>
    </form>
  );
}

/** No password yet: the new one is saved when Google hands over a fresh sign-in. */
function GoogleConfirmedForm({ user, setChanged }: PasswordFormProps) {
  const { t } = useTranslation();
  const calls = useAccountCalls();
  const handleError = useRequestErrorHandler();
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordBodySchema), defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });

  const onCredential = useCallback(
    (googleCredential: string) =>
      handleSubmit(async ({ password: chosen }) => {
        setChanged(false);
        try {
          await calls.changePassword({ password: chosen, googleCredential });
        } catch (error) {
          handleError(error, { fields: FIELDS, setError });
          return;
        }
        reset();
        setChanged(true);
      })(),
    [handleSubmit, calls, handleError, setError, reset, setChanged],
  );

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className={styles.form}>
      <UsernameHint user={user} />
      <PasswordField
        label={t('User.NewPassword')}
        autoComplete="new-password"
        {...register('password', { onChange: () => setChanged(false) })}
        error={errors.password?.message}
        extraDescribedBy={checklistId}
      >
        <PasswordChecklist id={checklistId} password={password} />
      </PasswordField>
      <p className={styles.sectionLead}>{t('User.GoogleConfirmHint')}</p>
      <GoogleButton text="continue_with" onCredential={onCredential} />
    </form>
  );
}
