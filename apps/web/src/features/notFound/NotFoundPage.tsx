import { House, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routing';
import { Button, Page } from '../../shared/ui';
import styles from './NotFoundPage.module.css';

const reloadPage = () => window.location.reload();

interface NotFoundPageProps {
  /** What Retry does; reloading helps when the address was right but loading failed. */
  onRetry?: () => void;
}

export default function NotFoundPage({ onRetry = reloadPage }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <Page title={t('Errors.NotFound')} lead={t('NotFound.Text')} variant="center" width="narrow">
      <div className={styles.actions}>
        <Button to={PATHS.menu} size="lg" icon={<House />}>
          {t('Common.MainMenu')}
        </Button>
        <Button variant="secondary" size="lg" icon={<RotateCw />} onClick={onRetry}>
          {t('Common.Retry')}
        </Button>
      </div>
    </Page>
  );
}
