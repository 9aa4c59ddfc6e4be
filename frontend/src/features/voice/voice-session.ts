import { SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import { RECORDING_START_DELAY_MS } from '../../lib/ui-constants';
import { RATE_LIMIT_KEYS, VOICE_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { AudioCaptureError, startAudioCapture, type AudioCapture } from '../../lib/audio-capture';
import { openDeepgramSocket, type DeepgramSocket, type TranscriptResult } from '../../lib/deepgram-socket';
import { fetchSpeechKey, reportUsage } from './api';
import type { MicrophoneStartResult } from './conversation';

export type VoiceMessageKey =
  | (typeof VOICE_ERROR_KEYS)[keyof typeof VOICE_ERROR_KEYS]
  | typeof RATE_LIMIT_KEYS.default
  | 'voice_connection_lost';

/** What a session tells the conversation; each maps to a reducer event or a toast. */
export interface VoiceSessionEvents {
  microphone(result: MicrophoneStartResult): void;
  /** RECORDING_START_DELAY_MS after "listening". */
  startDelayElapsed(): void;
  transcript(result: TranscriptResult): void;
  /** The session ended by itself: the allowance ran out (429 or the TTL cut-off), or it broke. */
  ended(reason: 'limit_reached' | 'failed'): void;
  toast(key: VoiceMessageKey): void;
}

export interface VoiceSessionOptions {
  /** Subscribers have no TTL cut-off (docs/SPEC.md §6). */
  readonly subscriber: boolean;
  /** docs/SPEC.md §8: a failed usage update is reported to signed-in users only. */
  readonly signedIn: boolean;
  readonly muted: boolean;
}

export interface VoiceSession {
  setMuted(muted: boolean): void;
  /**
   * The traveller stopped: hands the socket the last partial chunk, finalizes it (Finalize, CloseStream) and
   * resolves once the server has sent its last results (bounded by the socket's close timeout) and the session
   * is released. Transcripts keep arriving until then.
   */
  finish(): Promise<void>;
  /** Releases the microphone and the socket and reports the seconds used; further events are dropped. */
  stop(): void;
}

/**
 * One conversation from start to stop: microphone, then speech key, then socket (the microphone first, so a
 * denied permission never opens a lease). Kept out of the first bundle: the screen loads it on the first press.
 */
export function startVoiceSession(options: VoiceSessionOptions, events: VoiceSessionEvents): VoiceSession {
  let stopped = false;
  let muted = options.muted;
  let capture: AudioCapture | undefined;
  let socket: DeepgramSocket | undefined;
  let keyIssuedAt: number | undefined;
  const pending: ArrayBuffer[] = [];
  const timers: ReturnType<typeof setTimeout>[] = [];

  function report(seconds: number): void {
    void reportUsage(seconds).then((ok) => {
      if (!ok && options.signedIn) events.toast(VOICE_ERROR_KEYS.usageUpdate);
    });
  }

  function release(): void {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    capture?.stop();
    void socket?.finish();
    if (keyIssuedAt === undefined) return;
    const seconds = (performance.now() - keyIssuedAt) / 1000;
    keyIssuedAt = undefined;
    report(seconds);
  }

  async function finish(): Promise<void> {
    if (stopped) return;
    for (const timer of timers) clearTimeout(timer);
    // The capture's partial chunk goes to the socket (or the pending list) before the socket is finalized.
    await capture?.finish();
    if (stopped) return;
    await socket?.finish();
    if (!stopped) release();
  }

  function end(reason: 'limit_reached' | 'failed'): void {
    if (stopped) return;
    release();
    events.ended(reason);
  }

  async function run(): Promise<void> {
    try {
      capture = await startAudioCapture((chunk) => {
        if (socket) socket.sendAudio(chunk);
        else pending.push(chunk);
      });
    } catch (error) {
      if (stopped) return;
      stopped = true;
      const failure = error instanceof AudioCaptureError ? error.failure : 'failed';
      if (failure === 'unsupported') events.toast(VOICE_ERROR_KEYS.microphoneAccess);
      if (failure === 'failed') events.toast(VOICE_ERROR_KEYS.transcriptionStart);
      events.microphone(failure === 'denied' ? 'permission_denied' : 'error');
      return;
    }
    if (stopped) return capture.stop();
    capture.setMuted(muted);

    const key = await fetchSpeechKey();
    if (stopped) {
      // The server opened a lease for this key however early the stop came; unclosed, it would be charged
      // its whole time to live. Nothing was spoken on it.
      if (key.kind === 'ok') report(0);
      return;
    }
    if (key.kind === 'limit_reached' && !options.subscriber) return end('limit_reached');
    if (key.kind === 'limit_reached' || key.kind === 'rate_limited') {
      // Keys taken too fast, or a subscriber's 429 (no allowance to run out of, never the limit dialog, docs/SPEC.md
      // §6): a rate limit. Say so, and leave the button free to try again rather than disabled for the visit.
      events.toast(RATE_LIMIT_KEYS.default);
      return end('failed');
    }
    if (key.kind === 'failed') {
      events.toast(VOICE_ERROR_KEYS.speechKey);
      return end('failed');
    }

    keyIssuedAt = performance.now();
    socket = openDeepgramSocket({
      url: key.key.url,
      key: key.key.key,
      // Finishing waits this long for the last final: a loaded speech engine can take seconds to decode it.
      closeTimeoutMs: 5_000,
      onTranscript: (result) => {
        if (!stopped) events.transcript(result);
      },
      onFailure: () => {
        if (stopped) return;
        events.toast('voice_connection_lost');
        end('failed');
      },
    });
    socket.setMuted(muted);
    for (const chunk of pending.splice(0)) socket.sendAudio(chunk);

    events.microphone('listening');
    timers.push(setTimeout(() => events.startDelayElapsed(), RECORDING_START_DELAY_MS));
    if (!options.subscriber) {
      // A non-subscriber stops a little before the key expires, so the server never has to refuse audio.
      const cutOffMs = Math.max(0, (key.key.time_to_live_in_seconds - SESSION_CUTOFF_MARGIN_SECONDS) * 1000);
      timers.push(setTimeout(() => end('limit_reached'), cutOffMs));
    }
  }

  void run();

  return {
    setMuted(value) {
      muted = value;
      capture?.setMuted(value);
      socket?.setMuted(value);
    },
    finish,
    stop() {
      if (!stopped) release();
    },
  };
}
