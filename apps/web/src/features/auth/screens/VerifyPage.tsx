import { zodResolver } from '@hookform/resolvers/zod';
import { VERIFICATION_CODE_LENGTH, verifyBodySchema } from '@wordhoard/shared';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http';
import { useUser } from '../../../shared/session';
import { Button, Card, Page, TABULAR_NUMS } from '../../../shared/ui';
import { CodeInput } from '../../../shared/ui/CodeInput/CodeInput';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { Notice } from '../../../shared/ui/Notice/Notice';
import styles from '../components/AuthForm.module.css';
import { RESEND_COOLDOWN_SECONDS, rememberResendAt, resendAvailableAt } from '../lib/resendCooldown';
import { useCompleteSignIn } from '../lib/useCompleteSignIn';
import { useCooldown } from '../lib/useCooldown';
import verifyStyles from './VerifyPage.module.css';
import { useAuthCalls } from '../api/auth';

const FIELDS = ['code'] as const;

/** Email confirmation: the mailed code, and a new code at most once a minute. */
export default function VerifyPage() {
  const { t } = useTranslation();
  const calls = useAuthCalls();
  const user = useUser();
  const userId = user?.id ?? '';
  const handleError = useRequestErrorHandler();
  const completeSignIn = useCompleteSignIn();
  const cooldown = useCooldown(resendAvailableAt(userId));
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(verifyBodySchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await calls.verify(body);
    } catch (error) {
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    await completeSignIn();
  });

  async function resend() {
    setResending(true);
    setResent(false);
    try {
      await calls.resendVerification();
      cooldown.start(rememberResendAt(userId, RESEND_COOLDOWN_SECONDS));
      setResent(true);
    } catch (error) {
      // Too soon: wait as long as the server says (Retry-After), and say why in the modal.
      if (error instanceof ApiError && error.status === 429) {
        cooldown.start(rememberResendAt(userId, error.retryAfter ?? RESEND_COOLDOWN_SECONDS));
      }
      handleError(error);
    } finally {
      setResending(false);
    }
  }

  const waiting = cooldown.seconds > 0;
  return (
    <Page
      title={t('Verify.Title')}
      lead={
        <span className={styles.breakable}>
          {user?.email ? t('Verify.Lead', { email: user.email }) : t('Verify.LeadNoEmail')}
        </span>
      }
      width="narrow"
    >
      <Card className={styles.card}>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <CodeInput
            label={t('Auth.Code')}
            hint={t('Auth.CodeHint', { length: VERIFICATION_CODE_LENGTH })}
            {...register('code')}
            error={errors.code?.message}
          />
          <Button type="submit" size="lg" fullWidth busy={isSubmitting}>
            {t('Verify.Submit')}
          </Button>
        </form>
        <div className={verifyStyles.resend}>
          <p className={styles.footnote}>{t('Verify.NoCode')}</p>
          <Button
            variant="secondary"
            fullWidth
            icon={<RotateCw />}
            busy={resending}
            disabled={waiting}
            onClick={() => void resend()}
          >
            {waiting ? (
              <span className={TABULAR_NUMS} data-testid="resend-countdown">
                {t('Verify.ResendIn', { seconds: cooldown.seconds })}
              </span>
            ) : (
              t('Verify.Resend')
            )}
          </Button>
          {resent && <Notice tone="success">{t('Verify.CodeSent')}</Notice>}
        </div>
      </Card>
    </Page>
  );
}
