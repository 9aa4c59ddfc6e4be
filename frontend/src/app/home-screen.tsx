import { lazy } from 'react';
import { HeroBanner } from '../features/onboarding/components/hero-banner';
import { VoicePage } from '../features/voice/components/voice-page';
import { prefetchVoiceCapabilities } from '../features/voice/hooks/use-translation-support';
import { VoiceCardPending } from './shell-skeleton';

/** What the home screen asks the API for before it mounts (main.tsx calls it on `/` as soon as this code is in). */
export const prefetchHomeScreen = prefetchVoiceCapabilities;
import type { StoppedSession } from '../features/voice/hooks/use-stopped-session';

// Fetched when the visitor first opens it, not with `/` (docs/DESIGN.md §8 budget).
const AnalysisPanel = lazy(async () => ({
  default: (await import('../features/analysis/components/analysis-panel')).AnalysisPanel,
}));

// The history store (and idb) is fetched only when a session stops; nothing of it leaves the browser.
const loadHistoryStore = () => import('../features/history/history-store');

/** The session last handed to the history, so an analysis of its transcript is kept with it. */
let lastKept: { id: string; transcript: string } | undefined;

const keepInHistory = (session: StoppedSession) => {
  const id = crypto.randomUUID();
  lastKept = { id, transcript: session.transcript };
  void loadHistoryStore().then(({ saveSession }) => saveSession({ ...session, id }));
};

const keepAnalysis = (transcript: string) => (analysis: unknown) => {
  if (lastKept?.transcript !== transcript) return;
  const { id } = lastKept;
  void loadHistoryStore().then(({ updateAnalysis }) => updateAnalysis(id, analysis));
};

const analysisPanel = (transcript: string) => (
  <AnalysisPanel transcript={transcript} onSettled={keepAnalysis(transcript)} />
);

// The voice screen is composed here because features do not import each other: the hero banner tops it
// (docs/SPEC.md §2) and the analysis panel fills its slot, so voice stays unaware of onboarding and analysis.
export function HomeScreen() {
  return (
    <div className="home-screen">
      <HeroBanner />
      <VoicePage
        analysisPanel={analysisPanel}
        onSessionStopped={keepInHistory}
        pending={<VoiceCardPending />}
      />
    </div>
  );
}
