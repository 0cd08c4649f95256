import { useTranslation } from 'react-i18next';
import { ThemeControl } from '../../../shared/theme';
import { Card } from '../../../shared/ui';
import styles from '../screens/UserEditPage.module.css';

/** The colour theme: on this device only (localStorage), not saved to the account. */
export function AppearanceSection() {
  const { t } = useTranslation();
  return (
    <Card as="section" className={styles.section} aria-labelledby="user-appearance-title">
      <h2 id="user-appearance-title" className={styles.sectionTitle}>
        {t('Theme.Title')}
      </h2>
      <ThemeControl hint={t('Theme.Hint')} />
    </Card>
  );
}
