import { useTranslation } from 'react-i18next';
import { useOfflineStatus } from '../../shared/offline';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/ui';
import styles from '../pwa/UpdatePrompt.module.css';

/**
 * What sending the offline answers found, when it has something to tell (decision 0058): the
 * server graded some answers otherwise (its grade counts), or the test had been replaced on
 * another device (the answers counted for the schedule only). Stays until dismissed.
 */
export function SyncNotice() {
  const { t } = useTranslation();
  const { offline } = useServices();
  const { outcome } = useOfflineStatus(offline);
  if (!outcome) return null;
  const dismiss = () => offline.status.set({ ...offline.status.get(), outcome: null });
  return (
    <div className={styles.prompt} role="status" data-testid="sync-notice">
      <div>
        {outcome.replaced && <p>{t('Offline.Replaced', { count: outcome.replaced.answers })}</p>}
        {outcome.disagreements.length > 0 && (
          <>
            <p>{t('Offline.Regraded', { count: outcome.disagreements.length })}</p>
            <ul>
              {outcome.disagreements.map((disagreement, index) => (
                <li key={index}>
                  {t(disagreement.server === 'correct' ? 'Offline.CountedCorrect' : 'Offline.CountedWrong', {
                    typed: disagreement.typed,
                    term: disagreement.term,
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <Button size="sm" variant="secondary" onClick={dismiss}>
        {t('Offline.Dismiss')}
      </Button>
    </div>
  );
}
