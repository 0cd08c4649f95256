import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PATHS } from '../../shared/routing';
import { Button } from '../../shared/ui';
import type { AppUpdates } from './appUpdates';
import styles from './UpdatePrompt.module.css';

/** The test screens (/testing, /testing/skip, …): a reload there would break into a running test. */
function isRunningTest(pathname: string): boolean {
  return pathname === PATHS.testing || pathname.startsWith(`${PATHS.testing}/`);
}

/**
 * Offers a new version of the app once it has installed (docs/decisions/0051-service-worker.md).
 * The switch happens only on the user's click, and the offer waits until a running test is left.
 */
export function UpdatePrompt({ updates }: { updates: AppUpdates }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const waiting = useSyncExternalStore(updates.subscribe, updates.isWaiting, () => false);
  if (!waiting || isRunningTest(pathname)) return null;
  return (
    <div className={styles.prompt} role="status">
      <span>{t('AppUpdate.Ready')}</span>
      <Button size="sm" onClick={() => updates.apply()}>
        {t('AppUpdate.Reload')}
      </Button>
    </div>
  );
}
