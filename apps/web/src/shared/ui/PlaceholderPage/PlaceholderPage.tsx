import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../Card/Card';
import { Page } from '../Page/Page';
import styles from './PlaceholderPage.module.css';

/** A titled screen whose content a later release fills in. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title} width="narrow">
      <Card className={styles.notice}>
        <Construction aria-hidden="true" className={styles.icon} />
        <p>{t('Common.ComingSoon')}</p>
      </Card>
    </Page>
  );
}
