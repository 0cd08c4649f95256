import { CloudOff, RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfflineStatus } from '../../shared/offline';
import { useServices } from '../../shared/services';
import styles from './OfflineIndicator.module.css';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const browserOffline = () => !navigator.onLine;

/**
 * In the header: that the app is offline, and how many answers wait to be sent (decision 0058).
 * Nothing while online with nothing waiting.
 */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const { errors, offline } = useServices();
  const { pending, syncing, unreachable: answerLost } = useOfflineStatus(offline);
  const unreachable = useSyncExternalStore(errors.subscribe, errors.isOffline, () => false);
  const noNetwork = useSyncExternalStore(subscribeOnline, browserOffline, () => false);
  const isOffline = unreachable || noNetwork || answerLost;
  if (!isOffline && pending === 0) return null;

  let label: string;
  if (!isOffline) label = t('Offline.Sending', { count: pending });
  else if (pending > 0) label = t('Offline.Waiting', { count: pending });
  else label = t('Offline.Offline');
  const sending = !isOffline && syncing;
  return (
    <p className={styles.indicator} role="status" data-testid="offline-indicator">
      {isOffline ? (
        <CloudOff aria-hidden="true" className={styles.icon} />
      ) : (
        <RefreshCw aria-hidden="true" className={sending ? styles.spinning : styles.icon} />
      )}
      <span className={styles.label}>{label}</span>
      {/* A phone's header has room for a few words only: these are shown there, while screen
          readers keep the whole sentence above. */}
      <span className={styles.short} aria-hidden="true" data-testid="offline-indicator-short">
        {pending > 0 ? t('Offline.WaitingShort', { count: pending }) : t('Offline.Offline')}
      </span>
    </p>
  );
}
