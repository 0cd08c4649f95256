import type { ReactNode } from 'react';
import { cx } from '../../lib/classNames';
import styles from './Pill.module.css';

export type PillTone = 'success' | 'warning' | 'danger' | 'muted';

interface PillProps {
  tone: PillTone;
  /** Drawn at the text's size; the words carry the meaning, never the colour alone. */
  renderIcon: (className: string) => ReactNode;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A small status pill: icon and words in the tone's colour, outlined. */
export function Pill({ tone, renderIcon, children, className, 'data-testid': testId }: PillProps) {
  return (
    <span className={cx(styles.pill, styles[tone], className)} data-testid={testId}>
      {renderIcon(styles.icon ?? '')}
      {children}
    </span>
  );
}
