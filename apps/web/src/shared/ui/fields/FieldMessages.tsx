import { CircleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMessageTranslator } from '../../i18n/messages';
import styles from './fields.module.css';

/** The ids a control lists in aria-describedby, and whether it is invalid. */
export function describedBy(hintId: string, errorId: string, hint: ReactNode, error: string | undefined) {
  const ids = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined } as const;
}

interface FieldMessagesProps {
  hintId: string;
  errorId: string;
  hint?: ReactNode;
  /** A message or an encoded i18n key from the shared validation rules. */
  error?: string;
}

export function FieldMessages({ hintId, errorId, hint, error }: FieldMessagesProps) {
  const translate = useMessageTranslator();
  return (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          <CircleExclamationPoint aria-hidden="true" />
          <span>{translate(error)}</span>
        </p>
      )}
    </>
  );
}
