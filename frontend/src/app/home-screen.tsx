import { lazy } from 'react';
import { HeroBanner } from '../features/onboarding/components/hero-banner';
import { VoicePage } from '../features/voice/components/voice-page';
import type { StoppedSession } from '../features/voice/hooks/use-stopped-session';

// Fetched when the visitor first opens it: `/` is close to its 150 KB budget (docs/DESIGN.md §8).
const AnalysisPanel = lazy(async () => ({
  default: (await import('../features/analysis/components/analysis-panel')).AnalysisPanel,
}));

const analysisPanel = (transcript: string) => <AnalysisPanel transcript={transcript} />;

// The history store (and idb) is fetched only when a session stops; nothing of it leaves the browser.
const keepInHistory = (session: StoppedSession) => {
  void import('../features/history/history-store').then(({ saveSession }) =>
    saveSession({ ...session, id: crypto.randomUUID() }),
  );
};

// The voice screen is composed here because features do not import each other: the hero banner tops it
// (docs/SPEC.md §2) and the analysis panel fills its slot, so voice stays unaware of onboarding and analysis.
export function HomeScreen() {
  return (
    <>
      <HeroBanner />
      <VoicePage analysisPanel={analysisPanel} onSessionStopped={keepInHistory} />
    </>
  );
}
