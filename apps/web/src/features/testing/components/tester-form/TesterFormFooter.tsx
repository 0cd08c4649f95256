import type { User } from '@wordhoard/shared';
import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../../shared/lib/classNames';
import { StartProblemText } from '../../../../shared/testing/StartProblemText';
import type { StartProblem } from '../../../../shared/testing/useStartTest';
import { Button, TABULAR_NUMS } from '../../../../shared/ui';
import { Problem } from '../../../../shared/ui/Problem/Problem';
import type { ChooseBy } from '../../lib/testerForm';
import styles from '../../screens/CreateTesterPage.module.css';

/** What to do about an empty test, by the source that came out empty. */
const EMPTY_TEST_HINTS = {
  weak: 'Testing.Create.EmptyWeakHint',
  confusions: 'Testing.Create.EmptyConfusionsHint',
} as const;

interface TesterFormFooterProps {
  user: User | null;
  /** Today's attempts left; undefined while loading or when it could not be loaded. */
  testsLeft: number | undefined;
  attemptsPending: boolean;
  attemptsId: string;
  problemId: string;
  /** Why the test cannot start, shown above the button. */
  shownProblem: StartProblem | null;
  /** With MAX_TESTS: when today's attempts come back. */
  resetsAt: string | undefined | null;
  /** The chosen source, whose empty test has its own hint. */
  by: ChooseBy;
  /** Cloze questions asked: an empty test needs example sentences. */
  cloze: boolean;
  canStart: boolean;
  isPending: boolean;
  describedBy: string;
}

/** Today's attempts, why a test cannot start, and the start button. */
export function TesterFormFooter({
  user,
  testsLeft,
  attemptsPending,
  attemptsId,
  problemId,
  shownProblem,
  resetsAt,
  by,
  cloze,
  canStart,
  isPending,
  describedBy,
}: TesterFormFooterProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.footer}>
      <p id={attemptsId} className={cx(styles.attempts, TABULAR_NUMS)}>
        {testsLeft === undefined
          ? attemptsPending && t('Common.Loading')
          : user
            ? t('Testing.Create.AttemptsLeftOf', { count: testsLeft, limit: user.limits.testsPerDay })
            : t('Testing.Create.AttemptsLeft', { count: testsLeft })}
      </p>
      {/* Always rendered, so a refusal of the start button is announced when it arrives. */}
      <div id={problemId} role="alert">
        {shownProblem && (
          <Problem>
            <StartProblemText problem={shownProblem} resetsAt={resetsAt} />
            {shownProblem === 'EMPTY_TEST' && (
              <span className={styles.problemHint}>
                {' '}
                {t(
                  by === 'weak' || by === 'confusions'
                    ? EMPTY_TEST_HINTS[by]
                    : cloze
                      ? 'Testing.Create.EmptyClozeHint'
                      : 'Testing.Create.EmptyTestHint',
                )}
              </span>
            )}
          </Problem>
        )}
      </div>
      <Button
        type="submit"
        size="lg"
        icon={<Play />}
        disabled={!canStart}
        busy={isPending}
        aria-describedby={describedBy}
        className={styles.start}
      >
        {t('Testing.Create.Start')}
      </Button>
    </div>
  );
}
