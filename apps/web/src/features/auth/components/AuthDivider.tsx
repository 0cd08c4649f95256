import { useTranslation } from 'react-i18next';
import styles from './AuthForm.module.css';

/** The "or" between a form and the other ways in. */
export function AuthDivider() {
  const { t } = useTranslation();
  return (
    <p className={styles.divider} aria-hidden="true">
      {t('Auth.Or')}
    </p>
  );
}
