import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, TABULAR_NUMS } from '../../../shared/ui';
import styles from './LoadMore.module.css';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  loaded: number;
  total: number;
  onLoadMore: () => void;
  /** Load as the sentinel scrolls into view; the button is always there as well. */
  auto?: boolean;
  label: string;
}

/**
 * The end of a paged list: loads the next page when the user scrolls near it (an
 * IntersectionObserver sentinel) or presses the button, and announces progress politely.
 */
export function LoadMore({ hasMore, loading, loaded, total, onLoadMore, auto = true, label }: LoadMoreProps) {
  const { t } = useTranslation();
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!auto || !sentinel || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    // A new observer per page: if the sentinel is still in view once a page has arrived
    // (a tall screen), its first report loads the next one.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [auto, hasMore, loading, loaded, onLoadMore]);

  let status = '';
  if (loading) status = t('Dictionaries.LoadingMore');
  else if (hasMore) status = t('Dictionaries.Shown', { loaded, total });
  else if (loaded > 0) status = t('Dictionaries.NoMoreWords');

  return (
    <div className={styles.footer}>
      <div ref={sentinelRef} className={styles.sentinel} aria-hidden="true" />
      <p role="status" aria-live="polite" className={`${styles.status} ${TABULAR_NUMS}`}>
        {loading && <Spinner size="sm" />}
        {status}
      </p>
      {hasMore && (
        <Button variant="secondary" onClick={onLoadMore} busy={loading}>
          {label}
        </Button>
      )}
    </div>
  );
}
