/**
 * Spoken translations, played one clip after another through Web Audio. iOS Safari plays Web Audio only from a
 * context resumed inside a user gesture, so the screen calls unlockAudio() in the main button's click handler,
 * before anything asynchronous; the context is then reused for every clip of the visit.
 */

let context: AudioContext | undefined;

/** The visit's one AudioContext, created on first use; undefined without Web Audio. */
export function audioContext(): AudioContext | undefined {
  if (context) return context;
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return undefined;
  context = new AudioContext();
  return context;
}

/** Call synchronously from a click or tap: creates or resumes the shared context and plays one silent sample. */
export function unlockAudio(): void {
  const audio = audioContext();
  if (!audio) return;
  void audio.resume().catch(() => undefined);
  // Older iOS versions unlock only once a source has started within the gesture.
  const silence = audio.createBufferSource();
  silence.buffer = audio.createBuffer(1, 1, audio.sampleRate);
  silence.connect(audio.destination);
  silence.start();
}
