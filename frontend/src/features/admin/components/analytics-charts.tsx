import { useId } from 'react';

/*
 * Plain SVG charts: three small pictures do not justify a chart library in this lazy page. Every chart states
 * its numbers as text too (a summary, or a label and value per row), so nothing is only visible as a shape.
 */

export interface BarRow {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  /** Shown instead of the bare number (a percentage beside it, say). */
  readonly display?: string;
  readonly testId?: string;
}

/** Horizontal bars, one row per item, each row's label and number in text. */
export function BarList({ rows, label }: { readonly rows: readonly BarRow[]; readonly label: string }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="bar-list" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className="bar-row">
          <span className="bar-label">{row.label}</span>
          <span className="bar-value" data-testid={row.testId} data-value={row.value}>
            {row.display ?? row.value.toLocaleString()}
          </span>
          <svg
            className="bar-track"
            viewBox="0 0 100 8"
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            <rect x="0" y="0" width="100" height="8" rx="2" className="bar-background" />
            <rect x="0" y="0" width={(row.value / max) * 100} height="8" rx="2" className="bar-fill" />
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** Views per day as columns; the summary sentence is the image's accessible name. */
export function DailyViewsChart({
  days,
  summary,
  firstLabel,
  lastLabel,
}: {
  readonly days: readonly { readonly day: string; readonly views: number }[];
  readonly summary: string;
  readonly firstLabel: string;
  readonly lastLabel: string;
}) {
  const titleId = useId();
  const max = Math.max(1, ...days.map((day) => day.views));
  const width = days.length * 10;
  return (
    <figure className="daily-chart">
      <svg
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
        data-testid="admin-daily-chart"
      >
        <title id={titleId}>{summary}</title>
        <line x1="0" y1="100" x2={width} y2="100" className="chart-axis" />
        {days.map((day, index) => {
          const height = (day.views / max) * 96;
          return (
            <rect
              key={day.day}
              x={index * 10 + 1.5}
              y={100 - height}
              width="7"
              height={height}
              className="bar-fill"
              data-day={day.day}
              data-value={day.views}
            />
          );
        })}
      </svg>
      <figcaption className="daily-chart-axis">
        <span>{firstLabel}</span>
        <span>{lastLabel}</span>
      </figcaption>
    </figure>
  );
}
