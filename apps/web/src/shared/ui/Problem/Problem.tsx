import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './Problem.module.css';

/**
 * Why an action cannot go on, next to it ("No attempts left today"). It is no live region of
 * its own: put it inside an always-rendered `role="alert"` element, so it is announced when it
 * appears.
 */
export function Problem({ children }: { children: ReactNode }) {
  return (
    <p className={styles.problem}>
      <CircleAlert className={styles.icon} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
