import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { dirOf } from '../../../shared/languages/contentLanguages';
import styles from './ExampleList.module.css';

interface ExampleListProps {
  examples: readonly string[] | undefined;
  /** The language of the sentences: the term's. */
  lang?: string;
  /** The heading's level where the list is shown. */
  level?: 2 | 3;
  className?: string;
}

/** A word's example sentences under a heading, once its answer is known (decision 0060); nothing without any. */
export function ExampleList({ examples, lang, level = 2, className }: ExampleListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!examples?.length) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={cx(styles.section, className)} aria-labelledby={headingId} data-testid="examples">
      <Heading id={headingId} className={styles.heading}>
        {t('Testing.Examples.Title', { count: examples.length })}
      </Heading>
      <ul className={styles.list}>
        {examples.map((example) => (
          <li key={example} className={styles.item} lang={lang} dir={dirOf(lang)}>
            {example}
          </li>
        ))}
      </ul>
    </section>
  );
}
