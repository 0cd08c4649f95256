import type { Report } from '@wordhoard/shared';
import { ListRestart, Pencil, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, Navigate } from 'react-router';
import { cx } from '../../../shared/lib/classNames';
import { PATHS } from '../../../shared/routing';
import { Button, LoadingIndicator, Page, TABULAR_NUMS, VISUALLY_HIDDEN } from '../../../shared/ui';
import { LiveRegion } from '../../../shared/ui/LiveRegion/LiveRegion';
import { useTestingState } from '../api/testingApi';
import { AnswerList } from '../components/AnswerList';
import { LoadFailed } from '../components/LoadFailed';
import { ResultBadge } from '../components/ResultBadge';
import { ResultIcon, type ResultKind } from '../components/ResultIcon';
import { useActiveTest } from '../lib/useActiveTest';
import { wordView } from '../lib/wordView';
import { useStartTest } from '../../../shared/testing/useStartTest';
import { Problem } from '../../../shared/ui/Problem/Problem';
import styles from './FinishPage.module.css';

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
  const { report, test, testsLeft } = state.data;
  if (!report) return <Navigate replace to={test ? PATHS.testing : PATHS.createTester} />;
  return <TestReport report={report} testsLeft={testsLeft} />;
}

function TestReport({ report, testsLeft }: { report: Report; testsLeft: number }) {
  const { t } = useTranslation();
  const activeTest = useActiveTest();
  const { start, isPending, problem } = useStartTest();
  const retryRef = useRef<HTMLButtonElement>(null);
  const newTestRef = useRef<HTMLAnchorElement>(null);
  const summaryId = useId();
  const wordsId = useId();
  const problemId = useId();
  const hintId = useId();
  const noAttempts = testsLeft === 0;
  const shownProblem = noAttempts ? 'MAX_TESTS' : problem;
  const canRetry = activeTest !== null;

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
              aria-busy={isPending || undefined}
              aria-describedby={shownProblem ? `${hintId} ${problemId}` : hintId}
              onClick={() => {
                if (isPending || noAttempts) return;
                const { options, promptLanguage, answerLanguage } = activeTest;
                start({ options, languages: { promptLanguage, answerLanguage } });
              }}
            >
              {t('Testing.Finish.TryAgain')}
            </Button>
          )}
          <Button
            ref={newTestRef}
            variant={canRetry ? 'secondary' : 'primary'}
            icon={<ListRestart />}
            to={PATHS.createTester}
          >
            {t('Testing.Finish.NewTest')}
          </Button>
        </div>
        <p id={hintId} className={cx(styles.hint, TABULAR_NUMS)}>
          {canRetry && `${t('Testing.Finish.TryAgainHint')} `}
          {t('Testing.Run.TestsLeft', { count: testsLeft })}
        </p>
        <div id={problemId} role="alert">
          {shownProblem && <Problem>{t(`apiErrors.${shownProblem}`)}</Problem>}
        </div>
      </div>

      <section aria-labelledby={wordsId} className={styles.words}>
        <h2 id={wordsId} className={styles.subheading}>
          {t('Testing.Finish.Words')}
        </h2>
        <ol className={styles.items}>
          {report.items.map((item, index) => {
            // The word's own languages and dictionary (a test may mix them), else the test's.
            const view = wordView(item, activeTest);
            const dictionaryId = item.dictionaryId !== undefined ? item.dictionaryId : report.dictionaryId;
            return (
              <li key={`${index}-${item.wordId}`} className={styles.item} data-testid="report-item">
                <div className={styles.itemHead}>
                  <h3 className={styles.term} lang={view.promptLanguage}>
                    {item.term}
                  </h3>
                  <ResultBadge kind={item.result} />
                </div>
                {item.result === 'wrong' && dictionaryId && (
                  // Fix a word that was answered wrong because it was stored wrong; back comes here.
                  <Link
                    to={generatePath(PATHS.editWord, {
                      dictionaryId,
                      wordId: item.wordId,
                    })}
                    state={{ from: PATHS.testingFinish }}
                    className={styles.edit}
                    aria-label={t('Testing.Finish.EditWordLabel', { term: item.term })}
                  >
                    <Pencil aria-hidden="true" />
                    {t('Testing.Finish.EditWord')}
                  </Link>
                )}
                <dl className={styles.itemDetails}>
                  <div>
                    <dt>{t('Testing.Finish.Definitions')}</dt>
                    <dd>
                      <AnswerList answers={item.definitions} lang={view.answerLanguage} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('Testing.Finish.Typed')}</dt>
                    <dd>
                      {item.answers.length > 0 ? (
                        <span lang={view.answerLanguage}>{item.answers.join(', ')}</span>
                      ) : (
                        <span className={styles.nothing}>{t('Testing.Finish.NothingTyped')}</span>
                      )}
                    </dd>
                  </div>
                  {item.confusedWith.length > 0 && (
                    // Other words whose answers were typed for this one: the pairs to tell apart.
                    <div data-testid="report-confusions">
                      <dt>{t('Testing.Finish.ConfusedWith')}</dt>
                      <dd lang={view.swapped ? view.answerLanguage : view.promptLanguage}>
                        {item.confusedWith.join(', ')}
                      </dd>
                    </div>
                  )}
                </dl>
              </li>
            );
          })}
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
    </Page>
  );
}
