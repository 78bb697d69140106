/** Props of {@link ProgressBar}: `fraction` 0–1, or null when the total is unknown (an indeterminate bar). */
export interface ProgressBarProps {
  fraction: number | null;
  label: string;
  tone?: 'running' | 'done' | 'failed' | 'paused';
}

/** A thin progress bar with role="progressbar" (percent as its value; no value while unknown). */
export function ProgressBar({ fraction, label, tone = 'running' }: ProgressBarProps) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <span
      className={`dl-bar ${tone}${percent === null ? ' unknown' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(percent !== null ? { 'aria-valuenow': percent } : {})}
    >
      <span style={{ width: `${percent ?? 100}%` }} />
    </span>
  );
}
