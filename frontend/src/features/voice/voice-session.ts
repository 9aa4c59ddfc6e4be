import type { SpeechTicketResponse } from '@wayfarer/shared/api/speech';
import { CLOSE, RELAY_CLOSE } from '@wayfarer/shared/api/speech-protocol';
import { AUDIO_CHUNK_INTERVAL_MS, SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import { RECORDING_START_DELAY_MS } from '../../lib/ui-constants';
import { RATE_LIMIT_KEYS, VOICE_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { AudioCaptureError, startAudioCapture, type AudioCapture } from '../../lib/audio-capture';
import {
  openDeepgramSocket,
  relaySocketUrl,
  type DeepgramSocket,
  type SocketFailure,
  type TranscriptResult,
} from '../../lib/deepgram-socket';
import { fetchSpeechTicket } from './api';
import type { MicrophoneStartResult } from './conversation';

// docs/SPEC.md §9, speech socket reconnect. Here rather than in shared/constants.ts: that module is in the first
// screen's bundle, which has no byte to spare (docs/DESIGN.md §8), and only this lazily loaded session reads them.

/**
 * The waits before each fresh ticket after a drop (the first at once: a server that closed may already be back),
 * so at most 4 tickets per outage, within the 8 a caller may hold in 30 s (SPEECH_RELAY_LIMITS.ticketsOpen) even
 * right after a start.
 */
export const SPEECH_RECONNECT_DELAYS_MS = [0, 1000, 2000, 4000] as const;
/** A ticket refused as taken too fast (429 error_rate_limit) while reconnecting waits at least this long. */
export const SPEECH_RECONNECT_RATE_LIMITED_MS = 5000;
/** A reconnected socket that stays open this long ends the outage: a later drop gets every try again. */
export const SPEECH_RECONNECT_STABLE_MS = 10_000;
/** Offline (navigator.onLine false) the session waits for the network, taking no ticket, at most this long. */
export const SPEECH_RECONNECT_OFFLINE_MS = 120_000;
/** Audio captured while reconnecting that is kept for the new socket: 10 s of chunks, the oldest dropped. */
export const SPEECH_RECONNECT_BUFFERED_CHUNKS = 10_000 / AUDIO_CHUNK_INTERVAL_MS;
/**
 * Stop keeps listening this long before the socket is finalized: a traveller presses Stop as the last word ends,
 * and its fading end ("dollars") is still on its way through the capture (the e2e Stop-at-the-end spec, under
 * load, heard "twenty knots" without it).
 */
export const FINISH_CAPTURE_TAIL_MS = 250;
/**
 * After the relay's Allowance of 0, how long its 4001 close may take: it finalizes what it heard first (3 s at
 * most, lambdas/relay/session.ts), and those last words still reach the transcript.
 */
export const RELAY_LAST_WORDS_MS = 5_000;

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
  /** The session ended by itself: the allowance ran out (429, the relay's close or the cut-off), or it broke. */
  ended(reason: 'limit_reached' | 'failed'): void;
  /** The socket dropped and the session is taking a fresh ticket for a new one; the microphone stays open. */
  reconnecting(): void;
  /** The new socket is open: what was captured meanwhile (the last 10 s of it) has gone to it. */
  reconnected(): void;
  toast(key: VoiceMessageKey): void;
}

export interface VoiceSessionOptions {
  /** Subscribers have no cut-off (docs/SPEC.md §6). */
  readonly subscriber: boolean;
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
  /** Releases the microphone and the socket; further events are dropped. */
  stop(): void;
}

/** Closes after which a new socket would fare no better: the session ends instead of reconnecting. */
const FINAL_CLOSES: ReadonlySet<number> = new Set([
  CLOSE.normal,
  // A refused ticket or parameters would be refused again.
  CLOSE.policyViolation,
  RELAY_CLOSE.allowanceSpent,
  // Another socket of this caller (a second tab or device) took over: reconnecting would take it back.
  RELAY_CLOSE.replaced,
  // The relay is full: the traveller is told so, rather than every session adding to the load.
  RELAY_CLOSE.tryAgainLater,
]);

/**
 * Whether a socket that closed without our finish() is worth a fresh ticket (docs/SPEC.md §4, Connection lost):
 * 1006 when the network went, 1001 or 1012 a relay going away, 1011 an internal error, the relay's idle and
 * longest-session closes may not repeat; FINAL_CLOSES would.
 */
export function isReconnectable(failure: SocketFailure): boolean {
  return !FINAL_CLOSES.has(failure.code);
}

/**
 * The wait before reconnect try `attempt` (0 for the first, right after the drop), or undefined when the tries
 * are spent and the session ends. A ticket refused as taken too fast waits for older tickets to age out.
 */
export function reconnectDelay(attempt: number, rateLimited = false): number | undefined {
  const delay = SPEECH_RECONNECT_DELAYS_MS[attempt];
  if (delay === undefined) return undefined;
  return rateLimited ? Math.max(delay, SPEECH_RECONNECT_RATE_LIMITED_MS) : delay;
}

/**
 * One conversation from start to stop: microphone, then a speech ticket, then the relay's socket (the microphone
 * first, so a denied permission takes no ticket). Kept out of the first bundle: the screen loads it on the first
 * press.
 *
 * A socket that drops once it has been open is replaced (docs/SPEC.md §4, Connection lost): a fresh ticket opens a
 * new socket, and the microphone's audio meanwhile is kept for it. The relay meters what it forwards; the session
 * reports nothing.
 */
export function startVoiceSession(options: VoiceSessionOptions, events: VoiceSessionEvents): VoiceSession {
  let stopped = false;
  let muted = options.muted;
  let capture: AudioCapture | undefined;
  let socket: DeepgramSocket | undefined;
  /** The relay has accepted a socket in this session: only then is a drop a lost connection, not a failed start. */
  let connected = false;
  /** The socket the relay accepted last. */
  let acceptedSocket: DeepgramSocket | undefined;
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

  function release(): void {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    clearTimeout(cutOff);
    clearTimeout(stable);
    for (const cleanup of cleanups.splice(0)) cleanup();
    capture?.stop();
    void socket?.finish();
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
   * never once the session has stopped. No ticket is taken offline: it would only fail.
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

  /**
   * A non-subscriber stops a little before the relay's allowance ends, so the relay rarely has to close on them.
   * Set from the ticket's answer, then from each Allowance message the relay sends (every few seconds: the relay
   * counts audio, so a muted stretch moves the cut-off later). At 0 the relay finalizes what it heard and closes
   * with 4001, which ends the session; the last words still arrive meanwhile.
   */
  function setCutOff(secondsLeft: number | null): void {
    clearTimeout(cutOff);
    if (options.subscriber || secondsLeft === null) return;
    if (secondsLeft <= 0) {
      // The relay's close ends it; this only covers a close that never comes.
      cutOff = setTimeout(() => end('limit_reached'), RELAY_LAST_WORDS_MS);
      return;
    }
    const cutOffMs = Math.max(0, (secondsLeft - SESSION_CUTOFF_MARGIN_SECONDS) * 1000);
    cutOff = setTimeout(() => end('limit_reached'), cutOffMs);
  }

  /** The relay accepted the socket: its first Allowance message (the open event comes before the ticket check). */
  function accepted(opened: DeepgramSocket): void {
    if (stopped || socket !== opened || acceptedSocket === opened) return;
    acceptedSocket = opened;
    if (connected) events.reconnected();
    connected = true;
    clearTimeout(stable);
    stable = setTimeout(() => {
      attempts = 0;
    }, SPEECH_RECONNECT_STABLE_MS);
  }

  function open(ticket: SpeechTicketResponse): void {
    const opened: DeepgramSocket = openDeepgramSocket({
      url: relaySocketUrl(window.location),
      key: ticket.ticket,
      // Finishing waits this long for the last final: a loaded speech engine can take seconds to decode it.
      closeTimeoutMs: 5_000,
      onAllowance: (secondsLeft) => {
        if (stopped || socket !== opened) return;
        accepted(opened);
        setCutOff(secondsLeft);
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
    setCutOff(ticket.seconds_left);
  }

  function dropped(failure: SocketFailure): void {
    socket = undefined;
    clearTimeout(stable);
    // No audio is charged while no socket is open: the next ticket sets the cut-off anew.
    clearTimeout(cutOff);
    acceptedSocket = undefined;
    // What was being heard is kept as said: no socket will finalize it, and the new one never hears that audio.
    const unfinished = heard;
    heard = undefined;
    if (unfinished && unfinished.text.trim() !== '') {
      events.transcript({ ...unfinished, isFinal: true, speechFinal: true });
      if (stopped) return;
    }
    if (failure.code === RELAY_CLOSE.allowanceSpent && !options.subscriber) return end('limit_reached');
    if (failure.code === RELAY_CLOSE.tryAgainLater) {
      events.toast(VOICE_ERROR_KEYS.speechBusy);
      return end('failed');
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
      const ticket = await fetchSpeechTicket();
      if (stopped) return;
      if (ticket.kind === 'ok') return open(ticket.ticket);
      if (ticket.kind === 'limit_reached' && !options.subscriber) return end('limit_reached');
      const next = reconnectDelay(attempts, ticket.kind !== 'failed');
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

    const ticket = await fetchSpeechTicket();
    // A ticket unused costs nothing: it expires on its own.
    if (stopped) return;
    if (ticket.kind === 'limit_reached' && !options.subscriber) return end('limit_reached');
    if (ticket.kind === 'limit_reached' || ticket.kind === 'rate_limited') {
      // Tickets taken too fast, or a subscriber's 429 (no allowance to run out of, never the limit dialog,
      // docs/SPEC.md §6): a rate limit. Say so, and leave the button free to try again rather than disabled.
      events.toast(RATE_LIMIT_KEYS.default);
      return end('failed');
    }
    if (ticket.kind === 'failed') {
      events.toast(VOICE_ERROR_KEYS.speechTicket);
      return end('failed');
    }

    open(ticket.ticket);
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
