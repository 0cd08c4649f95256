import { reminderTimeSchema, type User } from '@wordhoard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, TextField } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useSettingSave } from '../lib/useSettingSave';
import styles from '../screens/UserEditPage.module.css';

/**
 * The daily e-mail reminder (docs/decisions/0054-reminders.md): on or off, and its time in the
 * learner's zone. The server sends it only when words are due and today's goal is not met.
 */
export function RemindersSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(user.emailReminders);
  const [time, setTime] = useState(user.reminderTime);
  // The account may change while the page is open (an unsubscribe link in another tab).
  const [account, setAccount] = useState({ enabled: user.emailReminders, time: user.reminderTime });
  if (account.enabled !== user.emailReminders || account.time !== user.reminderTime) {
    setAccount({ enabled: user.emailReminders, time: user.reminderTime });
    setEnabled(user.emailReminders);
    setTime(user.reminderTime);
  }
  const { saving, saved, error, save, refuse, edited } = useSettingSave('reminders');
  const unchanged = enabled === user.emailReminders && time === user.reminderTime;

  async function submit() {
    const parsed = reminderTimeSchema.safeParse(time);
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message);
      return;
    }
    await save({ emailReminders: enabled, reminderTime: parsed.data });
  }

  return (
    <Card as="section" className={styles.section} aria-labelledby="user-reminders-title">
      <h2 id="user-reminders-title" className={styles.sectionTitle}>
        {t('User.Reminders.Title')}
      </h2>
      <p className={styles.sectionLead}>{t('User.Reminders.Lead')}</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Checkbox
          label={t('User.Reminders.EmailLabel')}
          checked={enabled}
          onChange={(event) => {
            setEnabled(event.currentTarget.checked);
            edited();
          }}
        />
        <TextField
          type="time"
          label={t('User.Reminders.TimeLabel')}
          hint={t('User.Reminders.TimeHint', { zone: user.timeZone.replaceAll('_', ' ') })}
          error={error}
          value={time}
          step={60}
          required
          onChange={(event) => {
            setTime(event.target.value);
            edited();
          }}
        />
        <Button type="submit" className={styles.submit} busy={saving} disabled={unchanged}>
          {t('User.Reminders.Save')}
        </Button>
        {saved && <Notice tone="success">{t('User.Reminders.Saved')}</Notice>}
      </form>
    </Card>
  );
}
