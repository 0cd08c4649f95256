import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../../lib/classNames';
import { FieldMessages, describedBy } from './FieldMessages';
import styles from './fields.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  /** May hold links, e.g. "I accept the <a>privacy policy</a>". */
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, hint, error, id, className, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.checkboxRow}>
        <input
          {...rest}
          id={inputId}
          type="checkbox"
          className={styles.checkbox}
          {...describedBy(hintId, errorId, hint, error)}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      <FieldMessages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}
