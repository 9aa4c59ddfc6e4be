/**
 * Spoken translations, played one clip after another through Web Audio. iOS Safari plays Web Audio only from a
 * context resumed inside a user gesture, so the screen calls unlockAudio() in the main button's click handler,
 * before anything asynchronous; the context is then reused for every clip of the visit.
 */

let context: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
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

export interface AudioQueue {
  /**
   * Decodes the clip and plays it once every clip queued before it has played; resolves when it has ended (or
   * the queue was stopped), rejects when it cannot be decoded.
   */
  play(clip: ArrayBuffer): Promise<void>;
  /** Stops what plays and drops what waits. */
  stop(): void;
}

export function createAudioQueue(): AudioQueue {
  let stopped = false;
  let current: AudioBufferSourceNode | undefined;
  // Decoding is asynchronous and a short clip may decode first: each clip waits for the one before it.
  let turn: Promise<unknown> = Promise.resolve();

  function playBuffer(audio: AudioContext, buffer: AudioBuffer): Promise<void> {
    return new Promise((resolve) => {
      if (stopped) return resolve();
      const source = audio.createBufferSource();
      source.buffer = buffer;
      source.connect(audio.destination);
      source.onended = () => {
        current = undefined;
        resolve();
      };
      current = source;
      source.start();
    });
  }

  return {
    play(clip) {
      const audio = audioContext();
      if (!audio) return Promise.reject(new Error('Web Audio is not available'));
      const decoding = audio.decodeAudioData(clip);
      const played = turn.then(() => decoding).then((buffer) => playBuffer(audio, buffer));
      turn = played.catch(() => undefined);
      return played;
    },
    stop() {
      stopped = true;
      try {
        current?.stop();
      } catch {
        // Not started or already ended.
      }
    },
  };
}
