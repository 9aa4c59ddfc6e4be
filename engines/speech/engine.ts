import type { Engine } from '../engine';
import { createEmbeddedRecognizer } from './recognizer';
import { createSpeechEngine, type SpeechEngine } from './speech-engine';

// This local cloud's own engine, stopped with it: a process-wide one would keep its worker threads (and the
// process) alive after the local cloud stops, which is what a test run's global teardown relies on.
let running: SpeechEngine | undefined;
const currentEngine = (): SpeechEngine => (running ??= createSpeechEngine());

/**
 * Speech to text offline: Moonshine with VAD, the recogniser behind the speech relay (lambdas/relay/) when no
 * provider key is set. The relay, the same one that relays to Deepgram, checks tickets and meters the audio.
 */
export const speechEngine: Engine<'stt'> = {
  capability: 'stt',
  provider: () => createEmbeddedRecognizer({ engine: currentEngine() }),
  warm: () => currentEngine().ready(),
  async close() {
    const engine = running;
    running = undefined;
    await engine?.close();
  },
};
