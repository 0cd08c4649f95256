import { zodResolver } from '@hookform/resolvers/zod';
import { signupBodySchema } from '@wordhoard/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/errors';
import { Button } from '../../../shared/ui';
import { TextField } from '../../../shared/ui/fields/TextField';
import { EmailField } from '../../../shared/ui/EmailField/EmailField';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { PasswordChecklist } from '../../../shared/ui/PasswordChecklist/PasswordChecklist';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import { RESEND_COOLDOWN_SECONDS, rememberResendAt } from '../lib/resendCooldown';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';
import styles from './AuthForm.module.css';

const FIELDS = ['email', 'password', 'inviteCode'] as const;

/** Refusals about the invite code, shown under its field rather than in the error modal. */
const INVITE_ERRORS = new Set(['INVITE_REQUIRED', 'INVITE_INVALID']);

export interface NewCredentials {
  email: string;
  password: string;
  /** Only when the server asks for one (SIGNUP_MODE=invite, decision 0081). */
  inviteCode?: string;
}

/**
 * Email and a new password, then on to the mailed code: the form of sign-up and of a guest
 * keeping their words. `createAccount` is the one request that differs between the two.
 */
export function NewAccountForm({
  submitLabel,
  createAccount,
  invite,
}: {
  submitLabel: string;
  createAccount: (credentials: NewCredentials) => Promise<{ user: { id: string } }>;
  /** Sign-up is by invitation: an invite code field, filled with `initial` (a link's ?invite=). */
  invite?: { initial: string };
}) {
  const { t } = useTranslation();
  const handleError = useRequestErrorHandler();
  const completeSignIn = useCompleteSignIn();
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { email: '', password: '', inviteCode: invite?.initial ?? '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ email, password: chosen, inviteCode }) => {
    let userId: string;
    try {
      const credentials =
        invite && inviteCode ? { email, password: chosen, inviteCode } : { email, password: chosen };
      userId = (await createAccount(credentials)).user.id;
    } catch (error) {
      if (invite && error instanceof ApiError && error.code !== null && INVITE_ERRORS.has(error.code)) {
        setError('inviteCode', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      // A taken address shows under its field; nothing was changed.
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    // The account has just been mailed a code, so asking for another must wait (DESIGN §3).
    rememberResendAt(userId, RESEND_COOLDOWN_SECONDS);
    await completeSignIn();
  });

  return (
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
        {invite && (
          <TextField
            label={t('Access.InviteCode')}
            hint={t('Access.InviteHint')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            {...register('inviteCode')}
            error={errors.inviteCode?.message}
          />
        )}
      </div>
      <Button type="submit" size="lg" fullWidth busy={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
