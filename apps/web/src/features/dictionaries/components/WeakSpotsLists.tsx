import type { ContentLanguage, WeakSpots } from '@wordhoard/shared';
import { PenLine, Pause, RotateCcw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { dirOf } from '../../../shared/languages/contentLanguages';
import { Button, TABULAR_NUMS, VISUALLY_HIDDEN } from '../../../shared/ui';
import { WordMarkBadge } from '../../../shared/ui/WordMarkBadge/WordMarkBadge';
import { useDateFormatter } from '../lib/languages';
import { editWordPath } from '../paths';
import styles from './WeakSpotsSection.module.css';

/** The four lists of the weak spots section (docs/decisions/0049-weak-spots.md). */

export interface WeakSpotsLanguages {
  from: ContentLanguage;
  to: ContentLanguage;
}

type WordRef = { wordId: string; term: string };

/** The words lapsed often enough to be leeches: rewrite or suspend each. */
export function LeechesGroup({
  dictionaryId,
  languages,
  leeches,
  threshold,
  busy,
  onSuspend,
}: {
  dictionaryId: string;
  languages: WeakSpotsLanguages;
  leeches: WeakSpots['leeches'];
  threshold: number;
  busy: (wordId: string) => boolean;
  onSuspend: (word: WordRef) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group title={t('WeakSpots.LeechesTitle')} lead={t('WeakSpots.LeechesLead', { count: threshold })}>
      <ul className={styles.list}>
        {leeches.map((leech) => (
          <li key={leech.wordId} className={styles.item}>
            <p className={styles.line}>
              <span lang={languages.from} dir={dirOf(languages.from)} className={styles.term}>
                {leech.term}
              </span>{' '}
              <WordMarkBadge kind="leech">{t('WeakSpots.Leech', { count: leech.lapses })}</WordMarkBadge>
            </p>
            <div className={styles.itemActions}>
              <RewriteButton dictionaryId={dictionaryId} word={leech} />
              <Button
                variant="ghost"
                size="sm"
                icon={<Pause />}
                data-word-id={leech.wordId}
                data-action="suspend"
                aria-label={t('WeakSpots.SuspendLabel', { term: leech.term })}
                busy={busy(leech.wordId)}
                onClick={() => onSuspend(leech)}
              >
                {t('WeakSpots.Suspend')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Group>
  );
}

/** The definitions missed most, with how often and when last. */
export function MissedDefinitionsGroup({
  languages,
  definitions,
}: {
  languages: WeakSpotsLanguages;
  definitions: WeakSpots['definitions'];
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <Group title={t('WeakSpots.MissedTitle')} lead={t('WeakSpots.MissedLead')}>
      <ul className={styles.list}>
        {definitions.map((entry) => (
          <li key={`${entry.wordId}:${String(entry.reversed)}:${entry.definition}`} className={styles.item}>
            {entry.reversed ? (
              // Asked the other way round: the definitions were shown, the term expected.
              <p className={styles.line}>
                <span lang={languages.from} dir={dirOf(languages.from)} className={styles.term}>
                  {entry.term}
                </span>{' '}
                <span className={styles.direction}>({t('Dictionaries.Progress.DueSwapped')})</span>
              </p>
            ) : (
              <p className={styles.line}>
                <span lang={languages.from} dir={dirOf(languages.from)} className={styles.term}>
                  {entry.term}
                </span>{' '}
                <Arrow symbol="→" text={t('WeakSpots.AnswerIs')} />{' '}
                <span lang={languages.to} dir={dirOf(languages.to)}>
                  {entry.definition}
                </span>
              </p>
            )}
            <p className={cx(styles.meta, TABULAR_NUMS)}>
              <span>{t('WeakSpots.Misses', { count: entry.misses })}</span>
              <span>{t('WeakSpots.Lapses', { count: entry.lapses })}</span>
              <span>{t('WeakSpots.LastMissed', { date: formatDate(entry.lastMissAt) })}</span>
            </p>
          </li>
        ))}
      </ul>
    </Group>
  );
}

/** The pairs of words mixed up, with how often. */
export function ConfusionsGroup({
  languages,
  confusions,
}: {
  languages: WeakSpotsLanguages;
  confusions: WeakSpots['confusions'];
}) {
  const { t } = useTranslation();
  return (
    <Group title={t('WeakSpots.ConfusionsTitle')} lead={t('WeakSpots.ConfusionsLead')}>
      <ul className={styles.list}>
        {confusions.map(({ words: [first, second], times }) => (
          <li key={`${first.wordId}:${second.wordId}`} className={styles.item}>
            <p className={styles.line}>
              <span lang={languages.from} dir={dirOf(languages.from)} className={styles.term}>
                {first.term}
              </span>{' '}
              <Arrow symbol="↔" text={t('WeakSpots.And')} />{' '}
              <span lang={languages.from} dir={dirOf(languages.from)} className={styles.term}>
                {second.term}
              </span>
            </p>
            <p className={cx(styles.meta, TABULAR_NUMS)}>{t('WeakSpots.MixedUp', { count: times })}</p>
          </li>
        ))}
      </ul>
    </Group>
  );
}

/** The suspended words, to resume (and rewrite, if they were leeches). */
export function SuspendedGroup({
  dictionaryId,
  languages,
  suspended,
  lapsesOf,
  busy,
  onResume,
}: {
  dictionaryId: string;
  languages: WeakSpotsLanguages;
  suspended: WeakSpots['suspended'];
  lapsesOf: ReadonlyMap<string, number>;
  busy: (wordId: string) => boolean;
  onResume: (word: WordRef) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group title={t('WeakSpots.SuspendedTitle')} lead={t('WeakSpots.SuspendedLead')}>
      <ul className={styles.list}>
        {suspended.map((word) => {
          const lapses = lapsesOf.get(word.wordId);
          return (
            <li key={word.wordId} className={styles.item}>
              <p className={styles.line}>
                <span lang={languages.from} dir={dirOf(languages.from)} className={styles.term}>
                  {word.term}
                </span>{' '}
                {lapses !== undefined && (
                  <WordMarkBadge kind="leech">{t('WeakSpots.Leech', { count: lapses })}</WordMarkBadge>
                )}
              </p>
              <div className={styles.itemActions}>
                {lapses !== undefined && <RewriteButton dictionaryId={dictionaryId} word={word} />}
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<RotateCcw />}
                  data-word-id={word.wordId}
                  data-action="resume"
                  aria-label={t('WeakSpots.ResumeLabel', { term: word.term })}
                  busy={busy(word.wordId)}
                  onClick={() => onResume(word)}
                >
                  {t('WeakSpots.Resume')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Group>
  );
}

/** Opens a weak word in the editor, to write its definitions another way. */
function RewriteButton({ dictionaryId, word }: { dictionaryId: string; word: WordRef }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={<PenLine />}
      to={editWordPath(dictionaryId, word.wordId)}
      aria-label={t('WeakSpots.RewriteLabel', { term: word.term })}
    >
      {t('WeakSpots.Rewrite')}
    </Button>
  );
}

/** A symbol between two words, read out as the word it stands for. */
function Arrow({ symbol, text }: { symbol: string; text: string }) {
  return (
    <>
      <span aria-hidden="true">{symbol}</span>
      <span className={VISUALLY_HIDDEN}>{text}</span>
    </>
  );
}

function Group({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.group}>
      <h3 id={id} className={styles.groupTitle}>
        {title}
      </h3>
      <p className={styles.lead}>{lead}</p>
      {children}
    </section>
  );
}
