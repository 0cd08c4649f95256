import type { DictionaryProgress } from '@wordhoard/shared';
import { ArrowLeft, Download, Flame, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLanguage } from '../../../shared/i18n';
import { cx } from '../../../shared/lib/classNames';
import { useFileDownload } from '../../../shared/lib/saveFile';
import { PATHS } from '../../../shared/routing';
import { Button, Card, LoadingIndicator, Page, TABULAR_NUMS } from '../../../shared/ui';
import { useDictionaryInfo } from '../api/dictionaries';
import { useReviewLogExport } from '../api/files';
import { useDictionaryProgress } from '../api/progress';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { TestsChart } from '../components/TestsChart';
import { dictionaryPath } from '../paths';
import styles from './ProgressPage.module.css';

/** A dictionary's learning progress: word states, words due today, tests per day and the streak. */
export default function ProgressPage() {
  const { t } = useTranslation();
  const { dictionaryId = '' } = useParams();
  const info = useDictionaryInfo(dictionaryId);
  const progress = useDictionaryProgress(dictionaryId);

  let content;
  if (progress.isError) {
    content = <DictionaryLoadError error={progress.error} onRetry={() => void progress.refetch()} />;
  } else if (progress.isPending) {
    content = <LoadingIndicator />;
  } else {
    content = <ProgressView progress={progress.data} dictionaryId={dictionaryId} />;
  }

  return (
    <Page title={t('Dictionaries.Progress.Title')} lead={info.data?.name} width="default">
      <Button
        variant="ghost"
        size="sm"
        to={dictionaryPath(dictionaryId)}
        icon={<ArrowLeft />}
        className={styles.back}
      >
        {t('Dictionaries.Progress.Back')}
      </Button>
      {content}
    </Page>
  );
}

function ProgressView({ progress, dictionaryId }: { progress: DictionaryProgress; dictionaryId: string }) {
  const { t, i18n } = useTranslation();
  const { words, due, streak } = progress;
  const states = [
    {
      key: 'mastered',
      label: t('Dictionaries.Progress.Mastered'),
      hint: t('Dictionaries.Progress.MasteredHint'),
    },
    {
      key: 'learning',
      label: t('Dictionaries.Progress.Learning'),
      hint: t('Dictionaries.Progress.LearningHint'),
    },
    { key: 'new', label: t('Dictionaries.Progress.New'), hint: t('Dictionaries.Progress.NewHint') },
  ] as const;
  const dueTotal = due.forward + due.swapped;
  const streakNote = streak.studiedToday
    ? t('Dictionaries.Progress.StreakToday')
    : streak.current > 0
      ? t('Dictionaries.Progress.StreakKeep')
      : t('Dictionaries.Progress.StreakStart');

  return (
    <div className={styles.grid}>
      <Card as="section" aria-labelledby="progress-words" className={styles.words}>
        <h2 id="progress-words" className={styles.heading}>
          {t('Dictionaries.Progress.Words')}
        </h2>
        {/* The proportions as one bar; the numbers below carry the same information as text. */}
        {words.total > 0 && (
          <div className={styles.stack} aria-hidden="true">
            {states.map((state) =>
              words[state.key] > 0 ? (
                <span
                  key={state.key}
                  className={cx(styles.segment, styles[state.key])}
                  style={{ flexGrow: words[state.key] }}
                />
              ) : null,
            )}
          </div>
        )}
        <dl className={styles.states}>
          {states.map((state) => (
            <div key={state.key} className={styles.state}>
              <dt>
                <span className={cx(styles.swatch, styles[state.key])} aria-hidden="true" />
                {state.label}
              </dt>
              <dd className={cx(styles.value, TABULAR_NUMS)} data-testid={`progress-${state.key}`}>
                {words[state.key]}
              </dd>
              <dd className={styles.hint}>{state.hint}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card as="section" aria-labelledby="progress-due" className={styles.due}>
        <h2 id="progress-due" className={styles.heading}>
          {t('Dictionaries.Progress.Due')}
        </h2>
        <p className={cx(styles.big, TABULAR_NUMS)} data-testid="progress-due">
          {dueTotal}
        </p>
        <dl className={cx(styles.pairs, TABULAR_NUMS)}>
          <div>
            <dt>{t('Dictionaries.Progress.DueForward')}</dt>
            <dd>{due.forward}</dd>
          </div>
          <div>
            <dt>{t('Dictionaries.Progress.DueSwapped')}</dt>
            <dd>{due.swapped}</dd>
          </div>
        </dl>
        {dueTotal > 0 && (
          <Button
            icon={<Play />}
            to={`${PATHS.createTester}?dictionaryId=${encodeURIComponent(dictionaryId)}&source=due`}
          >
            {t('Dictionaries.ReviewDue')}
          </Button>
        )}
      </Card>

      <Card as="section" aria-labelledby="progress-streak" className={styles.streak}>
        <h2 id="progress-streak" className={styles.heading}>
          {t('Dictionaries.Progress.Streak')}
        </h2>
        <p className={cx(styles.streakLine, TABULAR_NUMS)} data-testid="progress-streak">
          <Flame aria-hidden="true" className={cx(styles.flame, streak.current > 0 && styles.lit)} />
          {t('Dictionaries.Progress.StreakDays', { count: streak.current })}
        </p>
        <p className={cx(styles.hint, TABULAR_NUMS)}>
          {t('Dictionaries.Progress.StreakLongest', { count: streak.longest })}
        </p>
        <p className={styles.hint}>{streakNote}</p>
      </Card>

      <Card as="section" aria-labelledby="progress-chart" className={styles.chart}>
        <h2 id="progress-chart" className={styles.heading}>
          {t('Dictionaries.Progress.Chart')}
        </h2>
        <p className={styles.hint}>{t('Dictionaries.Progress.ChartLead')}</p>
        <TestsChart days={progress.days} language={currentLanguage(i18n)} />
      </Card>

      <ReviewHistorySection />
    </div>
  );
}

/** The account's review log as the FSRS optimizer's CSV (docs/decisions/0044-review-log.md). */
function ReviewHistorySection() {
  const { t } = useTranslation();
  const exportReviewLog = useReviewLogExport();
  const { pending, download } = useFileDownload();
  return (
    <Card as="section" aria-labelledby="progress-history" className={styles.history}>
      <h2 id="progress-history" className={styles.heading}>
        {t('Dictionaries.Progress.History')}
      </h2>
      <p className={styles.hint}>{t('Dictionaries.Progress.HistoryLead')}</p>
      <Button
        variant="secondary"
        icon={<Download />}
        busy={pending !== null}
        onClick={() => void download('file', exportReviewLog)}
        className={styles.historyButton}
      >
        {t('Dictionaries.Progress.HistoryButton')}
      </Button>
    </Card>
  );
}
