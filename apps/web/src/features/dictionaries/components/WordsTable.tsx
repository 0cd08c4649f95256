import type { ContentLanguage, ListedWord } from '@wordhoard/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { TABULAR_NUMS } from '../../../shared/ui';
import { SpeakButton } from '../../../shared/ui/SpeakButton/SpeakButton';
import { WordMarkBadge } from '../../../shared/ui/WordMarkBadge/WordMarkBadge';
import styles from './WordsTable.module.css';
import { dirOf } from '../../../shared/languages/contentLanguages';

interface WordsTableProps {
  /** The loaded pages of words, in order; each page is rendered as one block. */
  pages: readonly (readonly ListedWord[])[];
  /** All words the current filter matches, loaded or not. */
  total: number;
  label: string;
  busy?: boolean;
  /** The languages of the terms and of the definitions, for reading them aloud. */
  languages?: { from: ContentLanguage; to: ContentLanguage };
  /** The ids of the dictionary's leeches, marked with a badge (docs/decisions/0049-weak-spots.md). */
  leechIds?: ReadonlySet<string>;
}

type Languages = WordsTableProps['languages'];

/** The longest side of a picture in the list, in CSS pixels. */
const THUMBNAIL_SIDE = 40;

/** A thumbnail's size, the picture's proportions kept: set up front, so nothing shifts as it loads. */
export function thumbnailSize(picture: { width: number; height: number }): { width: number; height: number } {
  const longest = Math.max(picture.width, picture.height, 1);
  const scale = Math.min(1, THUMBNAIL_SIDE / longest);
  return {
    width: Math.max(1, Math.round(picture.width * scale)),
    height: Math.max(1, Math.round(picture.height * scale)),
  };
}

const NO_LEECHES: ReadonlySet<string> = new Set();

/**
 * The words with columns #, term and definitions, as an ARIA table built from grid rows.
 * Each loaded page is one row group that the browser skips entirely while it is off screen
 * (content-visibility on 125 groups rather than 5,000 rows), and every group is memoised, so
 * with thousands of words loaded, scrolling, appending a page and typing in the search box
 * cost about what they cost with one page.
 */
export const WordsTable = memo(function WordsTable({
  pages,
  total,
  label,
  busy = false,
  languages,
  leechIds = NO_LEECHES,
}: WordsTableProps) {
  const { t } = useTranslation();
  let offset = 0;
  return (
    <div
      role="table"
      aria-label={label}
      aria-rowcount={total + 1}
      aria-busy={busy}
      className={cx(styles.table, busy && styles.busy)}
      data-testid="words-table"
    >
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={cx(styles.row, styles.head)}>
          <span role="columnheader" className={styles.number}>
            {t('Dictionaries.Column.Number')}
          </span>
          <span role="columnheader" className={styles.term}>
            {t('Dictionaries.Column.Term')}
          </span>
          <span role="columnheader" className={styles.definitions}>
            {t('Dictionaries.Column.Definitions')}
          </span>
        </div>
      </div>
      {pages.map((words) => {
        const first = offset + 1;
        offset += words.length;
        return (
          <WordGroup
            key={words[0]?.id ?? first}
            words={words}
            first={first}
            languages={languages}
            leechIds={leechIds}
          />
        );
      })}
    </div>
  );
});

/** One page of rows, the first of them row `first` of the list. */
const WordGroup = memo(function WordGroup({
  words,
  first,
  languages,
  leechIds,
}: {
  words: readonly ListedWord[];
  first: number;
  languages: Languages;
  leechIds: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="rowgroup"
      className={styles.group}
      // Until it is first shown, a group is assumed to be as tall as its rows at one line each.
      style={{ containIntrinsicBlockSize: `auto ${words.length * 3}rem` }}
    >
      {words.map((word, index) => (
        <div
          key={word.id}
          role="row"
          aria-rowindex={first + index + 1}
          className={cx(styles.row, styles.body)}
        >
          {/* The word's own number (the order words were added), not its row: the same in every sort. */}
          <span role="cell" className={cx(styles.number, TABULAR_NUMS)}>
            {word.number}
          </span>
          <span role="cell" className={styles.term}>
            {word.picture && (
              <img
                src={word.picture.url}
                alt={word.term}
                {...thumbnailSize(word.picture)}
                loading="lazy"
                decoding="async"
                className={styles.thumb}
                data-testid="word-picture"
              />
            )}
            <span lang={languages?.from} dir={dirOf(languages?.from)}>
              {word.term}
            </span>
            {(languages || word.audio) && (
              <SpeakButton
                text={word.term}
                lang={languages?.from}
                audioUrl={word.audio?.url}
                className={styles.speak}
              />
            )}
            {leechIds.has(word.id) && (
              <WordMarkBadge kind="leech" className={styles.badge}>
                {t('WeakSpots.LeechBadge')}
              </WordMarkBadge>
            )}
            {word.suspended && (
              <WordMarkBadge kind="suspended" className={styles.badge}>
                {t('WeakSpots.SuspendedBadge')}
              </WordMarkBadge>
            )}
          </span>
          <span role="cell" className={styles.definitions}>
            <span lang={languages?.to} dir={dirOf(languages?.to)}>
              {word.definitions.join(', ')}
            </span>
            {languages && (
              <SpeakButton text={word.definitions.join(', ')} lang={languages.to} className={styles.speak} />
            )}
          </span>
        </div>
      ))}
    </div>
  );
});
