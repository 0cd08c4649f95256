import type { Report } from '@wordhoard/shared';
import { ListRestart, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { cx } from '../../../shared/lib/classNames';
import { PATHS } from '../../../shared/routing';
import { Button, LoadingIndicator, Page, TABULAR_NUMS, VISUALLY_HIDDEN } from '../../../shared/ui';
import { LiveRegion } from '../../../shared/ui/LiveRegion/LiveRegion';
import { useTestingState } from '../api/testingApi';
import { LoadFailed } from '../components/LoadFailed';
import { ReportItem } from '../components/ReportItem';
import { ResultIcon, type ResultKind } from '../components/ResultIcon';
import { KeyHint, ShortcutsHelp } from '../components/Shortcuts';
import { SHORTCUT_KEYS, ariaKeyShortcuts } from '../lib/shortcuts';
import { useActiveTest } from '../lib/useActiveTest';
import { useTestShortcuts } from '../lib/useTestShortcuts';
import { wordView } from '../lib/wordView';
import type { ActiveTest } from '../../../shared/testing/activeTest';
import { StartProblemText } from '../../../shared/testing/StartProblemText';
import { useStartTest, type StartTestInput } from '../../../shared/testing/useStartTest';
import { Problem } from '../../../shared/ui/Problem/Problem';
import styles from './FinishPage.module.css';

/**
 * What "try again" starts: the options the server kept with the test (so any device offers
 * it), else those this tab remembers; null when neither knows them. The tab's languages go
 * along when they are of the same dictionary and direction.
 */
function retryOf(report: Report, activeTest: ActiveTest | null): StartTestInput | null {
  const options = report.options ?? activeTest?.options;
  if (!options) return null;
  if (
    !activeTest ||
    activeTest.options.dictionaryId !== options.dictionaryId ||
    activeTest.options.swap !== options.swap
  ) {
    return { options };
  }
  const { promptLanguage, answerLanguage } = activeTest;
  return { options, languages: { promptLanguage, answerLanguage } };
}

/** The report at the end of a test. */
export default function FinishPage() {
  const { t } = useTranslation();
  const state = useTestingState();

  if (state.isPending || state.isError) {
    return (
      <Page title={t('Testing.FinishTitle')} width="default">
        {state.isPending ? (
          <LoadingIndicator />
        ) : (
          <LoadFailed message={t('Testing.LoadFailed')} onRetry={() => void state.refetch()} />
        )}
      </Page>
    );
  }
  const { report, test, testsLeft, testsResetAt } = state.data;
  if (!report) return <Navigate replace to={test ? PATHS.testing : PATHS.createTester} />;
  return <TestReport report={report} testsLeft={testsLeft} testsResetAt={testsResetAt} />;
}

function TestReport({
  report,
  testsLeft,
  testsResetAt,
}: {
  report: Report;
  testsLeft: number;
  testsResetAt: string;
}) {
  const { t } = useTranslation();
  const activeTest = useActiveTest();
  const { start, isPending, problem, resetsAt } = useStartTest();
  const retryRef = useRef<HTMLButtonElement>(null);
  const newTestRef = useRef<HTMLAnchorElement>(null);
  const summaryId = useId();
  const wordsId = useId();
  const problemId = useId();
  const hintId = useId();
  const noAttempts = testsLeft === 0;
  const shownProblem = noAttempts ? 'MAX_TESTS' : problem;
  const retry = retryOf(report, activeTest);
  const canRetry = retry !== null;
  // What became of the latest suspension or resumption of a word, for screen readers.
  const [notice, setNotice] = useState<{ message: string; key: number } | null>(null);
  const navigate = useNavigate();
  const tryAgain = () => {
    if (isPending || noAttempts || !retry) return;
    start(retry);
  };
  const { mac, helpOpen, setHelpOpen } = useTestShortcuts('report', {
    tryAgain,
    newTest: () => void navigate(PATHS.createTester),
  });

  // Lands on the main action; a disabled "Try again" cannot take the focus, "New test" can.
  useEffect(() => {
    (retryRef.current && !retryRef.current.disabled ? retryRef.current : newTestRef.current)?.focus();
  }, []);
  // "Try again" refused for want of attempts is disabled under the focus: hand it on.
  useEffect(() => {
    const active = document.activeElement;
    if (noAttempts && (active === retryRef.current || active === document.body)) newTestRef.current?.focus();
  }, [noAttempts]);

  const totals: Array<{ kind: ResultKind | 'total'; label: string; value: number }> = [
    { kind: 'total', label: t('Testing.Finish.Total'), value: report.total },
    { kind: 'correct', label: t('Testing.Finish.Correct'), value: report.correct },
    { kind: 'wrong', label: t('Testing.Finish.Wrong'), value: report.wrong },
    { kind: 'skipped', label: t('Testing.Finish.Skipped'), value: report.skipped },
  ];

  return (
    <Page
      title={t('Testing.FinishTitle')}
      lead={t('Testing.Finish.Score', { correct: report.correct, total: report.total })}
      width="default"
    >
      <section aria-labelledby={summaryId} className={styles.summary}>
        <h2 id={summaryId} className={VISUALLY_HIDDEN}>
          {t('Testing.Finish.Summary')}
        </h2>
        <dl className={styles.totals}>
          {totals.map((total) => (
            <div key={total.kind} className={cx(styles.total, styles[total.kind])}>
              <dt className={styles.totalLabel}>
                {total.kind !== 'total' && <ResultIcon kind={total.kind} className={styles.totalIcon} />}
                {total.label}
              </dt>
              <dd className={cx(styles.totalValue, TABULAR_NUMS)} data-testid={`report-${total.kind}`}>
                {total.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <div className={styles.actions}>
        <div className={styles.buttons}>
          {canRetry && (
            <Button
              ref={retryRef}
              icon={<RotateCcw />}
              disabled={noAttempts}
              busy={isPending}
              aria-describedby={shownProblem ? `${hintId} ${problemId}` : hintId}
              aria-keyshortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.tryAgain, mac)}
              onClick={tryAgain}
            >
              {t('Testing.Finish.TryAgain')}
              <KeyHint combo={SHORTCUT_KEYS.tryAgain[0]} mac={mac} />
            </Button>
          )}
          <Button
            ref={newTestRef}
            variant={canRetry ? 'secondary' : 'primary'}
            icon={<ListRestart />}
            to={PATHS.createTester}
            aria-keyshortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.newTest, mac)}
          >
            {t('Testing.Finish.NewTest')}
            <KeyHint combo={SHORTCUT_KEYS.newTest[0]} mac={mac} />
          </Button>
        </div>
        <p id={hintId} className={cx(styles.hint, TABULAR_NUMS)}>
          {canRetry && `${t('Testing.Finish.TryAgainHint')} `}
          {t('Testing.Run.TestsLeft', { count: testsLeft })}
        </p>
        <div id={problemId} role="alert">
          {shownProblem && (
            <Problem>
              <StartProblemText problem={shownProblem} resetsAt={resetsAt ?? testsResetAt} />
            </Problem>
          )}
        </div>
        <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} mac={mac} />
      </div>

      <section aria-labelledby={wordsId} className={styles.words}>
        <h2 id={wordsId} className={styles.subheading}>
          {t('Testing.Finish.Words')}
        </h2>
        <ol className={styles.items}>
          {report.items.map((item, index) => (
            <ReportItem
              key={`${index}-${item.wordId}`}
              item={item}
              // The word's own languages and dictionary (a test may mix them), else the test's.
              view={wordView(item, activeTest)}
              dictionaryId={item.dictionaryId !== undefined ? item.dictionaryId : report.dictionaryId}
              onAnnounce={(message) => setNotice({ message, key: Date.now() })}
            />
          ))}
        </ol>
      </section>

      <LiveRegion
        message={t('Testing.Finish.Announcement', {
          correct: report.correct,
          wrong: report.wrong,
          skipped: report.skipped,
        })}
        data-testid="finish-announcer"
      />
      <LiveRegion message={notice?.message ?? ''} announceKey={notice?.key} data-testid="report-announcer" />
    </Page>
  );
}
