import type { CSSProperties } from 'react';
import './progress-bar.css';

/**
 * A determinate progress bar (the analysis panel's and the photo result's, docs/SPEC.md §4); `data-value` is the
 * percentage (docs/TESTIDS.md). The fill eases over one tick, so the bar moves smoothly between ticks.
 */
export function ProgressBar({
  value,
  label,
  testId,
  tickMs,
}: {
  value: number;
  label: string;
  testId: string;
  tickMs: number;
}) {
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid={testId}
      data-value={value}
    >
      <div
        className="progress-bar-fill"
        style={{ inlineSize: `${value}%`, '--progress-tick': `${tickMs}ms` } as CSSProperties}
      />
    </div>
  );
}
