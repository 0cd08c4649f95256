import { cx } from '../../lib/classNames';
import styles from './ProgressBar.module.css';

interface ProgressBarProps {
  /** How much is done, from 0 to `max`. */
  value: number;
  max: number;
  /** Names the bar for screen readers, e.g. "Test progress". */
  label: string;
  /** What a screen reader says instead of a percentage, e.g. "Word 3 of 10". */
  valueText?: string;
  className?: string;
}

/** A thin horizontal bar that shows how far along something is. */
export function ProgressBar({ value, max, label, valueText, className }: ProgressBarProps) {
  const clamped = Math.min(Math.max(value, 0), Math.max(max, 0));
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cx(styles.track, className)}
    >
      <div className={styles.fill} style={{ inlineSize: `${percent}%` }} />
    </div>
  );
}
