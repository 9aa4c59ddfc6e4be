/** espeak-ng's output: 16-bit mono PCM at this rate (checked when it loads). */
export const ESPEAK_SAMPLE_RATE_HZ = 22_050;
/** espeak-ng's own speaking rate, words a minute: a `speed` multiplies it. */
export const ESPEAK_DEFAULT_WORDS_PER_MINUTE = 175;

export interface Espeak {
  /** Names of the voices espeak-ng carries (the last part of each identifier, e.g. `en-US`, `cmn`). */
  voiceNames(): string[];
  /** False when espeak-ng has no such voice. */
  setVoice(voice: string): boolean;
  /** Words a minute, until set again. */
  setRate(wordsPerMinute: number): void;
  /** Synchronous: calls `onAudio` with each piece as espeak-ng makes it; `onAudio` returning true stops it. */
  synthesize(text: string, onAudio: (samples: Int16Array) => boolean): void;
}

/** Loads the wasm build with its voice data (both inside the npm package: nothing is fetched). */
export async function loadEspeak(): Promise<Espeak> {
  // Imported here, not at the top: the local cloud imports this folder at start, and only the worker needs espeak-ng.
  const { default: createEspeakModule } = await import('@echogarden/espeak-ng-emscripten');
  const module = await createEspeakModule();
  const worker = new module.eSpeakNGWorker();
  if (worker.samplerate !== ESPEAK_SAMPLE_RATE_HZ) {
    throw new Error(`espeak-ng speaks at ${worker.samplerate} Hz, not ${ESPEAK_SAMPLE_RATE_HZ}`);
  }
  return {
    voiceNames: () =>
      worker.list_voices().map((voice) => voice.identifier.split('/').at(-1) ?? voice.identifier),
    setVoice: (voice) => worker.set_voice(voice) === 0,
    setRate: (wordsPerMinute) => worker.set_rate(wordsPerMinute),
    synthesize: (text, onAudio) => worker.synthesize(text, (samples) => onAudio(samples)),
  };
}
