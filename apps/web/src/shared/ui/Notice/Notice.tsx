import { CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/classNames';
import styles from './Notice.module.css';

interface NoticeProps {
  tone?: 'info' | 'success';
  children: ReactNode;
  className?: string;
}

/**
 * A short message about what just happened ("A new code was sent"). It is a polite live region,
 * so screen readers announce it when it appears; errors go to the fields or the error modal.
 */
export function Notice({ tone = 'info', children, className }: NoticeProps) {
  return (
    <p role="status" className={cx(styles.notice, styles[tone], className)}>
      {tone === 'success' ? <CircleCheck aria-hidden="true" /> : <Info aria-hidden="true" />}
      <span>{children}</span>
    </p>
  );
}
