import { LEECH_THRESHOLD, leechThresholdSchema, type User } from '@wordhoard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useSettingSave } from '../lib/useSettingSave';
import styles from '../screens/UserEditPage.module.css';
import learningStyles from './LearningSection.module.css';

/**
 * How many lapses make a word a leech (docs/decisions/0049-weak-spots.md), 3–30. The value is
 * checked with the contract's own rule before it is sent, and the server's answer to anything
 * that still slips through is shown in the same place.
 */
export function LeechThresholdField({ user }: { user: User }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => String(user.leechThreshold));
  const { saving, saved, error, save, refuse, edited } = useSettingSave('leechThreshold');
  const changed = value.trim() !== String(user.leechThreshold);

  async function submit() {
    if (saving) return;
    const typed = value.trim();
    const parsed = leechThresholdSchema.safeParse(typed === '' ? Number.NaN : Number(typed));
    if (!parsed.success) {
      // An encoded key of the shared rules: the field shows it in the interface language.
      refuse(parsed.error.issues[0]?.message);
      return;
    }
    const updated = await save({ leechThreshold: parsed.data });
    if (updated) setValue(String(updated.leechThreshold));
  }

  return (
    <form
      className={learningStyles.parameters}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('User.Learning.Leech.Label')}
        hint={t('User.Learning.Leech.Hint', {
          min: LEECH_THRESHOLD.min,
          max: LEECH_THRESHOLD.max,
          default: LEECH_THRESHOLD.default,
        })}
        error={error}
        type="number"
        inputMode="numeric"
        min={LEECH_THRESHOLD.min}
        max={LEECH_THRESHOLD.max}
        step={1}
        value={value}
        className={learningStyles.threshold}
        onChange={(event) => {
          setValue(event.target.value);
          edited();
        }}
      />
      <Button type="submit" className={styles.submit} disabled={!changed || saving} aria-busy={saving}>
        {t('User.Learning.Leech.Save')}
      </Button>
      {saved && <Notice tone="success">{t('User.Learning.Leech.Saved')}</Notice>}
    </form>
  );
}
