import { Check } from 'lucide-react';
import { cx } from '../../../shared/lib/classNames';
import styles from './AnswerList.module.css';
import { dirOf } from '../../../shared/languages/contentLanguages';

interface AnswerListProps {
  answers: readonly string[];
  /** The language the answers are in, when known. */
  lang?: string;
  /** Answers to mark with a check and this note (e.g. "already entered"). */
  marked?: readonly string[];
  markedNote?: string;
  className?: string;
  'aria-labelledby'?: string;
}

/** Definitions or typed answers as a wrapping list of chips. */
export function AnswerList({
  answers,
  lang,
  marked = [],
  markedNote,
  className,
  'aria-labelledby': labelledBy,
}: AnswerListProps) {
  return (
    <ul className={cx(styles.list, className)} aria-labelledby={labelledBy}>
      {answers.map((answer, index) => {
        const isMarked = marked.includes(answer);
        return (
          // Typed answers may repeat; the position keeps the keys apart.
          <li key={`${index}-${answer}`} className={cx(styles.item, isMarked && styles.marked)}>
            {isMarked && <Check className={styles.icon} aria-hidden="true" />}
            <span lang={lang} dir={dirOf(lang)}>
              {answer}
            </span>
            {isMarked && markedNote && <span className={styles.note}>({markedNote})</span>}
          </li>
        );
      })}
    </ul>
  );
}
