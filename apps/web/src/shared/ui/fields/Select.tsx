import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/classNames';
import { FieldMessages, describedBy } from './FieldMessages';
import styles from './fields.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  /**
   * The chosen option's label, for options too long for one line (e.g. dictionary names): the
   * closed control shows it whole, wrapped over as many lines as it needs, instead of the
   * platform's one cut-off line. The native select still takes every tap and key.
   */
  shownValue?: string;
}

/** A native select: the platform's own picker is the most usable one on phones. */
export function Select({ label, options, hint, error, id, className, shownValue, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const select = (selectClass: string) => (
    <select {...rest} id={selectId} className={selectClass} {...describedBy(hintId, errorId, hint, error)}>
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      {shownValue === undefined ? (
        select(cx(styles.control, styles.select))
      ) : (
        <div className={styles.wrapping}>
          {select(cx(styles.wrappingSelect))}
          <span
            className={cx(styles.control, styles.select, styles.wrappingValue)}
            aria-hidden="true"
            data-testid="select-value"
          >
            {shownValue}
          </span>
        </div>
      )}
      <FieldMessages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}
