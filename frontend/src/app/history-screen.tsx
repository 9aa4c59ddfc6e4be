import { lazy } from 'react';
import { HistoryPage } from '../features/history/components/history-page';

const AnalysisPanel = lazy(async () => ({
  default: (await import('../features/analysis/components/analysis-panel')).AnalysisPanel,
}));

const analysisPanel = (transcript: string, targetLanguage?: string) => (
  <AnalysisPanel transcript={transcript} targetLanguage={targetLanguage} />
);

// Composed here, as the voice screen is in home-screen.tsx: features do not import each other.
export function HistoryScreen() {
  return <HistoryPage analysisPanel={analysisPanel} />;
}
