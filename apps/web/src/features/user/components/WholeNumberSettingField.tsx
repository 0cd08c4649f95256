import type { User } from '@wordhoard/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { Button, TextField } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useSettingSave } from '../lib/useSettingSave';
import styles from '../screens/UserEditPage.module.css';
import learningStyles from './LearningSection.module.css';

/** The account's whole-number settings, each edited and saved on its own. */
type WholeNumberSetting = 'leechThreshold' | 'dailyGoal';

interface WholeNumberSettingFieldProps {
  user: User;
  setting: WholeNumberSetting;
  /** The contract's own rule for the value, so nothing it refuses is sent. */
  schema: z.ZodType<number>;
  bounds: { min: number; max: number };
  label: string;
  hint: string;
  saveLabel: string;
  savedText: string;
}

/**
 * A whole number of the account (the leech threshold, the daily goal): checked with the
 * contract's rule before it is sent, and the server's answer to anything that still slips
 * through shown in the same place.
 */
export function WholeNumberSettingField({
  user,
  setting,
  schema,
  bounds,
  label,
  hint,
  saveLabel,
  savedText,
}: WholeNumberSettingFieldProps) {
  const [value, setValue] = useState(() => String(user[setting]));
  const { saving, saved, error, save, refuse, edited } = useSettingSave(setting);
  const changed = value.trim() !== String(user[setting]);

  async function submit() {
    const typed = value.trim();
    const parsed = schema.safeParse(typed === '' ? Number.NaN : Number(typed));
    if (!parsed.success) {
      // An encoded key of the shared rules: the field shows it in the interface language.
      refuse(parsed.error.issues[0]?.message);
      return;
    }
    const updated = await save({ [setting]: parsed.data });
    if (updated) setValue(String(updated[setting]));
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
        label={label}
        hint={hint}
        error={error}
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1}
        value={value}
        className={learningStyles.threshold}
        onChange={(event) => {
          setValue(event.target.value);
          edited();
        }}
      />
      <Button type="submit" className={styles.submit} busy={saving} disabled={!changed}>
        {saveLabel}
      </Button>
      {saved && <Notice tone="success">{savedText}</Notice>}
    </form>
  );
}
