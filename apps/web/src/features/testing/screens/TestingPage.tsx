import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerBody, AnswerResult, AnswerTarget, TestItem } from '@wordhoard/shared';
import { Check, CircleAlert, Info, SkipForward } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/http';
import { cx } from '../../../shared/lib/classNames';
import { PATHS } from '../../../shared/routing';
import { Button, Card, LoadingIndicator, Page, TABULAR_NUMS } from '../../../shared/ui';
import { LiveRegion } from '../../../shared/ui/LiveRegion/LiveRegion';
import { ProgressBar } from '../../../shared/ui/ProgressBar/ProgressBar';
import { testingKeys, useRefreshTestingState, useTestingCalls, useTestingState } from '../api/testingApi';
import { AccentBar } from '../components/AccentBar';
import { AnswerList } from '../components/AnswerList';
import { LoadFailed } from '../components/LoadFailed';
import { ResultIcon } from '../components/ResultIcon';
import { TermDisplay } from '../components/TermDisplay';
import { languageName } from '../lib/languageName';
import type { CheckState, SkipState } from '../lib/navigationState';
import { useSubmissions } from '../lib/submissions';
import { useActiveTest } from '../lib/useActiveTest';
import { useReportUnexpected } from '../lib/useReportUnexpected';
import styles from './TestingPage.module.css';

/** The test runner: shows the current word, or moves on to the report or the set-up screen. */
export default function TestingPage() {
  const { t } = useTranslation();
  const state = useTestingState();

  if (state.isPending || state.isError) {
    return (
      <Page title={t('Testing.RunTitle')} width="narrow">
        {state.isPending ? (
          <LoadingIndicator />
        ) : (
          <LoadFailed message={t('Testing.LoadFailed')} onRetry={() => void state.refetch()} />
        )}
      </Page>
    );
  }
  const { test, report, testsLeft } = state.data;
  if (report) return <Navigate replace to={PATHS.testingFinish} />;
  if (!test) return <Navigate replace to={PATHS.createTester} />;
  return <TestRunner test={test} testsLeft={testsLeft} />;
}

interface Feedback {
  /** `info`: nothing was counted (a definition entered before, or the test had moved on). */
  tone: 'correct' | 'info';
  message: string;
  /** Tells two equal messages apart, so each is shown and announced. */
  key: number;
}

