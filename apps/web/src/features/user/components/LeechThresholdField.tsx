import { LEECH_THRESHOLD, leechThresholdSchema, type User } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import { WholeNumberSettingField } from './WholeNumberSettingField';

/** How many lapses make a word a leech (docs/decisions/0049-weak-spots.md), 3–30. */
export function LeechThresholdField({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <WholeNumberSettingField
      user={user}
      setting="leechThreshold"
      schema={leechThresholdSchema}
      bounds={LEECH_THRESHOLD}
      label={t('User.Learning.Leech.Label')}
      hint={t('User.Learning.Leech.Hint', {
        min: LEECH_THRESHOLD.min,
        max: LEECH_THRESHOLD.max,
        default: LEECH_THRESHOLD.default,
      })}
      saveLabel={t('User.Learning.Leech.Save')}
      savedText={t('User.Learning.Leech.Saved')}
    />
  );
}
