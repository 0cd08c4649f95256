import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/classNames';
import { FieldMessages, describedBy } from './FieldMessages';
import styles from './fields.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  hint?: ReactNode;
  /** A message or an encoded i18n key from the shared validation rules. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field whose hint and error are announced with it (as `TextField`). */
export function TextAreaField({ label, hint, error, id, className, rows = 3, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <textarea
        {...rest}
        id={inputId}
        rows={rows}
        className={cx(styles.control, styles.textarea)}
        {...describedBy(hintId, errorId, hint, error)}
      />
      <FieldMessages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}
