import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { TABULAR_NUMS } from '../../../shared/ui';
import styles from './TestsChart.module.css';

interface TestsChartProps {
  /** Tests per UTC day, oldest first, ending today. */
  days: readonly { day: string; tests: number }[];
  language: string;
}

const BAR = 10;
const GAP = 3;
const HEIGHT = 96;
const AXIS = 18;

/**
 * Tests per day as a small bar chart. The SVG is one image named by a sentence that says what
 * it shows (total, active days, busiest day); the exact numbers are in a table one click away.
 */
export function TestsChart({ days, language }: TestsChartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const max = Math.max(1, ...days.map((day) => day.tests));
  const total = days.reduce((sum, day) => sum + day.tests, 0);
  const active = days.filter((day) => day.tests > 0);
  const width = days.length * (BAR + GAP) - GAP;
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const summary = t('Dictionaries.Progress.ChartSummary', {
    total,
    days: active.length,
    max: total === 0 ? 0 : max,
  });

  return (
    <figure className={styles.figure}>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}
        className={styles.chart}
        data-testid="tests-chart"
      >
        <title id={titleId}>{t('Dictionaries.Progress.Chart')}</title>
        <desc id={descId}>{summary}</desc>
        <line x1={0} x2={width} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} className={styles.axis} />
        {days.map((day, index) => {
          const height = day.tests === 0 ? 0 : Math.max(3, (day.tests / max) * (HEIGHT - 4));
          const x = index * (BAR + GAP);
          return (
            <g key={day.day}>
              {height > 0 && (
                <rect
                  x={x}
                  y={HEIGHT - height}
                  width={BAR}
                  height={height}
                  rx={2}
                  className={cx(styles.bar, index === days.length - 1 && styles.today)}
                >
                  <title>{`${long.format(dateOf(day.day))}: ${day.tests}`}</title>
                </rect>
              )}
              {(days.length - 1 - index) % 14 === 0 && (
                <text x={x + BAR} y={HEIGHT + AXIS - 4} textAnchor="end" className={styles.label}>
                  {short.format(dateOf(day.day))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>{summary}</figcaption>
      {active.length > 0 && (
        <details className={styles.details}>
          <summary>{t('Dictionaries.Progress.ChartTable')}</summary>
          <table className={cx(styles.table, TABULAR_NUMS)}>
            <thead>
              <tr>
                <th scope="col">{t('Dictionaries.Progress.Day')}</th>
                <th scope="col">{t('Dictionaries.Progress.Tests')}</th>
              </tr>
            </thead>
            <tbody>
              {active.map((day) => (
                <tr key={day.day}>
                  <td>{long.format(dateOf(day.day))}</td>
                  <td>{day.tests}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
