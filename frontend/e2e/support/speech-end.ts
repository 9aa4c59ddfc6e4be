import { readFileSync } from 'node:fs';

/**
 * Where speech begins and ends in a 16-bit PCM WAV fixture (first and last sample above `threshold` of full
 * scale), in seconds from the start of the file. The page measures the same span on what its microphone hears
 * (`installSpeechEndWatch`), so "the end of speech" is known on the page's clock without app hooks.
 */
export function speechSpan(wavPath: string, threshold = SPEECH_THRESHOLD): { onset: number; end: number } {
  const bytes = readFileSync(wavPath);
  let offset = 12;
  let rate = 0;
  let channels = 1;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(offset + 10);
      rate = bytes.readUInt32LE(offset + 12);
    }
    if (id === 'data') {
      const start = offset + 8;
      const frames = Math.floor(Math.min(size, bytes.length - start) / (2 * channels));
      let first = -1;
      let last = -1;
      for (let frame = 0; frame < frames; frame++) {
        const sample = bytes.readInt16LE(start + frame * 2 * channels) / 0x8000;
        if (Math.abs(sample) >= threshold) {
          if (first < 0) first = frame;
          last = frame;
        }
      }
      return { onset: first / rate, end: (last + 1) / rate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${wavPath}: no data chunk`);
}

export const SPEECH_THRESHOLD = 0.02;

/** What the page records about its microphone, on `window.__speechWatch`. */
export interface SpeechWatch {
  /** performance.now() at which the first sample above the threshold was heard, per getUserMedia call. */
  onsets: number[];
  /** performance.now() of each planned press, and how long after the end of speech (ms) it came. */
  presses: { at: number; afterEndMs: number }[];
}

/**
 * An init script: taps every microphone stream the app opens (a ScriptProcessor of 256 frames on a context of
 * its own) and, when `window.__pressAfterSpeech = {speechSeconds, delayMs}` is set, clicks the main button
 * `delayMs` after the end of speech, the end being the onset the page heard plus the fixture's
 * onset-to-end span. Counted in samples heard, so a slow main thread does not move the end.
 */
export function installSpeechEndWatch(threshold: number): void {
  const watch: SpeechWatch = { onsets: [], presses: [] };
  (window as unknown as { __speechWatch: SpeechWatch }).__speechWatch = watch;
  const devices = navigator.mediaDevices;
  const original = devices.getUserMedia.bind(devices);
  // Only the newest microphone counts: each getUserMedia restarts the fixture (docs/E2E.md).
  let closePrevious = () => {};
  devices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    closePrevious();
    const context = new AudioContext();
    const clone = stream.clone();
    closePrevious = () => {
      for (const track of clone.getTracks()) track.stop();
      void context.close();
    };
    const source = context.createMediaStreamSource(clone);
    const tap = context.createScriptProcessor(256, 1, 1);
    let heard = 0;
    let onset = -1;
    tap.onaudioprocess = (event) => {
      // The app stopped this microphone (its track ended): this tap has nothing more to say.
      if (stream.getAudioTracks().every((track) => track.readyState === 'ended')) return closePrevious();
      const samples = event.inputBuffer.getChannelData(0);
      if (onset < 0) {
        const index = samples.findIndex((sample) => Math.abs(sample) >= threshold);
        if (index >= 0) {
          onset = heard + index;
          watch.onsets.push(performance.now());
        }
      }
      heard += samples.length;
      const plan = (window as unknown as { __pressAfterSpeech?: { speechSeconds: number; delayMs: number } })
        .__pressAfterSpeech;
      if (!plan || onset < 0) return;
      const end = onset + plan.speechSeconds * context.sampleRate;
      const after = ((heard - end) / context.sampleRate) * 1000;
      if (after < plan.delayMs) return;
      (window as unknown as { __pressAfterSpeech?: unknown }).__pressAfterSpeech = undefined;
      watch.presses.push({ at: performance.now(), afterEndMs: after });
      document.querySelector<HTMLButtonElement>('[data-testid="main-button"]')?.click();
    };
    source.connect(tap);
    tap.connect(context.destination);
    return stream;
  };
}
