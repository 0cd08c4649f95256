import type { ReactNode } from 'react';
import { cx } from '../../lib/classNames';
import styles from './EmptyState.module.css';

interface EmptyStateProps {
  title: string;
  /** A sentence that says what to do next. */
  children?: ReactNode;
  icon?: ReactNode;
  /** A button or link: the one way forward. */
  action?: ReactNode;
  /** `error`: something failed to load; announced to screen readers at once. */
  tone?: 'default' | 'error';
  /** The heading level that fits the screen's outline. */
  headingLevel?: 2 | 3;
  className?: string;
  'data-testid'?: string;
}

/** Fills a screen or list that has nothing to show: nothing yet, nothing found, or a failure. */
export function EmptyState({
  title,
  children,
  icon,
  action,
  tone = 'default',
  headingLevel = 2,
  className,
  'data-testid': testId,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cx(styles.empty, tone === 'error' && styles.error, className)}
      data-testid={testId}
    >
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
