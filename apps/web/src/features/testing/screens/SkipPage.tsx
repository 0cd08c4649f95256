import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { Button, Card, Page } from '../../../shared/ui';
import { LiveRegion } from '../../../shared/ui/LiveRegion/LiveRegion';
import { useTestingState } from '../api/testingApi';
import { AnswerList } from '../components/AnswerList';
import { ResultIcon } from '../components/ResultIcon';
import { KeyHint, ShortcutsHelp } from '../components/Shortcuts';
import { TermDisplay } from '../components/TermDisplay';
import { ExampleList } from '../components/ExampleList';
import { parseSkipState, type SkipState } from '../lib/navigationState';
import { SHORTCUT_KEYS, ariaKeyShortcuts } from '../lib/shortcuts';
import { useActiveTest } from '../lib/useActiveTest';
import { useFocusOnMount } from '../lib/useFocusOnMount';
import { useTestShortcuts } from '../lib/useTestShortcuts';
import { exampleLanguage, wordView } from '../lib/wordView';
import styles from './SkipPage.module.css';

/** A skipped word with its answers revealed. */
export default function SkipPage() {
  const location = useLocation();
  const skipped = parseSkipState(location.state);
  if (!skipped) return <Navigate replace to={PATHS.testing} />;
  return <SkippedWord skipped={skipped} />;
}

function SkippedWord({ skipped }: { skipped: SkipState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The word's own languages (a test may mix them), else the test's.
  const view = wordView(skipped, useActiveTest());
  const nextRef = useFocusOnMount<HTMLButtonElement>();
  const answersId = useId();
  // Loads the next word (or the report) while the answers are read.
  const state = useTestingState();
  const finished = state.data?.report != null;
  const next = () => void navigate(PATHS.testing, { replace: true });
  const { mac, helpOpen, setHelpOpen } = useTestShortcuts('skip', { next });

  return (
    <Page title={t('Testing.SkipTitle')} lead={t('Testing.Skip.Lead')} width="narrow">
      <Card className={styles.card}>
        <div className={styles.head}>
          <ResultIcon kind="skipped" className={styles.icon} />
          <TermDisplay
            label={t('Testing.Skip.Word')}
            term={skipped.term}
            lang={view.promptLanguage}
            size="md"
          />
        </div>
        <div className={styles.answers}>
          <h2 id={answersId} className={styles.subheading}>
            {t('Testing.Skip.Answers')}
          </h2>
          <AnswerList answers={skipped.answers} lang={view.answerLanguage} aria-labelledby={answersId} />
        </div>
        <ExampleList examples={skipped.examples} lang={exampleLanguage(view)} />
        <Button
          ref={nextRef}
          iconEnd={<ArrowRight />}
          className={styles.next}
          aria-keyshortcuts={ariaKeyShortcuts(SHORTCUT_KEYS.next, mac)}
          onClick={next}
        >
          {finished ? t('Testing.Skip.SeeReport') : t('Testing.Skip.Next')}
          <KeyHint combo={SHORTCUT_KEYS.next[0]} mac={mac} />
        </Button>
      </Card>
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} mac={mac} />
      <LiveRegion
        message={t('Testing.Skip.Announcement', { answers: skipped.answers.join(', ') })}
        data-testid="skip-announcer"
      />
    </Page>
  );
}
