import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/classNames';
import styles from './Spinner.module.css';

/** A decorative spinning ring; pair it with text, or use LoadingIndicator. */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return <span className={cx(styles.spinner, size === 'sm' && styles.sm)} aria-hidden="true" />;
}

interface LoadingIndicatorProps {
  /** What is loading; "Loading…" in the current language by default. */
  label?: string;
  'data-testid'?: string;
}

/** Announced to screen readers as a status; shown as a spinner with its label. */
export function LoadingIndicator({ label, 'data-testid': testId }: LoadingIndicatorProps) {
  const { t } = useTranslation();
  return (
    <div role="status" className={styles.indicator} data-testid={testId}>
      <Spinner />
      <span>{label ?? t('Common.Loading')}</span>
    </div>
  );
}
