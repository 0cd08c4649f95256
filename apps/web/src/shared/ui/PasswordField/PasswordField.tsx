import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/classNames';
import { FieldMessages, describedBy } from '../fields/FieldMessages';
import fieldStyles from '../fields/fields.module.css';
import styles from './PasswordField.module.css';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: string;
  /** `current-password` on sign-in, `new-password` where a password is chosen. */
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
  /** A message or an encoded i18n key from the shared validation rules. */
  error?: string;
  /** Further elements that describe the input, e.g. a PasswordChecklist's id. */
  extraDescribedBy?: string;
  /** Rendered under the input, e.g. the PasswordChecklist. */
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled password input with a show/hide toggle. Works with register(). */
export function PasswordField({
  label,
  hint,
  error,
  extraDescribedBy,
  id,
  className,
  children,
  ...rest
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const described = describedBy(hintId, errorId, hint, error);
  const ariaDescribedBy = [described['aria-describedby'], extraDescribedBy].filter(Boolean).join(' ');

  return (
    <div className={cx(fieldStyles.field, className)}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.wrapper}>
        <input
          spellCheck={false}
          autoCapitalize="off"
          {...rest}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={cx(fieldStyles.control, styles.input)}
          aria-invalid={described['aria-invalid']}
          aria-describedby={ariaDescribedBy || undefined}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={inputId}
          aria-pressed={visible}
          aria-label={t('Password.Show')}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </button>
      </div>
      <FieldMessages hintId={hintId} errorId={errorId} hint={hint} error={error} />
      {children}
    </div>
  );
}
