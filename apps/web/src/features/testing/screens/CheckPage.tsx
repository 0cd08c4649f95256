import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, RotateCcw, SkipForward } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/http';
import { cx } from '../../../shared/lib/classNames';
import { PATHS } from '../../../shared/routing';
import { Button, Card, Page, TABULAR_NUMS } from '../../../shared/ui';
import { LiveRegion } from '../../../shared/ui/LiveRegion/LiveRegion';
import { testingKeys, useRefreshTestingState, useTestingCalls, useTestingState } from '../api/testingApi';
import { AnswerList } from '../components/AnswerList';
import { ExampleList } from '../components/ExampleList';
import { OverridePanel } from '../components/OverridePanel';
import { ResultIcon } from '../components/ResultIcon';
import { KeyHint, ShortcutsHelp } from '../components/Shortcuts';
import { parseCheckState, resultKind, type CheckState } from '../lib/navigationState';
import { SHORTCUT_KEYS, ariaKeyShortcuts } from '../lib/shortcuts';
import { useSubmissions } from '../lib/submissions';
import { useActiveTest } from '../lib/useActiveTest';
import { useFocusOnMount } from '../lib/useFocusOnMount';
import { useTestShortcuts } from '../lib/useTestShortcuts';
import { exampleLanguage, wordView } from '../lib/wordView';
import { useReportUnexpected } from '../../../shared/hooks/useReportUnexpected';
import styles from './CheckPage.module.css';
import { dirOf } from '../../../shared/languages/contentLanguages';

/** The outcome of a checked answer: correct, almost (with the exact spelling) or wrong. */
export default function CheckPage() {
  const location = useLocation();
  const check = parseCheckState(location.state);
  if (!check) return <Navigate replace to={PATHS.testing} />;
  return <CheckResult check={check} />;
}

