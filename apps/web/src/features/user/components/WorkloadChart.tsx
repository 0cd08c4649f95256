import type { WorkloadForecast } from '@wordhoard/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { TABULAR_NUMS } from '../../../shared/ui';
import styles from './WorkloadChart.module.css';

interface WorkloadChartProps {
  forecast: WorkloadForecast;
  language: string;
}

const BAR = 10;
const GAP = 3;
const HEIGHT = 80;
const AXIS = 18;

/** Today, every week after it while a label still fits, and the last day. */
const labelled = (index: number, days: number) =>
  index === days - 1 || (index % 7 === 0 && index <= days - 7);

/**
 * The expected reviews of the next 30 days as a small bar chart, today first. The SVG is one
 * image named by a sentence that says what it shows (the retention, the total, the busiest
 * day); the exact numbers are in a table one click away (as the progress chart does).
 */
export function WorkloadChart({ forecast, language }: WorkloadChartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const { days, total } = forecast;
  const max = Math.max(0, ...days.map((day) => day.reviews));
  const busy = days.filter((day) => day.reviews > 0);
  const width = days.length * (BAR + GAP) - GAP;
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const summary =
    total === 0
      ? t('User.Learning.ForecastNone')
      : t('User.Learning.ForecastSummary', { retention: percent.format(forecast.retention), total, max });

  return (
    <figure className={styles.figure}>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}
        className={styles.chart}
        data-testid="workload-chart"
      >
        <title id={titleId}>{t('User.Learning.ForecastTitle')}</title>
        <desc id={descId}>{summary}</desc>
        <line x1={0} x2={width} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} className={styles.axis} />
        {days.map((day, index) => {
          const height = day.reviews === 0 ? 0 : Math.max(3, (day.reviews / Math.max(1, max)) * (HEIGHT - 4));
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
                  className={cx(styles.bar, index === 0 && styles.today)}
                >
                  <title>{`${long.format(dateOf(day.day))}: ${day.reviews}`}</title>
                </rect>
              )}
              {labelled(index, days.length) && (
                <text
                  x={index === 0 ? x : index === days.length - 1 ? x + BAR : x + BAR / 2}
                  y={HEIGHT + AXIS - 4}
                  textAnchor={index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle'}
                  className={styles.label}
                >
                  {short.format(dateOf(day.day))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption} aria-live="polite">
        {summary}
      </figcaption>
      {busy.length > 0 && (
        <details className={styles.details}>
          <summary>{t('User.Learning.ForecastTable')}</summary>
          <table className={cx(styles.table, TABULAR_NUMS)}>
            <thead>
              <tr>
                <th scope="col">{t('User.Learning.Day')}</th>
                <th scope="col">{t('User.Learning.Reviews')}</th>
              </tr>
            </thead>
            <tbody>
              {busy.map((day) => (
                <tr key={day.day}>
                  <td>{long.format(dateOf(day.day))}</td>
                  <td>{day.reviews}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
