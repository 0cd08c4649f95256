import { useMutation } from '@tanstack/react-query';
import type { AnswerResult } from '@wordhoard/shared';
import { BookPlus, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useShowNextWord, useTestingCalls } from '../api/testingApi';
import type { CheckState } from '../lib/navigationState';
import { newAttemptId } from '../lib/submissions';
import { useActiveTest } from '../lib/useActiveTest';
import { wordView } from '../lib/wordView';
import { useReportUnexpected } from '../../../shared/hooks/useReportUnexpected';
import styles from '../screens/CheckPage.module.css';

interface OverridePanelProps {
  check: CheckState;
  /** The override was accepted: the word moved on as after a right answer. */
  onAccepted: (result: AnswerResult) => void;
  accepted: boolean;
}

/**
 * "I was right" under a wrong check (once per answer): the server accepts the typed answer as
 * the nearest definition; then the typed answer can be added to the word's definitions, so the
 * next test accepts it at once (docs/decisions/0047-overriding-a-grade.md).
 */
export function OverridePanel({ check, onAccepted, accepted }: OverridePanelProps) {
  const { t } = useTranslation();
  const calls = useTestingCalls();
  const showNextWord = useShowNextWord();
  // The word's own dictionary and direction (a test may mix them), else the test's.
  const view = wordView(check, useActiveTest());
  const reportUnexpected = useReportUnexpected();
  const hintId = useId();
  const [attemptId] = useState(newAttemptId);
  const typed = check.result.answer;

  const override = useMutation({
    mutationFn: () =>
      calls.overrideAnswer({
        position: check.position,
        wordId: check.wordId,
        attemptId,
        overrides: check.attemptId ?? '',
      }),
    onSuccess: async (result) => {
      if (result.next) await showNextWord(result.next);
      onAccepted(result);
    },
    onError: reportUnexpected,
  });
  const dictionaryId = view.dictionaryId ?? undefined;
  const addDefinition = useMutation({
    mutationFn: () => calls.addDefinition(dictionaryId ?? '', check.wordId, typed),
    onError: reportUnexpected,
  });

  if (!check.attemptId || typed === '') return null;
  if (!accepted) {
    return (
      <div className={styles.override}>
        <Button
          variant="ghost"
          icon={<ThumbsUp />}
          aria-describedby={hintId}
          busy={override.isPending}
          onClick={() => override.mutate()}
        >
          {t('Testing.Check.IWasRight')}
        </Button>
        <p id={hintId} className={styles.hint}>
          {t('Testing.Check.IWasRightHint')}
        </p>
      </div>
    );
  }
  // A swapped test's answer is a term: it is no definition to add.
  const canAdd = dictionaryId !== undefined && !view.swapped;
  // The screen's verdict says the answer now counts as right; what is left is adding it.
  if (!canAdd) return null;
  return (
    <div className={styles.override}>
      {addDefinition.isSuccess ? (
        <Notice tone="success">
          {t('Testing.Check.DefinitionAdded', { answer: typed, term: check.term })}
        </Notice>
      ) : (
        <Button
          variant="secondary"
          icon={<BookPlus />}
          busy={addDefinition.isPending}
          onClick={() => addDefinition.mutate()}
        >
          {t('Testing.Check.AddDefinition', { answer: typed })}
        </Button>
      )}
    </div>
  );
}
