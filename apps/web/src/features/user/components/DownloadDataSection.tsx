import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../../shared/lib/saveFile';
import { Button, Card } from '../../../shared/ui';
import { useAccountCalls } from '../api/account';
import styles from '../screens/UserEditPage.module.css';

/** The data-portability right of the privacy policy: everything the account owns, as JSON. */
export function DownloadDataSection() {
  const { t } = useTranslation();
  const { exportMe } = useAccountCalls();
  const { pending, download } = useFileDownload();

  return (
    <Card as="section" className={styles.section} aria-labelledby="user-data-title">
      <h2 id="user-data-title" className={styles.sectionTitle}>
        {t('User.DataTitle')}
      </h2>
      <p className={styles.sectionLead}>{t('User.DataLead')}</p>
      <Button
        variant="secondary"
        icon={<Download />}
        className={styles.submit}
        busy={pending !== null}
        onClick={() => void download('file', exportMe)}
      >
        {t('User.DataButton')}
      </Button>
    </Card>
  );
}
