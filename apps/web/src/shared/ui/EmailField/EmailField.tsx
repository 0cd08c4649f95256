import { TextField, type TextFieldProps } from '../fields/TextField';

export type EmailFieldProps = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'
>;

/** An email field with the keyboard, autofill and no-autocorrect settings every form wants. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}
