import type { ReactNode } from 'react';
import { cx } from '../../../shared/lib/classNames';
import { TABULAR_NUMS } from '../../../shared/ui';
import styles from './FactList.module.css';

export interface Fact {
  id: string;
  label: string;
  value: ReactNode;
}

interface FactListProps {
  facts: readonly Fact[];
  /** Names the list for screen readers when no heading does. */
  'aria-label'?: string;
  className?: string;
}

/** Label–value pairs (a description list); values use tabular numerals so figures line up. */
export function FactList({ facts, 'aria-label': label, className }: FactListProps) {
  return (
    <dl className={cx(styles.list, className)} aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.id} className={styles.row} data-fact={fact.id}>
          <dt className={styles.label}>{fact.label}</dt>
          <dd className={cx(styles.value, TABULAR_NUMS)}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
