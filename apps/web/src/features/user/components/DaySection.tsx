import { DAILY_GOAL, dailyGoalSchema, isTimeZone, timeZoneSchema, type User } from '@wordhoard/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Select } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useSettingSave } from '../lib/useSettingSave';
import styles from '../screens/UserEditPage.module.css';
import { WholeNumberSettingField } from './WholeNumberSettingField';

/** Every zone this browser knows, with the account's own (and UTC) even where it lists neither. */
function zoneIds(current: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...listed, 'UTC', current])].filter(isTimeZone).sort();
}

/** "America/Los Angeles (GMT-7)": the zone's place and its offset now, in `language`. */
function zoneLabel(zone: string, language: string, now: Date): string {
  const offset = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  const place = zone.replaceAll('_', ' ');
  return offset ? `${place} (${offset})` : place;
}

/**
 * The learner's day (docs/decisions/0053-learners-day.md): the time zone whose midnight starts
 * it (tests per day, words due today and the streak follow it) and the daily goal.
 */
export function DaySection({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Card as="section" className={styles.section} aria-labelledby="user-day-title">
      <h2 id="user-day-title" className={styles.sectionTitle}>
        {t('User.Day.Title')}
      </h2>
      <p className={styles.sectionLead}>{t('User.Day.Lead')}</p>
      <TimeZoneField user={user} />
      <DailyGoalField user={user} />
    </Card>
  );
}

function TimeZoneField({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [zone, setZone] = useState(user.timeZone);
  // The account's zone may change while the page is open (the browser's, taken at sign-in).
  const [accountZone, setAccountZone] = useState(user.timeZone);
  if (accountZone !== user.timeZone) {
    setAccountZone(user.timeZone);
    setZone(user.timeZone);
  }
  const { saving, saved, error, save, refuse, edited } = useSettingSave('timeZone');
  const options = useMemo(() => {
    const now = new Date();
    return zoneIds(user.timeZone).map((value) => ({ value, label: zoneLabel(value, language, now) }));
  }, [user.timeZone, language]);

  async function submit() {
    const parsed = timeZoneSchema.safeParse(zone);
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message);
      return;
    }
    const updated = await save({ timeZone: parsed.data });
    if (updated) setZone(updated.timeZone);
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Select
        label={t('User.Day.TimeZoneLabel')}
        hint={t('User.Day.TimeZoneHint')}
        error={error}
        options={options}
        value={zone}
        onChange={(event) => {
          setZone(event.target.value);
          edited();
        }}
      />
      <Button type="submit" className={styles.submit} busy={saving} disabled={zone === user.timeZone}>
        {t('User.Day.TimeZoneSave')}
      </Button>
      {saved && <Notice tone="success">{t('User.Day.TimeZoneSaved')}</Notice>}
    </form>
  );
}

function DailyGoalField({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <WholeNumberSettingField
      user={user}
      setting="dailyGoal"
      schema={dailyGoalSchema}
      bounds={DAILY_GOAL}
      label={t('User.Day.GoalLabel')}
      hint={t('User.Day.GoalHint', { min: DAILY_GOAL.min, max: DAILY_GOAL.max, default: DAILY_GOAL.default })}
      saveLabel={t('User.Day.GoalSave')}
      savedText={t('User.Day.GoalSaved')}
    />
  );
}
