import { useTranslation } from 'react-i18next';
import { ANALYSIS_PROGRESS_TICK_MS } from '../../../lib/ui-constants';
import { ProgressBar } from '../../../lib/progress-bar';

/** The analysis progress bar (docs/SPEC.md §4); `data-value` is the percentage (docs/TESTIDS.md). */
export function AnalysisProgress({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <ProgressBar
      value={value}
      label={t('analysis_progress_label')}
      testId="analysis-progress"
      tickMs={ANALYSIS_PROGRESS_TICK_MS}
    />
  );
}
