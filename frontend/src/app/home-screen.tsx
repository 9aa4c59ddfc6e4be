import { lazy } from 'react';
import { HeroBanner } from '../features/onboarding/components/hero-banner';
import { VoicePage } from '../features/voice/components/voice-page';

// Fetched when the visitor first opens it: `/` is close to its 150 KB budget (docs/DESIGN.md §8).
const AnalysisPanel = lazy(async () => ({
  default: (await import('../features/analysis/components/analysis-panel')).AnalysisPanel,
}));

const analysisPanel = (transcript: string) => <AnalysisPanel transcript={transcript} />;

// The voice screen is composed here because features do not import each other: the hero banner tops it
// (docs/SPEC.md §2) and the analysis panel fills its slot, so voice stays unaware of onboarding and analysis.
export function HomeScreen() {
  return (
    <>
      <HeroBanner />
      <VoicePage analysisPanel={analysisPanel} />
    </>
  );
}
