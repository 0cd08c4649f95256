import { cx } from '../../../shared/lib/classNames';
import styles from './TermDisplay.module.css';

interface TermDisplayProps {
  /** What the word is: "Type the definitions of", "Word", … */
  label: string;
  term: string;
  /** The language of the term, when known (for screen readers and hyphenation). */
  lang?: string;
  size?: 'lg' | 'md';
  id?: string;
}

/** The asked word, large, with a small caption above it. */
export function TermDisplay({ label, term, lang, size = 'lg', id }: TermDisplayProps) {
  return (
    <div className={styles.wrapper} id={id}>
      <p className={styles.label}>{label}</p>
      <p className={cx(styles.term, size === 'md' && styles.md)} lang={lang}>
        {term}
      </p>
    </div>
  );
}
