import { Search } from 'lucide-react';
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from '../../lib/classNames';
import { FieldMessages, describedBy } from '../fields/FieldMessages';
import fieldStyles from '../fields/fields.module.css';
import { Spinner } from '../Spinner/Spinner';
import styles from './SearchField.module.css';

export interface SearchFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'children'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A message or an encoded i18n key from the shared validation rules. */
  error?: string;
  /** Shows a small spinner while the results for the typed text load. */
  busy?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled search box in a search landmark; its error is announced with it. */
export function SearchField({
  label,
  value,
  onValueChange,
  error,
  busy = false,
  id,
  className,
  ...rest
}: SearchFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div role="search" className={cx(fieldStyles.field, className)}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.box}>
        <Search aria-hidden="true" className={styles.icon} />
        <input
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          {...rest}
          id={inputId}
          type="search"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className={cx(fieldStyles.control, styles.input)}
          {...describedBy(hintId, errorId, undefined, error)}
        />
        {busy && (
          <span className={styles.busy}>
            <Spinner size="sm" />
          </span>
        )}
      </div>
      <FieldMessages hintId={hintId} errorId={errorId} error={error} />
    </div>
  );
}
