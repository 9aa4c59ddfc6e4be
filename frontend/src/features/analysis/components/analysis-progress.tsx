import { useTranslation } from 'react-i18next';

/** The analysis progress bar (docs/SPEC.md §4); `data-value` is the percentage (docs/TESTIDS.md). */
export function AnalysisProgress({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="analysis-progress"
      role="progressbar"
      aria-label={t('analysis_progress_label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid="analysis-progress"
      data-value={value}
    >
      <div className="analysis-progress-fill" style={{ inlineSize: `${value}%` }} />
    </div>
  );
}
