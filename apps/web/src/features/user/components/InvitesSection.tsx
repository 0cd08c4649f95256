import { zodResolver } from '@hookform/resolvers/zod';
import { createInviteBodySchema, type Invite } from '@wordhoard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../../../shared/config/runtimeConfig';
import { PATHS } from '../../../shared/routing';
import { Button, Card, TextField } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useInviteCalls } from '../api/invites';
import styles from '../screens/UserEditPage.module.css';

const FIELDS = ['uses', 'days'] as const;
/** An empty number field is "not given" (no expiry), not 0. */
const wholeNumber = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

/**
 * Developers make invite codes here for SIGNUP_MODE=invite (docs/decisions/0081-private-
 * instance.md): the code is shown once, with the sign-up link that fills it in.
 */
export function InvitesSection() {
  const { t, i18n } = useTranslation();
  const { createInvite } = useInviteCalls();
  const handleError = useRequestErrorHandler();
  const [signupMode] = useState(() => readRuntimeConfig().signupMode);
  const [invite, setInvite] = useState<Invite | null>(null);
  const [copied, setCopied] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(createInviteBodySchema), defaultValues: { uses: 1 } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      setInvite(await createInvite(body));
      setCopied(false);
    } catch (error) {
      handleError(error, { fields: FIELDS, setError });
    }
  });

  const link = invite
    ? `${window.location.origin}${PATHS.signup}?invite=${encodeURIComponent(invite.code)}`
    : '';

  return (
    <Card as="section" className={styles.section} aria-labelledby="user-invites-title">
      <h2 id="user-invites-title" className={styles.sectionTitle}>
        {t('Access.InvitesTitle')}
      </h2>
      <p className={styles.sectionLead}>
        {signupMode === 'invite' ? t('Access.InvitesLead') : t('Access.InvitesNotNeeded')}
      </p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label={t('Access.InviteUses')}
          type="number"
          inputMode="numeric"
          min={1}
          {...register('uses', { setValueAs: wholeNumber })}
          error={errors.uses?.message}
        />
        <TextField
          label={t('Access.InviteDays')}
          hint={t('Access.InviteDaysHint')}
          type="number"
          inputMode="numeric"
          min={1}
          {...register('days', { setValueAs: wholeNumber })}
          error={errors.days?.message}
        />
        <Button type="submit" variant="secondary" className={styles.submit} busy={isSubmitting}>
          {t('Access.MakeInvite')}
        </Button>
      </form>
      {invite && (
        <div data-testid="new-invite">
          <TextField label={t('Access.InviteCode')} value={invite.code} readOnly />
          <TextField label={t('Access.InviteLink')} value={link} readOnly hint={t('Access.InviteMade')} />
          <p>
            {t('Access.InviteCount', { count: invite.uses })}
            {' · '}
            {invite.expiresAt
              ? t('Access.InviteExpires', {
                  date: new Date(invite.expiresAt).toLocaleDateString(i18n.language),
                })
              : t('Access.InviteNoExpiry')}
          </p>
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard.writeText(link).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t('Access.CopyLink')}
          </Button>
          {copied && <Notice tone="success">{t('Access.LinkCopied')}</Notice>}
        </div>
      )}
    </Card>
  );
}
