import { EmailField } from '../../../shared/ui/EmailField/EmailField';
import { zodResolver } from '@hookform/resolvers/zod';
import { WAIT_IN_MINUTES_AFTER_SECONDS, restoreCodeBodySchema } from '@wordhoard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { ApiError } from '../../../shared/http';
import { Button, Card, Page, TABULAR_NUMS } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import styles from '../components/AuthForm.module.css';
import { readRestoreState, type RestoreState } from '../lib/restoreState';
import { useCooldown } from '../lib/useCooldown';
import { useAuthCalls } from '../api/auth';

const FIELDS = ['email'] as const;

/**
 * Step 1 of restoring access: mail a code to the address (the answer is the same for any).
 * Codes are rationed per address; asked too soon (say, right after signing up, whose code is
 * still on its way), the page counts down the server's Retry-After instead of a bare error.
 * A wait of most of an hour means the address's codes for other devices are used up (perhaps by
 * strangers): the page says that a device the account has signed in on is not held up by that
 * (docs/decisions/0075-known-devices.md).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const calls = useAuthCalls();
  const handleError = useRequestErrorHandler();
  const navigate = useNavigate();
  const location = useLocation();
  const cooldown = useCooldown(0);
  const [longWait, setLongWait] = useState(false);
  /** A wait was counted down on this page: once over, the page offers the new code in so many words. */
  const [waited, setWaited] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(restoreCodeBodySchema),
    defaultValues: { email: readRestoreState(location.state).email ?? '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await calls.restoreCode(body);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfter !== null) {
        cooldown.startIn(error.retryAfter);
        setWaited(true);
        setLongWait(error.retryAfter > WAIT_IN_MINUTES_AFTER_SECONDS);
        return;
      }
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    const state: RestoreState = { email: body.email };
    await navigate(PATHS.restoreCode, { state });
  });

  const waiting = cooldown.seconds > 0;
  return (
    <Page title={t('Auth.ForgotPasswordTitle')} lead={t('Auth.ForgotPasswordLead')} width="narrow">
      <Card className={styles.card}>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <EmailField label={t('Auth.Email')} {...register('email')} error={errors.email?.message} />
          {waiting && <Notice tone="info">{t(longWait ? 'Auth.CodeWaitLong' : 'Auth.CodeWait')}</Notice>}
          {waited && !waiting && <Notice tone="info">{t('Auth.CodeWaitOver')}</Notice>}
          <Button type="submit" size="lg" fullWidth busy={isSubmitting} disabled={waiting}>
            {waiting ? (
              <span className={TABULAR_NUMS} data-testid="send-code-countdown">
                {cooldown.seconds > WAIT_IN_MINUTES_AFTER_SECONDS
                  ? t('Verify.ResendInMinutes', { minutes: Math.ceil(cooldown.seconds / 60) })
                  : t('Verify.ResendIn', { seconds: cooldown.seconds })}
              </span>
            ) : waited ? (
              t('Verify.Resend')
            ) : (
              t('Auth.SendCode')
            )}
          </Button>
        </form>
      </Card>
      <p className={styles.footnote}>
        <Link to={PATHS.login}>{t('Auth.LogIn')}</Link>
      </p>
    </Page>
  );
}
