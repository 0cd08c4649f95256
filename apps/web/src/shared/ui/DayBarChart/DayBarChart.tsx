import { useId } from 'react';
import { cx } from '../../lib/classNames';
import { TABULAR_NUMS } from '../utilities';
import styles from './DayBarChart.module.css';

export interface DayBarChartProps {
  /** One bar a UTC day (`YYYY-MM-DD`), in order. */
  days: readonly { day: string; value: number }[];
  /** The interface language, for the dates. */
  language: string;
  /** The chart's name, and a sentence that says what it shows (its caption and description). */
  title: string;
  summary: string;
  /** The day whose bar stands out (today). */
  highlight: number;
  /** Which days get a date under the axis. */
  isLabelled: (index: number, count: number) => boolean;
  /** "Show as a table", and the table's two column headers. */
  tableLabel: string;
  dayHeader: string;
  valueHeader: string;
  height?: number;
  /** The caption changes while the user acts (a preview): say it again. */
  liveCaption?: boolean;
  'data-testid'?: string;
}

const BAR = 10;
const GAP = 3;
const AXIS = 18;

/**
 * A number per day as a small bar chart. The SVG is one image named by a sentence that says
 * what it shows; each bar has its exact figure as a tooltip, and the days with a figure are in
 * a table one click away.
 */
export function DayBarChart({
  days,
  language,
  title,
  summary,
  highlight,
  isLabelled,
  tableLabel,
  dayHeader,
  valueHeader,
  height: chartHeight = 96,
  liveCaption = false,
  'data-testid': testId,
}: DayBarChartProps) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(1, ...days.map((day) => day.value));
  const filled = days.filter((day) => day.value > 0);
  const width = days.length * (BAR + GAP) - GAP;
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const last = days.length - 1;

  return (
    <figure className={styles.figure}>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${width} ${chartHeight + AXIS}`}
        className={styles.chart}
        data-testid={testId}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        <line x1={0} x2={width} y1={chartHeight + 0.5} y2={chartHeight + 0.5} className={styles.axis} />
        {days.map((day, index) => {
          const height = day.value === 0 ? 0 : Math.max(3, (day.value / max) * (chartHeight - 4));
          const x = index * (BAR + GAP);
          // The first and last dates stay inside the chart; the others centre on their bar.
          const anchor = index === 0 ? 'start' : index === last ? 'end' : 'middle';
          return (
            <g key={day.day}>
              {height > 0 && (
                <rect
                  x={x}
                  y={chartHeight - height}
                  width={BAR}
                  height={height}
                  rx={2}
                  className={cx(styles.bar, index === highlight && styles.today)}
                >
                  <title>{`${long.format(dateOf(day.day))}: ${day.value}`}</title>
                </rect>
              )}
              {isLabelled(index, days.length) && (
                <text
                  x={anchor === 'start' ? x : anchor === 'end' ? x + BAR : x + BAR / 2}
                  y={chartHeight + AXIS - 4}
                  textAnchor={anchor}
                  className={styles.label}
                >
                  {short.format(dateOf(day.day))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption} aria-live={liveCaption ? 'polite' : undefined}>
        {summary}
      </figcaption>
      {filled.length > 0 && (
        <details className={styles.details}>
          <summary>{tableLabel}</summary>
          <table className={cx(styles.table, TABULAR_NUMS)}>
            <thead>
              <tr>
                <th scope="col">{dayHeader}</th>
                <th scope="col">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {filled.map((day) => (
                <tr key={day.day}>
                  <td>{long.format(dateOf(day.day))}</td>
                  <td>{day.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
