import { lazy } from 'react';
import type { AnalysisState } from '../features/analysis/analysis-model';
import { HistoryPage, type KeptAnalysisPanel } from '../features/history/components/history-page';

const AnalysisPanel = lazy(async () => ({
  default: (await import('../features/analysis/components/analysis-panel')).AnalysisPanel,
}));

// What the history kept is what the analysis panel reported (home-screen.tsx), so it has the panel's shape.
const analysisPanel: KeptAnalysisPanel = ({ transcript, targetLanguage, kept, onSettled }) => (
  <AnalysisPanel
    transcript={transcript}
    targetLanguage={targetLanguage}
    kept={kept as AnalysisState | undefined}
    onSettled={onSettled}
  />
);

// Composed here, as the voice screen is in home-screen.tsx: features do not import each other.
export function HistoryScreen() {
  return <HistoryPage analysisPanel={analysisPanel} />;
}
