import { HeroBanner } from '../features/onboarding/components/hero-banner';
import { VoicePage } from '../features/voice/components/voice-page';

// The hero banner tops the voice screen (SPEC §2). It is composed here because features do not import each
// other: the voice feature stays unaware of onboarding.
export function HomeScreen() {
  return (
    <>
      <HeroBanner />
      <VoicePage />
    </>
  );
}
