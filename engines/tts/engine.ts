import type { Engine } from '../engine';
import { sharedEspeakSpeaker } from './espeak-speaker';

/**
 * Voices offline: espeak-ng (wasm) in one worker per process, started by the first phrase, or by `warm` when
 * the local cloud starts with this engine chosen (0.8-1.7 s, docs/ENGINES.md).
 */
export const ttsEngine: Engine<'tts'> = {
  capability: 'tts',
  provider: () => sharedEspeakSpeaker(),
  warm: () => sharedEspeakSpeaker().ready(),
};
