import type { DictionariesSort, SortDirection, WordsSort } from '@wordhoard/shared';
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Select } from '../../../shared/ui';
import { naturalDirection, type Sorting } from '../lib/sorting';
import styles from './SortControls.module.css';

interface SortControlsProps<S extends DictionariesSort | WordsSort> {
  sorts: readonly S[];
  /** The name of each sort in the interface language. */
  sortLabel: (sort: S) => string;
  value: Sorting<S>;
  onChange: (next: Sorting<S>) => void;
}

/**
 * What a list is sorted by, and a button that flips the direction. A newly picked sort starts
 * in its natural direction (names A→Z, dates newest first).
 */
export function SortControls<S extends DictionariesSort | WordsSort>({
  sorts,
  sortLabel,
  value,
  onChange,
}: SortControlsProps<S>) {
  const { t } = useTranslation();
  const directionLabelId = useId();
  const ascending = value.direction === 1;
  const directionName = ascending ? t('Dictionaries.Ascending') : t('Dictionaries.Descending');
  const flipped: SortDirection = ascending ? -1 : 1;

  return (
    <div className={styles.controls}>
      <Select
        label={t('Dictionaries.SortBy')}
        className={styles.sort}
        value={value.sort}
        options={sorts.map((sort) => ({ value: sort, label: sortLabel(sort) }))}
        onChange={(event) => {
          const sort = sorts.find((candidate) => candidate === event.target.value);
          if (sort && sort !== value.sort) onChange({ sort, direction: naturalDirection(sort) });
        }}
      />
      <div className={styles.direction}>
        <span id={directionLabelId} className={styles.label}>
          {t('Dictionaries.Direction')}
        </span>
        <Button
          variant="secondary"
          aria-describedby={directionLabelId}
          aria-label={t('Dictionaries.DirectionToggle', { direction: directionName })}
          icon={ascending ? <ArrowUpNarrowWide /> : <ArrowDownWideNarrow />}
          onClick={() => onChange({ sort: value.sort, direction: flipped })}
        >
          {directionName}
        </Button>
      </div>
    </div>
  );
}
