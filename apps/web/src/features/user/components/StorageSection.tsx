import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n';
import { Card } from '../../../shared/ui';
import { ProgressBar } from '../../../shared/ui/ProgressBar/ProgressBar';
import { useMediaUsage } from '../api/media';
import styles from '../screens/UserEditPage.module.css';

const MB = 1024 * 1024;

/** Megabytes in the interface language, one decimal below 10 MB ("3.2 MB", "1,024 MB"). */
function megabytes(bytes: number, language: string): string {
  const value = bytes / MB;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** How much of the plan's storage the account's pictures and recordings take (decision 0063). */
export function StorageSection() {
  const { t, i18n } = useTranslation();
  const usage = useMediaUsage();
  if (!usage.data) return null;
  const language = currentLanguage(i18n);
  const text = t('User.StorageUsed', {
    used: megabytes(usage.data.usedBytes, language),
    quota: megabytes(usage.data.quotaBytes, language),
  });
  return (
    <Card as="section" className={styles.section} aria-labelledby="user-storage-title">
      <h2 id="user-storage-title" className={styles.sectionTitle}>
        {t('User.StorageTitle')}
      </h2>
      <p className={styles.sectionLead}>{t('User.StorageLead')}</p>
      <ProgressBar
        value={usage.data.usedBytes}
        max={usage.data.quotaBytes}
        label={t('User.StorageLabel')}
        valueText={text}
      />
      <p data-testid="storage-used">{text}</p>
    </Card>
  );
}