function TestRunner({ test, testsLeft }: { test: TestItem; testsLeft: number }) {
  const { t, i18n } = useTranslation();
  const calls = useTestingCalls();
  const refreshState = useRefreshTestingState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const activeTest = useActiveTest();
  const inputRef = useRef<HTMLInputElement>(null);
  const [answer, setAnswer] = useState('');
  const [missingAnswer, setMissingAnswer] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const ids = { input: useId(), prompt: useId(), need: useId(), error: useId() };
  const submissions = useSubmissions();
  const reportUnexpected = useReportUnexpected();

  // The answer field takes the focus when the screen opens and whenever a new word comes up.
  useEffect(() => {
    inputRef.current?.focus();
  }, [test.wordId]);

  /** An answer or a skip found the test elsewhere (another tab, a repeat): show where it is now. */
  async function showMovedOn() {
    await refreshState().catch(() => undefined);
    setAnswer('');
    setFeedback({ tone: 'info', message: t('Testing.Run.MovedOn'), key: Date.now() });
    inputRef.current?.focus();
  }

  async function failed(error: Error) {
    if (error instanceof ApiError && error.code === 'WORD_NOT_CURRENT') {
      await showMovedOn();
      return;
    }
    reportUnexpected(error);
    // e.g. the test was replaced on another device: show what the server has now.
    await queryClient.invalidateQueries({ queryKey: testingKeys.state });
  }

  /** A submission whose fate is unknown (no answer came back) may be sent again as it was. */
  const settled = (_data: unknown, error: Error | null) => {
    if (error && !(error instanceof ApiError)) submissions.unanswered();
    else submissions.answered();
  };

  const answerMutation = useMutation({
    mutationFn: (body: AnswerBody) => calls.answer(body),
    onSuccess: async (result: AnswerResult) => {
      if (result.status === 'wordFinished') {
        await showMovedOn();
        return;
      }
      if (result.status === 'alreadyEntered') {
        setAnswer('');
        setFeedback({
          tone: 'info',
          message: t('Testing.Run.AlreadyEntered', { answer: result.answer }),
          key: Date.now(),
        });
        inputRef.current?.focus();
        return;
      }
      if (result.result === 'wrong' || result.almost) {
        // An almost-right answer was accepted: the word has moved on, the shown one is stale.
        if (result.almost) queryClient.removeQueries({ queryKey: testingKeys.state });
        const checkState: CheckState = {
          wordId: test.wordId,
          position: test.position,
          term: test.term,
          result,
        };
        await navigate(PATHS.testingCheck, { state: checkState });
        return;
      }
      // Correct: stay and show the word's progress, or the next word (SPEC §4: refetch).
      await refreshState().catch(() => undefined);
      setAnswer('');
      setFeedback({
        tone: 'correct',
        message:
          result.needAnswers > 0
            ? t('Testing.Run.CorrectMore', { count: result.needAnswers })
            : t('Testing.Run.CorrectNext'),
        key: Date.now(),
      });
      inputRef.current?.focus();
    },
    onError: failed,
    onSettled: settled,
  });

  const skipMutation = useMutation({
    mutationFn: (body: AnswerTarget) => calls.skip(body),
    onSuccess: async ({ answer: answers, status }) => {
      if (status === 'wordFinished') {
        await showMovedOn();
        return;
      }
      // The test has moved on; the next screen loads the new state instead of showing this one.
      queryClient.removeQueries({ queryKey: testingKeys.state });
      const skipState: SkipState = { wordId: test.wordId, term: test.term, answers };
      await navigate(PATHS.testingSkip, { state: skipState });
    },
    onError: failed,
    onSettled: settled,
  });

  const busy = answerMutation.isPending || skipMutation.isPending;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = answer.trim();
    if (text === '') {
      setMissingAnswer(true);
      inputRef.current?.focus();
      return;
    }
    setMissingAnswer(false);
    const target = { position: test.position, wordId: test.wordId };
    const attemptId = submissions.start(`answer:${target.position}:${target.wordId}:${text}`);
    if (attemptId === null) return;
    answerMutation.mutate({ ...target, attemptId, answer: text });
  }

  function skip() {
    if (busy) return;
    const target = { position: test.position, wordId: test.wordId };
    const attemptId = submissions.start(`skip:${target.position}:${target.wordId}`);
    if (attemptId !== null) skipMutation.mutate({ ...target, attemptId });
  }

  const swapped = activeTest?.options.swap ?? false;
  const describedBy = [ids.prompt, ids.need, missingAnswer ? ids.error : null].filter(Boolean).join(' ');

  return (
    <Page title={t('Testing.RunTitle')} width="narrow">
      <div className={styles.status}>
        <div className={styles.statusRow}>
          <p className={cx(styles.position, TABULAR_NUMS)}>
            {t('Testing.Run.Progress', { position: test.position, total: test.total })}
          </p>
          <p className={cx(styles.testsLeft, TABULAR_NUMS)}>
            {t('Testing.Run.TestsLeft', { count: testsLeft })}
          </p>
        </div>
        <ProgressBar
          value={test.position - 1}
          max={test.total}
          label={t('Testing.Run.ProgressLabel')}
          valueText={t('Testing.Run.Progress', { position: test.position, total: test.total })}
        />
      </div>

      <Card className={styles.card}>
        <TermDisplay
          id={ids.prompt}
          label={swapped ? t('Testing.Run.PromptSwapped') : t('Testing.Run.Prompt')}
          term={test.term}
          lang={activeTest?.promptLanguage}
          speak
        />

        <div className={styles.progress}>
          <p id={ids.need} className={cx(styles.need, TABULAR_NUMS)}>
            {t('Testing.Run.NeedAnswers', { count: test.needAnswers })}
          </p>
          {test.doneDefinitions.length > 0 && (
            <div className={styles.done}>
              <p id={`${ids.need}-done`} className={styles.doneLabel}>
                {t('Testing.Run.Done')}
              </p>
              <AnswerList
                answers={test.doneDefinitions}
                marked={test.doneDefinitions}
                lang={activeTest?.answerLanguage}
                aria-labelledby={`${ids.need}-done`}
              />
            </div>
          )}
        </div>

        <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
          <label htmlFor={ids.input} className={styles.label}>
            {t('Testing.Run.Answer')}
          </label>
          <input
            ref={inputRef}
            id={ids.input}
            name="answer"
            type="text"
            lang={activeTest?.answerLanguage}
            value={answer}
            onChange={(event) => {
              setAnswer(event.target.value);
              if (missingAnswer) setMissingAnswer(false);
            }}
            readOnly={busy}
            maxLength={255}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="done"
            aria-describedby={describedBy}
            aria-invalid={missingAnswer || undefined}
            className={styles.input}
          />
          {activeTest && (
            <AccentBar
              language={activeTest.answerLanguage}
              input={inputRef}
              inputId={ids.input}
              languageLabel={languageName(activeTest.answerLanguage, i18n.resolvedLanguage ?? i18n.language)}
            />
          )}
          {missingAnswer && (
            <p id={ids.error} role="alert" className={styles.error}>
              <CircleAlert aria-hidden="true" />
              <span>{t('Testing.Run.AnswerRequired')}</span>
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" icon={<Check />} aria-busy={answerMutation.isPending || undefined}>
              {t('Testing.Run.Check')}
            </Button>
            <Button
              variant="secondary"
              icon={<SkipForward />}
              onClick={skip}
              aria-busy={skipMutation.isPending || undefined}
            >
              {t('Testing.Run.Skip')}
            </Button>
          </div>
        </form>

        {feedback && (
          <p
            key={feedback.key}
            className={cx(styles.feedback, feedback.tone === 'info' && styles.feedbackInfo)}
            aria-hidden="true"
            data-tone={feedback.tone}
          >
            {feedback.tone === 'info' ? (
              <Info aria-hidden="true" className={styles.feedbackIcon} />
            ) : (
              <ResultIcon kind="correct" className={styles.feedbackIcon} />
            )}
            <span>{feedback.message}</span>
          </p>
        )}
      </Card>
      <LiveRegion
        message={feedback?.message ?? ''}
        announceKey={feedback?.key}
        data-testid="testing-announcer"
      />
    </Page>
  );
}
