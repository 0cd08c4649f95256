import { MAX_STREAK_FREEZES, type AccountProgress } from '@wordhoard/shared';
import { ArrowLeft, Flame, Snowflake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { PATHS } from '../../../shared/routing';
import { Button, Card, LoadingIndicator, Page, TABULAR_NUMS, VISUALLY_HIDDEN } from '../../../shared/ui';
import { ProgressBar } from '../../../shared/ui/ProgressBar/ProgressBar';
import { Problem } from '../../../shared/ui/Problem/Problem';
import { useAccountProgress } from '../api/progress';
import styles from './AccountProgressPage.module.css';

/** Heatmap shades, told apart by the legend's words and a mark on met days, not by colour alone. */
const LEVELS = ['LevelNone', 'LevelLow', 'LevelMid', 'LevelMet', 'LevelHigh'] as const;
type Level = 0 | 1 | 2 | 3 | 4;

/** How a day's reviews compare with the goal: none, under half, under, met, twice or more. */
export function heatLevel(reviews: number, goal: number): Level {
  if (reviews <= 0) return 0;
  if (reviews * 2 < goal) return 1;
  if (reviews < goal) return 2;
  if (reviews < goal * 2) return 3;
  return 4;
}

/** A local date (YYYY-MM-DD) in words, e.g. "3 March 2026", in `language`. */
function dateInWords(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * The account's progress (GET /users/me/progress, docs/decisions/0053-learners-day.md): today
 * against the daily goal, the streak with its freezes, and a year of reviews as a heatmap.
 */
export default function AccountProgressPage() {
  const { t } = useTranslation();
  const progress = useAccountProgress();

  let content;
  if (progress.isError) {
    content = (
      <div className={styles.failed}>
        <div role="alert">
          <Problem>{t('User.Progress.LoadError')}</Problem>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void progress.refetch()}>
          {t('User.Progress.Retry')}
        </Button>
      </div>
    );
  } else if (progress.isPending) {
    content = <LoadingIndicator />;
  } else {
    content = <ProgressView progress={progress.data} />;
  }

  return (
    <Page title={t('User.Progress.Title')} lead={t('User.Progress.Lead')}>
      <Button variant="ghost" size="sm" to={PATHS.menu} icon={<ArrowLeft />} className={styles.back}>
        {t('User.Progress.Back')}
      </Button>
      {content}
    </Page>
  );
}

function ProgressView({ progress }: { progress: AccountProgress }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { goal, todayReviewed, streak } = progress;
  const met = todayReviewed >= goal;
  const numbers = new Intl.NumberFormat(language);

  return (
    <div className={styles.grid}>
      <Card as="section" aria-labelledby="account-today" className={styles.today}>
        <h2 id="account-today" className={styles.heading}>
          {t('User.Progress.Today')}
        </h2>
        <p className={cx(styles.big, TABULAR_NUMS)} data-testid="today-reviewed">
          {t('User.Progress.TodayCount', {
            done: numbers.format(todayReviewed),
            goal: numbers.format(goal),
          })}
        </p>
        <p className={styles.caption}>{t('User.Progress.TodayCaption')}</p>
        <ProgressBar
          value={todayReviewed}
          max={goal}
          label={t('User.Progress.GoalLabel')}
          valueText={t('User.Progress.TodayCount', {
            done: numbers.format(todayReviewed),
            goal: numbers.format(goal),
          })}
        />
        <p className={styles.hint}>
          {met ? t('User.Progress.GoalMet') : t('User.Progress.GoalLeft', { count: goal - todayReviewed })}
        </p>
      </Card>

      <Card as="section" aria-labelledby="account-streak" className={styles.streak}>
        <h2 id="account-streak" className={styles.heading}>
          {t('User.Progress.Streak')}
        </h2>
        <p className={cx(styles.streakLine, TABULAR_NUMS)} data-testid="account-streak">
          <Flame aria-hidden="true" className={cx(styles.flame, streak.current > 0 && styles.lit)} />
          {t('User.Progress.StreakDays', { count: streak.current })}
        </p>
        <p className={cx(styles.hint, TABULAR_NUMS)}>
          {t('User.Progress.Longest', { count: streak.longest })}
        </p>
        <p className={styles.freezes} data-testid="account-freezes">
          <span aria-hidden="true" className={styles.snowflakes}>
            {Array.from({ length: MAX_STREAK_FREEZES }, (_, index) => (
              <Snowflake
                key={index}
                className={cx(styles.snowflake, index < streak.freezesBanked && styles.banked)}
              />
            ))}
          </span>
          {t('User.Progress.Freezes', { count: streak.freezesBanked, max: MAX_STREAK_FREEZES })}
        </p>
        <p className={styles.hint}>{t('User.Progress.FreezesHint', { max: MAX_STREAK_FREEZES })}</p>
        {streak.frozenDays.length > 0 && (
          <p className={styles.hint}>
            {t('User.Progress.FrozenDays', {
              days: new Intl.ListFormat(language, { type: 'conjunction' }).format(
                streak.frozenDays.map((day) => dateInWords(day, language)),
              ),
            })}
          </p>
        )}
      </Card>

      <Card as="section" aria-labelledby="account-heatmap" className={styles.year}>
        <h2 id="account-heatmap" className={styles.heading}>
          {t('User.Progress.Heatmap')}
        </h2>
        <Heatmap days={progress.heatmap} goal={goal} />
      </Card>
    </div>
  );
}

/**
 * The year as weeks of seven days (columns, Monday on top), scrolled sideways inside its own
 * box on a narrow screen. Every cell says its reviews and date in words.
 */
function Heatmap({ days, goal }: { days: AccountProgress['heatmap']; goal: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const first = days[0];
  // Monday = row 1 … Sunday = row 7.
  const firstRow = first ? ((new Date(`${first.date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1 : 1;
  return (
    <>
      <p className={styles.hint}>{t('User.Progress.HeatmapHint')}</p>
      <div
        className={styles.scroller}
        // A box that scrolls sideways must take the keyboard (arrow keys scroll it): not every
        // browser makes it focusable by itself, and axe asks for it (scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named scroll region
        tabIndex={0}
        role="region"
        aria-label={t('User.Progress.HeatmapDays')}
      >
        <ol className={styles.heatmap}>
          {days.map((day, index) => {
            const level = heatLevel(day.reviews, goal);
            return (
              <li
                key={day.date}
                className={cx(styles.cell, styles[`level${level}`])}
                style={index === 0 ? { gridRowStart: firstRow } : undefined}
                title={t('User.Progress.Cell', {
                  count: day.reviews,
                  date: dateInWords(day.date, language),
                })}
                data-level={level}
              >
                <span className={VISUALLY_HIDDEN}>
                  {t('User.Progress.Cell', { count: day.reviews, date: dateInWords(day.date, language) })}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <div className={styles.legend}>
        <span className={styles.legendTitle}>{t('User.Progress.Legend')}</span>
        <ul className={styles.legendList}>
          {LEVELS.map((key, level) => (
            <li key={key} className={styles.legendItem}>
              <span className={cx(styles.cell, styles[`level${level}`])} aria-hidden="true" />
              {t(`User.Progress.${key}`)}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
