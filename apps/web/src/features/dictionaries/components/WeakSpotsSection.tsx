import type { WeakSpots } from '@wordhoard/shared';
import { ArrowLeftRight, Target } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testLanguages } from '../../../shared/testing/activeTest';
import { StartProblemText } from '../../../shared/testing/StartProblemText';
import { useStartTest } from '../../../shared/testing/useStartTest';
import { Button, Card } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { Problem } from '../../../shared/ui/Problem/Problem';
import { useSuspendWord } from '../../../shared/api/suspendWord';
import styles from './WeakSpotsSection.module.css';
import {
  ConfusionsGroup,
  LeechesGroup,
  MissedDefinitionsGroup,
  SuspendedGroup,
  type WeakSpotsLanguages,
} from './WeakSpotsLists';

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
  languages: WeakSpotsLanguages;
  spots: WeakSpots;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const problemId = useId();
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
          <LeechesGroup
            dictionaryId={dictionaryId}
            languages={languages}
            leeches={leeches}
            threshold={spots.leechThreshold}
            busy={busy}
            onSuspend={(word) => toggle(word.wordId, word.term, true)}
          />
        )}
        {spots.definitions.length > 0 && (
          <MissedDefinitionsGroup languages={languages} definitions={spots.definitions} />
        )}
        {spots.confusions.length > 0 && (
          <ConfusionsGroup languages={languages} confusions={spots.confusions} />
        )}
        {spots.suspended.length > 0 && (
          <SuspendedGroup
            dictionaryId={dictionaryId}
            languages={languages}
            suspended={spots.suspended}
            lapsesOf={lapsesOf}
            busy={busy}
            onResume={(word) => toggle(word.wordId, word.term, false)}
          />
        )}
      </div>
    </Card>
  );
}
