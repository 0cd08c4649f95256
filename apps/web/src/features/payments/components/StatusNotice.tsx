import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../../shared/lib/classNames';
import styles from './StatusNotice.module.css';

export type StatusTone = 'info' | 'success' | 'warning';

interface StatusNoticeProps {
  /** Nothing is shown while null; the live region itself is always there. */
  message: ReactNode | null;
  tone?: StatusTone;
  className?: string;
  'data-testid'?: string;
}

const ICONS = { info: Info, success: CircleCheck, warning: TriangleAlert } as const;

/**
 * The outcome of an action on this screen ("Your subscription is cancelled"). The polite live
 * region is rendered from the start and only its content changes, so screen readers announce
 * each new message reliably; the icon and the wording carry the tone, not the colour alone.
 */
export function StatusNotice({
  message,
  tone = 'info',
  className,
  'data-testid': testId,
}: StatusNoticeProps) {
  const Icon = ICONS[tone];
  return (
    <div aria-live="polite" aria-atomic="true" className={className} data-testid={testId}>
      {message !== null && (
        <p className={cx(styles.notice, styles[tone])}>
          <Icon aria-hidden="true" />
          <span>{message}</span>
        </p>
      )}
    </div>
  );
}
