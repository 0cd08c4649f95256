import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { Button, Card, Page } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useUnsubscribeReminders } from '../api/reminders';
import styles from './UserEditPage.module.css';

type State = 'asking' | 'sending' | 'done' | 'failed';

/**
 * Where the unsubscribe link of a reminder mail leads (docs/decisions/0054-reminders.md): it
 * asks first, because mail scanners open links; the click sends the one-click POST. No sign-in.
 */
export default function UnsubscribeRemindersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeReminders();
  const [state, setState] = useState<State>(token.length >= 16 ? 'asking' : 'failed');

  async function confirm() {
    setState('sending');
    try {
      await unsubscribe(token);
      setState('done');
    } catch {
      setState('failed');
    }
  }

  return (
    <Page title={t('User.Unsubscribe.Title')} width="narrow">
      <Card as="section" className={styles.section}>
        {(state === 'asking' || state === 'sending') && (
          <>
            <p className={styles.sectionLead}>{t('User.Unsubscribe.Ask')}</p>
            <Button
              type="button"
              className={styles.submit}
              busy={state === 'sending'}
              onClick={() => void confirm()}
            >
              {t('User.Unsubscribe.Confirm')}
            </Button>
          </>
        )}
        {state === 'done' && <Notice tone="success">{t('User.Unsubscribe.Done')}</Notice>}
        {state === 'failed' && <Notice>{t('User.Unsubscribe.Failed')}</Notice>}
        {(state === 'done' || state === 'failed') && (
          <p>
            <Link to={PATHS.userEdit}>{t('User.Unsubscribe.Settings')}</Link>
          </p>
        )}
      </Card>
    </Page>
  );
}
