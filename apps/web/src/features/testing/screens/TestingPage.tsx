import type { TestItem } from '@wordhoard/shared';
import { Check, CircleAlert, Info, SkipForward } from 'lucide-react';
import { useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { LoadFailed } from '../components/LoadFailed';
import { useTestingState } from '../api/testingApi';
import { cx } from '../../../shared/lib/classNames';
import { Button, Card, LoadingIndicator, Page, TABULAR_NUMS } from '../../../shared/ui';
import { LiveRegion } from '../../../shared/ui/LiveRegion/LiveRegion';
import { ProgressBar } from '../../../shared/ui/ProgressBar/ProgressBar';
import { usePronunciation } from '../../../shared/speech/usePronunciation';
import { AccentBar, type AccentBarHandle } from '../components/AccentBar';
import { AnswerList } from '../components/AnswerList';
import { ClozeDisplay } from '../components/ClozeDisplay';
import { ExampleList } from '../components/ExampleList';
import { ResultIcon } from '../components/ResultIcon';
import { KeyHint, ShortcutsHelp } from '../components/Shortcuts';
import { TermDisplay } from '../components/TermDisplay';
import { WordPicture } from '../components/WordPicture';
import { audioOf, pictureOf } from '../lib/media';
import { languageName } from '../lib/languageName';
import { SHORTCUT_KEYS, ariaKeyShortcuts } from '../lib/shortcuts';
import { useTestShortcuts } from '../lib/useTestShortcuts';
import { useActiveTest } from '../lib/useActiveTest';
import { useTestRunner } from '../lib/useTestRunner';
import styles from './TestingPage.module.css';
import { dirOf } from '../../../shared/languages/contentLanguages';

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

function TestRunner({ test, testsLeft }: { test: TestItem; testsLeft: number }) {
  const { t, i18n } = useTranslation();
  const {
    answerTyped,
    busy,
    describedBy,
    feedback,
    ids,
    inputRef,
    missingAnswer,
    skip,
    skipMutation,
    submit,
    view,
  } = useTestRunner(test);
  const accentBar = useRef<AccentBarHandle>(null);
  const picture = pictureOf(test);
  // The word's own recording first (the server leaves it out where it would give the answer away).
  const audio = audioOf(test);
  const { say } = usePronunciation(view.promptLanguage, audio?.url);
  const { mac, helpOpen, setHelpOpen } = useTestShortcuts('run', {
    skip,
    speak: () => void say(test.term),
    accent: (index) => accentBar.current?.type(index) ?? false,
  });
  // A weak-definition test (decision 0049) asks one missed definition of a word at a time and
  // shows its others as given, not typed; it is practice, which leaves the schedule alone.
  const practice = useActiveTest()?.options.range.type === 'weak';
  // The word of a confusion pair it was mixed up with: a term, as this prompt's term is, or
  // as the answer is when the prompt shows the definitions.
  const contrast = test.contrast && (
    <Trans
      i18nKey="Testing.Run.Contrast"
      values={{ term: test.contrast }}
      components={{
        term: (
          <strong
            lang={view.swapped ? view.answerLanguage : view.promptLanguage}
            dir={dirOf(view.swapped ? view.answerLanguage : view.promptLanguage)}
          />
        ),
      }}
    />
  );
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
        {practice && <p className={styles.practice}>{t('Testing.Run.WeakPractice')}</p>}
      </div>

      <Card className={styles.card}>
        {picture && (
          // Beside the prompt; described without naming the word, which may be the answer.
          <WordPicture picture={picture} alt={t('Testing.Run.PictureAlt')} className={styles.picture} />
        )}
        {test.cloze ? (
          // A cloze question (decision 0060): the sentence is in the term's language, the
          // answer's; the definitions (the item's `term`) are the hint.
          <ClozeDisplay
            id={ids.prompt}
            cloze={test.cloze}
            hint={test.term}
            lang={view.answerLanguage}
            hintLang={view.promptLanguage}
          />
        ) : (
          <TermDisplay
            id={ids.prompt}
            label={view.swapped ? t('Testing.Run.PromptSwapped') : t('Testing.Run.Prompt')}
            term={test.term}
            lang={view.promptLanguage}
            speak
            audioUrl={audio?.url}
            speakKeyShortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.speak, mac)}
            note={contrast}
          />
        )}

        <div className={styles.progress}>
          <p id={ids.need} className={cx(styles.need, TABULAR_NUMS)}>
            {t('Testing.Run.NeedAnswers', { count: test.needAnswers })}
          </p>
          {test.doneDefinitions.length > 0 && (
            <div className={styles.done}>
              <p id={`${ids.need}-done`} className={styles.doneLabel}>
                {practice ? t('Testing.Run.Given') : t('Testing.Run.Done')}
              </p>
              <AnswerList
                answers={test.doneDefinitions}
                marked={test.doneDefinitions}
                lang={view.answerLanguage}
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
            lang={view.answerLanguage}
            dir={dirOf(view.answerLanguage)}
            defaultValue=""
            onInput={answerTyped}
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
          {view.answerLanguage && (
            <AccentBar
              ref={accentBar}
              shortcuts={{ mac }}
              language={view.answerLanguage}
              input={inputRef}
              inputId={ids.input}
              languageLabel={languageName(view.answerLanguage, i18n.resolvedLanguage ?? i18n.language)}
            />
          )}
          {missingAnswer && (
            <p id={ids.error} role="alert" className={styles.error}>
              <CircleAlert aria-hidden="true" />
              <span>{t('Testing.Run.AnswerRequired')}</span>
            </p>
          )}
          <div className={styles.actions}>
            <Button
              type="submit"
              icon={<Check />}
              // Busy only while the runner refuses a new answer: a correct answer shown at once
              // lets the next one be typed and sent while the server confirms it.
              busy={busy && !skipMutation.isPending}
              aria-keyshortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.check, mac)}
            >
              {t('Testing.Run.Check')}
              <KeyHint combo={SHORTCUT_KEYS.check[0]} mac={mac} />
            </Button>
            <Button
              variant="secondary"
              icon={<SkipForward />}
              onClick={skip}
              busy={skipMutation.isPending}
              aria-keyshortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.skip, mac)}
            >
              {t('Testing.Run.Skip')}
              {/* The combo that works from the answer field too, where the focus mostly is. */}
              <KeyHint combo={SHORTCUT_KEYS.skip[1]} mac={mac} />
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
        {feedback?.examples &&
          feedback.examples.position === test.position &&
          feedback.examples.wordId === test.wordId && (
            // The sentences of the word just answered right, while it still asks for more: read at
            // leisure, not announced. Never over the next item's prompt: they may hold its answer
            // (the same word asked the other way round, or a cloze of a word they mention).
            <ExampleList
              key={feedback.key}
              examples={feedback.examples.sentences}
              lang={feedback.examples.lang}
              className={styles.examples}
            />
          )}
      </Card>
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} mac={mac} />
      <LiveRegion
        message={feedback?.message ?? ''}
        announceKey={feedback?.key}
        data-testid="testing-announcer"
      />
    </Page>
  );
}
