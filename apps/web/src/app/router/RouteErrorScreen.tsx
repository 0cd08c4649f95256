import { House, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routing';
import { Button, Page } from '../../shared/ui';
import styles from './RouteErrorScreen.module.css';

/**
 * Shown in place of a screen that failed to render or load (e.g. a chunk of an older
 * release); the header and footer stay usable around it.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('Errors.Title')} lead={t('Errors.RouteError')} variant="center" width="narrow">
      <div className={styles.actions}>
        <Button size="lg" icon={<RotateCw />} onClick={() => window.location.reload()}>
          {t('Common.Retry')}
        </Button>
        <Button variant="secondary" size="lg" to={PATHS.menu} icon={<House />}>
          {t('Common.MainMenu')}
        </Button>
      </div>
    </Page>
  );
}
