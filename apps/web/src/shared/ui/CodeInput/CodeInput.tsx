import { VERIFICATION_CODE_LENGTH } from '@wordhoard/shared';
import type { ChangeEvent } from 'react';
import { cx } from '../../lib/classNames';
import { TextField, type TextFieldProps } from '../fields/TextField';
import styles from './CodeInput.module.css';

export interface CodeInputProps extends Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength'
> {
  /** How many digits the code has. */
  length?: number;
}

/** Keeps only the digits of `value`, at most `length` of them. */
export function digitsOnly(value: string, length: number = VERIFICATION_CODE_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/**
 * A one-time code field: the numeric keypad on phones, the code offered from an SMS or mail by
 * the platform (autocomplete one-time-code), and anything but digits dropped as it is typed or
 * pasted, keeping at most `length` of them. There is no maxlength: the browser would cut a pasted
 * "123 456" before the spaces are dropped. Works with register(): the form reads the clean value.
 */
export function CodeInput({
  length = VERIFICATION_CODE_LENGTH,
  onChange,
  className,
  ...rest
}: CodeInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const cleaned = digitsOnly(input.value, length);
    if (cleaned !== input.value) input.value = cleaned;
    onChange?.(event);
  };
  return (
    <TextField
      spellCheck={false}
      enterKeyHint="done"
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      onChange={handleChange}
      className={cx(styles.code, className)}
    />
  );
}
