/** A thin progress bar with its text (percent 0..100). */
export function ProgressBar({ percent, label, small = false }: { percent: number; label: string; small?: boolean }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={`sp-progress${small ? ' is-small' : ''}`} data-testid="plan-progress" data-percent={value}>
      <span
        className="sp-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-label={label}
      >
        <span style={{ width: `${value}%` }} />
      </span>
      {label && <span className="sp-line">{label}</span>}
    </div>
  );
}
