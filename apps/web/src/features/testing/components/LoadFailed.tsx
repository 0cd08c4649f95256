import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '../../../shared/ui';
import styles from './LoadFailed.module.css';

/** A failed load with a way to try again (the reason is already in the error modal). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className={styles.card}>
      <p>{message}</p>
      <Button variant="secondary" icon={<RotateCcw />} onClick={onRetry}>
        {t('Common.Retry')}
      </Button>
    </Card>
  );
}
