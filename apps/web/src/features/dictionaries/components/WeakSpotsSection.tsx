import type { ContentLanguage, WeakSpots } from '@wordhoard/shared';
import { ArrowLeftRight, PenLine, Pause, RotateCcw, Target } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { testLanguages } from '../../../shared/testing/activeTest';
import { StartProblemText } from '../../../shared/testing/StartProblemText';
import { useStartTest } from '../../../shared/testing/useStartTest';
import { Button, Card, TABULAR_NUMS, VISUALLY_HIDDEN } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { Problem } from '../../../shared/ui/Problem/Problem';
import { WordMarkBadge } from '../../../shared/ui/WordMarkBadge/WordMarkBadge';
import { useSuspendWord } from '../../../shared/api/suspendWord';
import { useDateFormatter } from '../lib/languages';
import { editWordPath } from '../paths';
import styles from './WeakSpotsSection.module.css';
import { dirOf } from '../../../shared/languages/contentLanguages';

interface Languages {
  from: ContentLanguage;
  to: ContentLanguage;
}

/** Whether the weak spots hold anything to show: the section is left out otherwise. */
export function hasWeakSpots(spots: WeakSpots | undefined): spots is WeakSpots {
  return (
    spots !== undefined &&
    (spots.definitions.length > 0 ||
      spots.leeches.length > 0 ||
      spots.confusions.length > 0 ||
      spots.suspended.length > 0)
  );
}

/** What was last suspended or resumed: told in a live region, and where focus goes next. */
interface Change {
  wordId: string;
  term: string;
  suspended: boolean;
}

/**
 * The dictionary's weak spots (docs/decisions/0049-weak-spots.md): its leeches, to rewrite or
 * suspend; the definitions missed most; the pairs of words mixed up; the suspended words, to
 * resume; and a test of the weak definitions or of the confusion pairs.
 */