function CheckResult({ check }: { check: CheckState }) {
  const { t } = useTranslation();
  const calls = useTestingCalls();
  const refreshState = useRefreshTestingState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The word's own direction and languages (a test may mix them), else the test's.
  const view = wordView(check, useActiveTest());
  const primaryRef = useFocusOnMount<HTMLButtonElement>();
  const answersId = useId();
  const nextHintId = useId();
  const { result, term } = check;
  const kind = resultKind(result);
  const submissions = useSubmissions();
  const reportUnexpected = useReportUnexpected();

  // Loads where the test stands now, so "Continue" shows the right word at once.
  const state = useTestingState();
  const current = state.data;
  // A wrong answer leaves the word in place; if it is no longer the current one (the browser's
  // Back button), "Next" would skip another word: go to the runner instead.
  // An answer accepted by "I was right" moves the test on by itself: the screen stays.
  const [accepted, setAccepted] = useState(false);
  const outdated =
    !accepted && kind === 'wrong' && current !== undefined && current.test?.wordId !== check.wordId;

  const backToRunner = async () => {
    await refreshState().catch(() => undefined);
    await navigate(PATHS.testing, { replace: true });
  };
  // Skips the word this check was for, and only that word (it may be done already: a repeat).
  const next = useMutation({
    // Offline, the skip is applied on the device and queued (decision 0058): never paused.
    networkMode: 'always',
    mutationFn: (attemptId: string) =>
      calls.skip({ position: check.position, wordId: check.wordId, attemptId }),
    onSuccess: backToRunner,
    onError: async (error) => {
      // The test moved on elsewhere: the runner shows where it stands, no alarm needed.
      if (error instanceof ApiError && error.code === 'WORD_NOT_CURRENT') {
        await backToRunner();
        return;
      }
      reportUnexpected(error);
      await queryClient.invalidateQueries({ queryKey: testingKeys.state });
    },
    onSettled: (_data, error) => {
      if (error && !(error instanceof ApiError)) submissions.unanswered();
      else submissions.answered();
    },
  });

  const backToTest = () => void navigate(PATHS.testing, { replace: true });
  const nextWord = () => {
    if (next.isPending) return; // The shortcut does not go through the button.
    const attemptId = submissions.start(`skip:${check.position}:${check.wordId}`);
    if (attemptId !== null) next.mutate(attemptId);
  };
  // A wrong answer offers another try or the next word; any other, to continue.
  const retryable = kind === 'wrong' && !accepted;
  const { mac, helpOpen, setHelpOpen } = useTestShortcuts(
    'check',
    retryable ? { tryAgain: backToTest, next: nextWord } : { next: backToTest },
  );

  if (outdated) return <Navigate replace to={PATHS.testing} />;
  // A wrong answer that is another word's answer: say whose (its meaning, or in a swapped test
  // the term it belongs to).
  const { swapped } = view;
  const confusion =
    result.confusedWith &&
    ({
      key: swapped ? 'Testing.Check.ConfusedTerm' : 'Testing.Check.ConfusedMeaning',
      values: {
        answer: result.answer,
        other: swapped ? result.confusedWith.definitions.join(', ') : result.confusedWith.term,
      },
    } as const);
  // An answer the learner overrode ("I was right") now counts as right, and the screen says so.
  const shown = accepted ? 'correct' : kind;
  const announcement = accepted
    ? t('Testing.Check.Overridden')
    : kind === 'correct'
      ? t('Testing.Check.Correct')
      : kind === 'almost'
        ? t('Testing.Check.AlmostText', { answer: result.answer })
        : [
            t('Testing.Check.WrongText', { answers: result.correctAnswers.join(', ') }),
            confusion ? t(`${confusion.key}Text`, confusion.values) : '',
          ]
            .join(' ')
            .trim();

  return (
    <Page title={t('Testing.CheckTitle')} width="narrow">
      <Card className={cx(styles.card, styles[shown])}>
        <div
          className={styles.verdict}
          data-testid="check-result"
          data-result={shown}
          data-overridden={accepted || undefined}
        >
          <ResultIcon kind={shown} className={styles.verdictIcon} />
          <p className={styles.verdictText}>
            {accepted && <strong>{t('Testing.Check.Overridden')}</strong>}
            {kind === 'correct' && <strong>{t('Testing.Check.Correct')}</strong>}
            {kind === 'almost' && (
              <Trans
                i18nKey="Testing.Check.Almost"
                values={{ answer: result.answer }}
                components={{
                  b: <strong />,
                  word: (
                    <span
                      className={styles.spelling}
                      lang={view.answerLanguage}
                      dir={dirOf(view.answerLanguage)}
                    />
                  ),
                }}
              />
            )}
            {kind === 'wrong' && !accepted && <strong>{t('Testing.Check.Wrong')}</strong>}
          </p>
        </div>

        <dl className={styles.details}>
          <div>
            <dt>{t('Testing.Check.Word')}</dt>
            <dd lang={view.promptLanguage} dir={dirOf(view.promptLanguage)}>
              {term}
            </dd>
          </div>
          {kind === 'almost' && check.typed !== undefined && (
            // What was typed, beside the exact spelling the verdict gives.
            <div>
              <dt>{t('Testing.Check.YourAnswer')}</dt>
              <dd lang={view.answerLanguage} dir={dirOf(view.answerLanguage)} data-testid="check-typed">
                {check.typed}
              </dd>
            </div>
          )}
          {kind === 'wrong' && result.answer !== '' && (
            <div>
              <dt>{t('Testing.Check.YourAnswer')}</dt>
              {/* Struck through while it counts as wrong; plain once the learner's override took it. */}
              <dd
                lang={view.answerLanguage}
                dir={dirOf(view.answerLanguage)}
                className={cx(!accepted && styles.typed)}
                data-struck={!accepted || undefined}
              >
                {result.answer}
              </dd>
            </div>
          )}
        </dl>

        {kind === 'wrong' && confusion && (
          <p className={styles.confusion} data-testid="check-confusion">
            <Trans
              i18nKey={confusion.key}
              values={confusion.values}
              components={{
                answer: <span lang={view.answerLanguage} dir={dirOf(view.answerLanguage)} />,
                // The other word is shown as the prompts are: its term, or its definitions when swapped.
                other: <span lang={view.promptLanguage} dir={dirOf(view.promptLanguage)} />,
              }}
            />
          </p>
        )}
        {kind === 'wrong' && (
          <div className={styles.answers}>
            <h2 id={answersId} className={styles.subheading}>
              {t('Testing.Check.CorrectAnswers')}
            </h2>
            <AnswerList
              answers={result.correctAnswers}
              marked={result.doneDefinitions}
              markedNote={t('Testing.Check.AlreadyEntered')}
              lang={view.answerLanguage}
              aria-labelledby={answersId}
            />
          </div>
        )}
        {kind !== 'wrong' && result.needAnswers > 0 && (
          <p className={cx(styles.need, TABULAR_NUMS)}>
            {t('Testing.Check.NeedAnswers', { count: result.needAnswers })}
          </p>
        )}

        <ExampleList examples={result.examples} lang={exampleLanguage(view)} className={styles.examples} />

        {kind === 'wrong' && (
          <OverridePanel check={check} accepted={accepted} onAccepted={() => setAccepted(true)} />
        )}
        <div className={styles.actions}>
          {retryable ? (
            <>
              <Button
                ref={primaryRef}
                icon={<RotateCcw />}
                aria-keyshortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.tryAgain, mac)}
                onClick={backToTest}
              >
                {t('Testing.Check.TryAgain')}
                <KeyHint combo={SHORTCUT_KEYS.tryAgain[0]} mac={mac} />
              </Button>
              <Button
                variant="secondary"
                icon={<SkipForward />}
                aria-describedby={nextHintId}
                busy={next.isPending}
                aria-keyshortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.next, mac)}
                onClick={nextWord}
              >
                {t('Testing.Check.Next')}
                <KeyHint combo={SHORTCUT_KEYS.next[0]} mac={mac} />
              </Button>
            </>
          ) : (
            <Button
              ref={primaryRef}
              iconEnd={<ArrowRight />}
              aria-keyshortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.next, mac)}
              onClick={backToTest}
            >
              {t('Testing.Check.Continue')}
              <KeyHint combo={SHORTCUT_KEYS.next[0]} mac={mac} />
            </Button>
          )}
        </div>
        {retryable && (
          <p id={nextHintId} className={styles.hint}>
            {t('Testing.Check.NextHint')}
          </p>
        )}
      </Card>
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} mac={mac} />
      <LiveRegion message={announcement} data-testid="check-announcer" />
    </Page>
  );
}
