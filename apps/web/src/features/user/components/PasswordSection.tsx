import { zodResolver } from '@hookform/resolvers/zod';
import { passwordBodySchema, type User } from '@wordhoard/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { Button, Card } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { PasswordChecklist } from '../../../shared/ui/PasswordChecklist/PasswordChecklist';
import { PasswordField } from '../../../shared/ui/PasswordField/PasswordField';
import styles from '../screens/UserEditPage.module.css';

const FIELDS = ['password'] as const;

/** A new password (POST /auth/password); the server ends every other session. */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const handleError = useRequestErrorHandler();
  const checklistId = useId();
  const [changed, setChanged] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordBodySchema), defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (body) => {
    setChanged(false);
    try {
      await http.request('changePassword', { body, silent: true });
    } catch (error) {
      handleError(error, { fields: FIELDS, setError });
      return;
    }
    reset();
    setChanged(true);
  });

  return (
    <Card as="section" className={styles.section} aria-labelledby="user-password-title">
      <h2 id="user-password-title" className={styles.sectionTitle}>
        {t('User.PasswordTitle')}
      </h2>
      <p className={styles.sectionLead}>{t('User.PasswordLead')}</p>
      <form noValidate onSubmit={onSubmit} className={styles.form}>
        {/* Lets password managers save the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={user.email ?? ''}
          readOnly
          hidden
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
        <Button type="submit" disabled={isSubmitting} className={styles.submit}>
          {t('User.PasswordSubmit')}
        </Button>
        {changed && <Notice tone="success">{t('User.PasswordChanged')}</Notice>}
      </form>
    </Card>
  );
}
