import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** 0 to 100; leave out while the amount is not known yet. */
  value?: number;
  /** The accessible name, e.g. the file it belongs to. */
  label: string;
  /** What a screen reader says instead of the bare percentage, e.g. "45%, 2.1 MB of 4.6 MB". */
  valueText?: string;
  tone?: 'progress' | 'success' | 'error';
}

/** A determinate (or, without a value, indeterminate) progress bar with role progressbar and its value. */
export function ProgressBar({ value, label, valueText, tone = 'progress' }: ProgressBarProps) {
  const clamped = value === undefined ? undefined : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={`${styles.track} ${styles[tone]}`}
    >
      <div className={clamped === undefined ? styles.indeterminate : styles.fill} style={clamped === undefined ? undefined : { width: `${clamped}%` }} />
    </div>
  );
}