export function WeakSpotsSection({
  dictionaryId,
  languages,
  spots,
}: {
  dictionaryId: string;
  languages: Languages;
  spots: WeakSpots;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const problemId = useId();
  const formatDate = useDateFormatter();
  const { start, isPending, problem, resetsAt } = useStartTest();
  const suspension = useSuspendWord();
  const [change, setChange] = useState<Change | null>(null);
  const focusNext = useRef<(Change & { before: WeakSpots }) | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const leeches = spots.leeches.filter((leech) => !leech.suspended);
  const lapsesOf = new Map(spots.leeches.map((leech) => [leech.wordId, leech.lapses]));

  // The button pressed moves to the other list (Suspend → Resume): focus follows it there once
  // the fresh lists are on screen, or goes to the section's heading when the word left them.
  useEffect(() => {
    const target = focusNext.current;
    if (!target || target.before === spots) return;
    focusNext.current = null;
    const action = target.suspended ? 'resume' : 'suspend';
    const next = document.querySelector<HTMLElement>(
      `[data-word-id="${target.wordId}"][data-action="${action}"]`,
    );
    (next ?? headingRef.current)?.focus();
  }, [change, spots]);

  const toggle = (wordId: string, term: string, suspended: boolean) => {
    // Only the clicked word's button is busy; the others' would start a second change.
    if (suspension.isPending) return;
    suspension.mutate(
      { dictionaryId, wordId, suspended },
      {
        onSuccess: () => {
          focusNext.current = { wordId, term, suspended, before: spots };
          setChange({ wordId, term, suspended });
        },
      },
    );
  };
  const practise = (range: { type: 'weak' } | { type: 'confusions' }) => {
    start({
      options: { dictionaryId, swap: false, range },
      languages: testLanguages({ fromLanguage: languages.from, toLanguage: languages.to }, false),
    });
  };
  const busy = (wordId: string) => suspension.isPending && suspension.variables.wordId === wordId;

  return (
    <Card as="section" aria-labelledby={headingId} className={styles.section}>
      <div className={styles.head}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {t('WeakSpots.Title')}
        </h2>
        <p className={styles.lead}>{t('WeakSpots.Lead')}</p>
      </div>

      <div className={styles.start}>
        {(spots.definitions.length > 0 || spots.confusions.length > 0) && (
          <div className={styles.actions}>
            {spots.definitions.length > 0 && (
              <Button
                variant="secondary"
                icon={<Target />}
                busy={isPending}
                aria-describedby={problem ? problemId : undefined}
                onClick={() => practise({ type: 'weak' })}
              >
                {t('WeakSpots.PractiseWeak')}
              </Button>
            )}
            {spots.confusions.length > 0 && (
              <Button
                variant="secondary"
                icon={<ArrowLeftRight />}
                busy={isPending}
                aria-describedby={problem ? problemId : undefined}
                onClick={() => practise({ type: 'confusions' })}
              >
                {t('WeakSpots.PractiseConfusions')}
              </Button>
            )}
          </div>
        )}
        <div id={problemId} role="alert">
          {problem && (
            <Problem>
              <StartProblemText problem={problem} resetsAt={resetsAt} />
            </Problem>
          )}
        </div>
      </div>
      {change && (
        <Notice tone="success">
          {change.suspended
            ? t('WeakSpots.SuspendedNotice', { term: change.term })
            : t('WeakSpots.ResumedNotice', { term: change.term })}
        </Notice>
      )}

      <div className={styles.groups}>
        {leeches.length > 0 && (
          <Group
            title={t('WeakSpots.LeechesTitle')}
            lead={t('WeakSpots.LeechesLead', { count: spots.leechThreshold })}
          >
            <ul className={styles.list}>
              {leeches.map((leech) => (
                <li key={leech.wordId} className={styles.item}>
                  <p className={styles.line}>
                    <span lang={languages.from} dir={dirOf(languages.from)} className={styles.term}>
                      {leech.term}
                    </span>{' '}
                    <WordMarkBadge kind="leech">
                      {t('WeakSpots.Leech', { count: leech.lapses })}
                    </WordMarkBadge>
                  </p>
                  <div className={styles.itemActions}>
                    <Button
                      variant="secondary"
                      size="sm"
                      icon={<PenLine />}
                      to={editWordPath(dictionaryId, leech.wordId)}
                      aria-label={t('WeakSpots.RewriteLabel', { term: leech.term })}
                    >
                      {t('WeakSpots.Rewrite')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<Pause />}
                      data-word-id={leech.wordId}
                      data-action="suspend"
                      aria-label={t('WeakSpots.SuspendLabel', { term: leech.term })}
                      busy={busy(leech.wordId)}
                      onClick={() => toggle(leech.wordId, leech.term, true)}
                    >
                      {t('WeakSpots.Suspend')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </Group>
        )}

        {spots.definitions.length > 0 && (
          <Group title={t('WeakSpots.MissedTitle')} lead={t('WeakSpots.MissedLead')}>
            <ul className={styles.list}>
              {spots.definitions.map((entry) => (
                <li
                  key={`${entry.wordId}:${String(entry.reversed)}:${entry.definition}`}
                  className={styles.item}
                >
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
        )}

        {spots.confusions.length > 0 && (
          <Group title={t('WeakSpots.ConfusionsTitle')} lead={t('WeakSpots.ConfusionsLead')}>
            <ul className={styles.list}>
              {spots.confusions.map(({ words: [first, second], times }) => (
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
        )}

        {spots.suspended.length > 0 && (
          <Group title={t('WeakSpots.SuspendedTitle')} lead={t('WeakSpots.SuspendedLead')}>
            <ul className={styles.list}>
              {spots.suspended.map((word) => {
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
                      {lapses !== undefined && (
                        <Button
                          variant="secondary"
                          size="sm"
                          icon={<PenLine />}
                          to={editWordPath(dictionaryId, word.wordId)}
                          aria-label={t('WeakSpots.RewriteLabel', { term: word.term })}
                        >
                          {t('WeakSpots.Rewrite')}
                        </Button>
                      )}
                      <Button
                        variant="secondary"
                        size="sm"
                        icon={<RotateCcw />}
                        data-word-id={word.wordId}
                        data-action="resume"
                        aria-label={t('WeakSpots.ResumeLabel', { term: word.term })}
                        busy={busy(word.wordId)}
                        onClick={() => toggle(word.wordId, word.term, false)}
                      >
                        {t('WeakSpots.Resume')}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </Group>
        )}
      </div>
    </Card>
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
