import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n';
import { formatMegabytes as megabytes } from '../../../shared/lib/formatBytes';
import { Card } from '../../../shared/ui';
import { ProgressBar } from '../../../shared/ui/ProgressBar/ProgressBar';
import { useMediaUsage } from '../api/media';
import styles from '../screens/UserEditPage.module.css';

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
