import type { SpeechKeyResponse } from '@wayfarer/shared/api/speech';
import { CLOSE } from '@wayfarer/shared/api/speech-protocol';
import { AUDIO_CHUNK_INTERVAL_MS, SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import { RECORDING_START_DELAY_MS } from '../../lib/ui-constants';
import { RATE_LIMIT_KEYS, VOICE_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { AudioCaptureError, startAudioCapture, type AudioCapture } from '../../lib/audio-capture';
import {
  openDeepgramSocket,
  type DeepgramSocket,
  type SocketFailure,
  type TranscriptResult,
} from '../../lib/deepgram-socket';
import { fetchSpeechKey, reportUsage } from './api';
import type { MicrophoneStartResult } from './conversation';

// docs/SPEC.md §9, speech socket reconnect. Here rather than in shared/constants.ts: that module is in the first
// screen's bundle, which has no byte to spare (docs/DESIGN.md §8), and only this lazily loaded session reads them.

/**
 * The waits before each fresh key after a drop (the first at once: a server that closed may already be back), so
 * at most 4 keys per outage, within the 8 a caller may take in 30 s (lambdas/domain/allowance.ts
 * SPEECH_KEY_LIMITS) even right after a start.
 */
export const SPEECH_RECONNECT_DELAYS_MS = [0, 1000, 2000, 4000] as const;
/** A key refused as taken too fast (429 error_rate_limit) while reconnecting waits at least this long. */
export const SPEECH_RECONNECT_RATE_LIMITED_MS = 5000;
/** A reconnected socket that stays open this long ends the outage: a later drop gets every try again. */
export const SPEECH_RECONNECT_STABLE_MS = 10_000;
/** Offline (navigator.onLine false) the session waits for the network, taking no key, at most this long. */
export const SPEECH_RECONNECT_OFFLINE_MS = 120_000;
/** Audio captured while reconnecting that is kept for the new socket: 10 s of chunks, the oldest dropped. */
export const SPEECH_RECONNECT_BUFFERED_CHUNKS = 10_000 / AUDIO_CHUNK_INTERVAL_MS;
/**
 * Stop keeps listening this long before the socket is finalized: a traveller presses Stop as the last word ends,
 * and its fading end ("dollars") is still on its way through the capture (the e2e Stop-at-the-end spec, under
 * load, heard "twenty knots" without it).
 */
export const FINISH_CAPTURE_TAIL_MS = 250;

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
  /** The socket dropped and the session is taking a fresh key for a new one; the microphone stays open. */
  reconnecting(): void;
  /** The new socket is open: what was captured meanwhile (the last 10 s of it) has gone to it. */
  reconnected(): void;
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
 * Whether a socket that closed without our finish() is worth a fresh key (docs/SPEC.md §4, Connection lost): a
 * normal close or a refused key or parameters (1008) would close the new socket the same way; anything else
 * (1006 when the network went, 1001 a server going away, 1011 an internal error) may not.
 */
export function isReconnectable(failure: SocketFailure): boolean {
  return failure.code !== CLOSE.normal && failure.code !== CLOSE.policyViolation;
}

/**
 * The wait before reconnect try `attempt` (0 for the first, right after the drop), or undefined when the tries
 * are spent and the session ends. A key refused as taken too fast waits for older keys to age out.
 */
export function reconnectDelay(attempt: number, rateLimited = false): number | undefined {
  const delay = SPEECH_RECONNECT_DELAYS_MS[attempt];
  if (delay === undefined) return undefined;
  return rateLimited ? Math.max(delay, SPEECH_RECONNECT_RATE_LIMITED_MS) : delay;
}

/**
 * One conversation from start to stop: microphone, then speech key, then socket (the microphone first, so a
 * denied permission never opens a lease). Kept out of the first bundle: the screen loads it on the first press.
 *
 * A socket that drops once it has been open is replaced (docs/SPEC.md §4, Connection lost): its lease is
 * reported first, then a fresh key opens a new socket, and the microphone's audio meanwhile is kept for it. Each
 * key's lease is closed once, by a report or by the next key, before the next key is asked for, so no second of
 * the session is charged twice (the server closes the caller's newest open lease on a report).
 */
export function startVoiceSession(options: VoiceSessionOptions, events: VoiceSessionEvents): VoiceSession {
  let stopped = false;
  let muted = options.muted;
  let capture: AudioCapture | undefined;
  let socket: DeepgramSocket | undefined;
  /** The open lease of the current key: when it was issued, and when its socket dropped. */
  let lease: { readonly issuedAt: number; droppedAt?: number } | undefined;
  /** A socket has been open in this session: only then is a drop a lost connection rather than a failed start. */
  let connected = false;
  /** Failed tries since the connection was last stable. */
  let attempts = 0;
  /** The interim result being heard: a dropped socket will never finalize it. */
  let heard: TranscriptResult | undefined;
  let cutOff: ReturnType<typeof setTimeout> | undefined;
  let stable: ReturnType<typeof setTimeout> | undefined;
  /** Audio captured while no socket takes it (before the first, and while reconnecting). */
  const buffered: ArrayBuffer[] = [];
  const timers: ReturnType<typeof setTimeout>[] = [];
  const cleanups: (() => void)[] = [];

  function report(seconds: number): void {
    void reportUsage(seconds).then((ok) => {
      if (!ok && options.signedIn) events.toast(VOICE_ERROR_KEYS.usageUpdate);
    });
  }

  /** The current lease's seconds, up to its socket's drop if it dropped; the lease is then no longer ours to report. */
  function takeLeaseSeconds(): number | undefined {
    if (!lease) return undefined;
    const seconds = ((lease.droppedAt ?? performance.now()) - lease.issuedAt) / 1000;
    lease = undefined;
    return seconds;
  }

  function release(): void {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    clearTimeout(cutOff);
    clearTimeout(stable);
    for (const cleanup of cleanups.splice(0)) cleanup();
    capture?.stop();
    void socket?.finish();
    const seconds = takeLeaseSeconds();
    if (seconds !== undefined) report(seconds);
  }

  async function finish(): Promise<void> {
    if (stopped) return;
    for (const timer of timers) clearTimeout(timer);
    clearTimeout(cutOff);
    // Only a live microphone has a last word on its way; a start still pending has nothing to wait for.
    if (capture) await new Promise((resolve) => setTimeout(resolve, FINISH_CAPTURE_TAIL_MS));
    if (stopped) return;
    // The capture's partial chunk goes to the socket (or the buffer) before the socket is finalized.
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

  function lost(): void {
    events.toast('voice_connection_lost');
    end('failed');
  }

  function keepAudio(chunk: ArrayBuffer): void {
    if (muted) return;
    buffered.push(chunk);
    if (buffered.length > SPEECH_RECONNECT_BUFFERED_CHUNKS) buffered.shift();
  }

  /** Resolves after `ms`; never, once the session has stopped. */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      timers.push(setTimeout(resolve, ms));
    });
  }

  /**
   * Resolves true once the browser is online (at once if it is), false after SPEECH_RECONNECT_OFFLINE_MS offline;
   * never once the session has stopped. No key is taken offline: it would only fail.
   */
  function online(): Promise<boolean> {
    if (navigator.onLine) return Promise.resolve(true);
    return new Promise((resolve) => {
      const back = () => settle(true);
      const timer = setTimeout(() => settle(false), SPEECH_RECONNECT_OFFLINE_MS);
      const cleanup = () => {
        clearTimeout(timer);
        window.removeEventListener('online', back);
      };
      function settle(value: boolean) {
        cleanup();
        resolve(value);
      }
      window.addEventListener('online', back);
      cleanups.push(cleanup);
    });
  }

  function open(key: SpeechKeyResponse): void {
    lease = { issuedAt: performance.now() };
    const opened: DeepgramSocket = openDeepgramSocket({
      url: key.url,
      key: key.key,
      // Finishing waits this long for the last final: a loaded speech engine can take seconds to decode it.
      closeTimeoutMs: 5_000,
      onOpen: () => {
        if (stopped || socket !== opened) return;
        if (connected) events.reconnected();
        connected = true;
        clearTimeout(stable);
        stable = setTimeout(() => {
          attempts = 0;
        }, SPEECH_RECONNECT_STABLE_MS);
      },
      onTranscript: (result) => {
        if (stopped || socket !== opened) return;
        heard = result.isFinal ? undefined : result;
        events.transcript(result);
      },
      onFailure: (failure) => {
        if (!stopped && socket === opened) dropped(failure);
      },
    });
    socket = opened;
    opened.setMuted(muted);
    for (const chunk of buffered.splice(0)) opened.sendAudio(chunk);
    clearTimeout(cutOff);
    if (!options.subscriber) {
      // A non-subscriber stops a little before the key expires, so the server never has to refuse audio. A fresh
      // key's time to live is what is left of the allowance, so each key sets the cut-off anew.
      const cutOffMs = Math.max(0, (key.time_to_live_in_seconds - SESSION_CUTOFF_MARGIN_SECONDS) * 1000);
      cutOff = setTimeout(() => end('limit_reached'), cutOffMs);
    }
  }

  function dropped(failure: SocketFailure): void {
    socket = undefined;
    clearTimeout(stable);
    if (lease) lease.droppedAt = performance.now();
    // What was being heard is kept as said: no socket will finalize it, and the new one never hears that audio.
    const unfinished = heard;
    heard = undefined;
    if (unfinished && unfinished.text.trim() !== '') {
      events.transcript({ ...unfinished, isFinal: true, speechFinal: true });
      if (stopped) return;
    }
    if (!connected || !isReconnectable(failure)) return lost();
    const delay = reconnectDelay(attempts);
    if (delay === undefined) return lost();
    events.reconnecting();
    void reconnect(delay);
  }

  async function reconnect(firstDelay: number): Promise<void> {
    let delay = firstDelay;
    for (;;) {
      attempts += 1;
      await pause(delay);
      if (stopped) return;
      if (!(await online())) return lost();
      if (stopped) return;
      // The dropped lease is closed before the next key is asked for: a report closes the caller's newest open
      // lease, which after the key would be the new one. If the report fails, the key closes it instead. Once it
      // is closed, its key's cut-off no longer says anything: the next key's time to live does.
      const seconds = takeLeaseSeconds();
      if (seconds !== undefined && (await reportUsage(seconds))) clearTimeout(cutOff);
      if (stopped) return;
      const key = await fetchSpeechKey();
      if (stopped) {
        // As at start: the server opened a lease for this key, and nothing was spoken on it.
        if (key.kind === 'ok') report(0);
        return;
      }
      if (key.kind === 'ok') return open(key.key);
      if (key.kind === 'limit_reached' && !options.subscriber) return end('limit_reached');
      const next = reconnectDelay(attempts, key.kind !== 'failed');
      if (next === undefined) return lost();
      delay = next;
    }
  }

  async function run(): Promise<void> {
    try {
      capture = await startAudioCapture((chunk) => {
        if (socket) socket.sendAudio(chunk);
        else keepAudio(chunk);
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

    open(key.key);
    events.microphone('listening');
    timers.push(setTimeout(() => events.startDelayElapsed(), RECORDING_START_DELAY_MS));
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
