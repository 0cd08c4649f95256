import { Check } from 'lucide-react';
import { useId } from 'react';
import { cx } from '../../lib/classNames';
import styles from './SegmentedControl.module.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** This one choice is unavailable (say why in the control's hint). */
  disabled?: boolean;
}

export interface SegmentedControlProps<T extends string> {
  /** The visible name of the group (a <legend>). */
  legend: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  /** The radios' shared name; one is generated when omitted. */
  name?: string;
  disabled?: boolean;
  hint?: string;
  className?: string;
}

/**
 * A small set of mutually exclusive choices shown side by side. It is a native radio group in
 * a fieldset, so Tab enters it at the chosen option and the arrow keys change the choice; the
 * chosen segment carries a check mark, not only a different colour.
 */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
  onBlur,
  name,
  disabled,
  hint,
  className,
}: SegmentedControlProps<T>) {
  const autoId = useId();
  const groupName = name ?? autoId;
  const hintId = `${autoId}-hint`;
  return (
    <fieldset
      className={cx(styles.group, className)}
      disabled={disabled}
      aria-describedby={hint ? hintId : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.track}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cx(styles.segment, checked && styles.checked, option.disabled && styles.unavailable)}
            >
              <input
                type="radio"
                className={styles.input}
                name={groupName}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
              />
              {checked && <Check className={styles.mark} aria-hidden="true" />}
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}
