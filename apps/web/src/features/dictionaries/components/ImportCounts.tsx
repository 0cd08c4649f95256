import { TABULAR_NUMS } from '../../../shared/ui';
import styles from '../screens/ImportPage.module.css';

export interface ImportCount {
  label: string;
  value: number;
  /** Drawn as a problem (the count of rows that will not be imported because of an error). */
  problem?: boolean;
}

/** The counts above an import preview (a file's rows, an Anki package's notes): label and number. */
export function ImportCounts({ counts, testId }: { counts: ImportCount[]; testId: string }) {
  return (
    <dl className={styles.counts} data-testid={testId}>
      {counts.map(({ label, value, problem }) => (
        <div key={label} className={problem && value > 0 ? styles.countError : undefined}>
          <dt>{label}</dt>
          <dd className={TABULAR_NUMS}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
