import type { ReactNode } from 'react';
import { cx } from '../../../shared/lib/classNames';
import { SpeakButton } from '../../../shared/ui/SpeakButton/SpeakButton';
import styles from './TermDisplay.module.css';
import { dirOf } from '../../../shared/languages/contentLanguages';

interface TermDisplayProps {
  /** What the word is: "Type the definitions of", "Word", … */
  label: string;
  term: string;
  /** The language of the term, when known (for screen readers and hyphenation). */
  lang?: string;
  size?: 'lg' | 'md';
  id?: string;
  /** Offer to read the term aloud (when the device has a voice for `lang`). */
  speak?: boolean;
  /** The speak button's keyboard shortcuts, in `aria-keyshortcuts` syntax. */
  speakKeyShortcuts?: string;
  /** A line under the term, part of what the prompt says (e.g. "not to be confused with …"). */
  note?: ReactNode;
  /** The word's recorded pronunciation, which the speak button plays first. */
  audioUrl?: string | null;
}

/** The asked word, large, with a small caption above it. */
export function TermDisplay({
  label,
  term,
  lang,
  size = 'lg',
  id,
  speak,
  speakKeyShortcuts,
  note,
  audioUrl,
}: TermDisplayProps) {
  return (
    <div className={styles.wrapper}>
      {/* The id names only the prompt: the speak button stays out of the field's description. */}
      <div id={id} className={styles.text}>
        <p className={styles.label}>{label}</p>
        <p className={cx(styles.term, size === 'md' && styles.md)} lang={lang} dir={dirOf(lang)}>
          {term}
        </p>
        {note && <p className={styles.note}>{note}</p>}
      </div>
      {speak && <SpeakButton text={term} lang={lang} keyShortcuts={speakKeyShortcuts} audioUrl={audioUrl} />}
    </div>
  );
}
