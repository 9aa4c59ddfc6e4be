// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeepgramSocketOptions, TranscriptResult } from '../../lib/deepgram-socket';
import type { SpeechKeyResult } from './api';
import { AUDIO_CHUNK_INTERVAL_MS } from '@wayfarer/shared/constants';
import {
  FINISH_CAPTURE_TAIL_MS,
  reconnectDelay,
  SPEECH_RECONNECT_BUFFERED_CHUNKS,
  SPEECH_RECONNECT_OFFLINE_MS,
  SPEECH_RECONNECT_STABLE_MS,
  startVoiceSession,
  type VoiceSessionEvents,
} from './voice-session';

// docs/SPEC.md §4, Connection lost: the speech socket drops mid-session and the session reconnects with a fresh
// key. The microphone, the key and usage calls and the socket are stand-ins; timers are fake.

const mocks = vi.hoisted(() => ({
  startAudioCapture: vi.fn(),
  fetchSpeechKey: vi.fn(),
  reportUsage: vi.fn(),
  openDeepgramSocket: vi.fn(),
}));

vi.mock('../../lib/audio-capture', () => ({
  AudioCaptureError: class extends Error {},
  startAudioCapture: mocks.startAudioCapture,
}));
vi.mock('./api', () => ({ fetchSpeechKey: mocks.fetchSpeechKey, reportUsage: mocks.reportUsage }));
vi.mock('../../lib/deepgram-socket', () => ({ openDeepgramSocket: mocks.openDeepgramSocket }));

interface FakeSocket {
  readonly options: DeepgramSocketOptions;
  readonly sent: ArrayBuffer[];
  readonly sendAudio: (chunk: ArrayBuffer) => void;
  readonly setMuted: (muted: boolean) => void;
  readonly finish: () => Promise<void>;
  readonly close: () => void;
}

let sockets: FakeSocket[];
let microphone: ((chunk: ArrayBuffer) => void) | undefined;
let onLine: boolean;
const capture = { setMuted: vi.fn(), finish: vi.fn(async () => {}), stop: vi.fn() };

function key(name: string, ttl = 600): SpeechKeyResult {
  return { kind: 'ok', key: { key: name, time_to_live_in_seconds: ttl, url: 'ws://127.0.0.1:1/v1/listen' } };
}

function events() {
  return {
    microphone: vi.fn(),
    startDelayElapsed: vi.fn(),
    transcript: vi.fn<(result: TranscriptResult) => void>(),
    ended: vi.fn(),
    toast: vi.fn(),
    reconnecting: vi.fn(),
    reconnected: vi.fn(),
  } satisfies VoiceSessionEvents;
}

/** Lets the session's awaited calls (capture, key, report) settle. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

/** Stop, with its capture tail run out on the fake clock. */
async function finished(session: { finish: () => Promise<void> }) {
  const done = session.finish();
  await vi.advanceTimersByTimeAsync(FINISH_CAPTURE_TAIL_MS);
  await done;
}

/** A session whose first socket is open and has been for `openSeconds`. */
async function connected(openSeconds = 5, options: { subscriber?: boolean } = {}) {
  const seen = events();
  const session = startVoiceSession(
    { subscriber: options.subscriber ?? false, signedIn: false, muted: false },
    seen,
  );
  await settle();
  expect(sockets).toHaveLength(1);
  sockets[0]!.options.onOpen?.();
  await vi.advanceTimersByTimeAsync(openSeconds * 1000);
  return { seen, session, socket: sockets[0]! };
}

const chunk = (byte: number) => new Uint8Array([byte]).buffer;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  mocks.startAudioCapture.mockImplementation(async (onChunk: (chunk: ArrayBuffer) => void) => {
    microphone = onChunk;
    return capture;
  });
  mocks.fetchSpeechKey.mockResolvedValueOnce(key('first')).mockResolvedValue(key('second'));
  mocks.reportUsage.mockResolvedValue(true);
  mocks.openDeepgramSocket.mockImplementation((options: DeepgramSocketOptions) => {
    const sent: ArrayBuffer[] = [];
    const socket: FakeSocket = {
      options,
      sent,
      sendAudio: (audio) => sent.push(audio),
      setMuted: vi.fn(),
      finish: vi.fn(async () => {}),
      close: vi.fn(),
    };
    sockets.push(socket);
    return socket;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  mocks.fetchSpeechKey.mockReset();
  mocks.reportUsage.mockReset();
  mocks.openDeepgramSocket.mockReset();
  mocks.startAudioCapture.mockReset();
});

describe('a dropped speech socket (docs/SPEC.md §4, Connection lost)', () => {
  it('reports the dropped lease first, then takes a fresh key and opens a new socket, saying so', async () => {
    const { seen, socket } = await connected(5);
    socket.options.onFailure({ code: 1006, reason: '' });
    expect(seen.reconnecting).toHaveBeenCalledOnce();
    await settle();

    expect(mocks.reportUsage).toHaveBeenCalledExactlyOnceWith(5);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledTimes(2);
    // A report closes the caller's newest open lease: after the new key it would close the new one.
    expect(mocks.reportUsage.mock.invocationCallOrder[0]).toBeLessThan(
      mocks.fetchSpeechKey.mock.invocationCallOrder[1]!,
    );
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.options.key).toBe('second');
    expect(seen.reconnected).not.toHaveBeenCalled();
    sockets[1]!.options.onOpen?.();
    expect(seen.reconnected).toHaveBeenCalledOnce();
    expect(seen.ended).not.toHaveBeenCalled();
  });

  it('keeps the finals, gives the phrase being heard as said, and passes on what the new socket hears', async () => {
    const { seen, socket } = await connected();
    socket.options.onTranscript({ text: 'I need a doctor.', isFinal: true, speechFinal: true });
    socket.options.onTranscript({ text: 'near the', isFinal: false, speechFinal: false, language: 'en' });
    socket.options.onFailure({ code: 1006, reason: '' });
    // A result the dead socket still delivers is not the conversation's any more.
    socket.options.onTranscript({ text: 'late', isFinal: true, speechFinal: true });
    await settle();
    sockets[1]!.options.onTranscript({
      text: 'The taxi costs twenty dollars.',
      isFinal: true,
      speechFinal: true,
    });

    expect(seen.transcript.mock.calls.map(([result]) => result)).toEqual([
      { text: 'I need a doctor.', isFinal: true, speechFinal: true },
      { text: 'near the', isFinal: false, speechFinal: false, language: 'en' },
      { text: 'near the', isFinal: true, speechFinal: true, language: 'en' },
      { text: 'The taxi costs twenty dollars.', isFinal: true, speechFinal: true },
    ]);
  });

  it('sends the new socket what the microphone captured meanwhile, at most the last 10 s', async () => {
    onLine = false;
    const { socket } = await connected();
    socket.options.onFailure({ code: 1006, reason: '' });
    const captured = SPEECH_RECONNECT_BUFFERED_CHUNKS + 10;
    for (let index = 0; index < captured; index += 1) microphone!(chunk(index % 256));
    onLine = true;
    window.dispatchEvent(new Event('online'));
    await settle();

    const sent = sockets[1]!.sent.map((audio) => new Uint8Array(audio)[0]);
    expect(sent).toEqual(
      Array.from({ length: SPEECH_RECONNECT_BUFFERED_CHUNKS }, (_, index) => (index + 10) % 256),
    );
  });

  it('offline, takes no key and reports nothing until the network is back', async () => {
    const { seen, socket } = await connected(5);
    onLine = false;
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledOnce();
    expect(mocks.reportUsage).not.toHaveBeenCalled();
    expect(seen.reconnecting).toHaveBeenCalledOnce();

    onLine = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    // The seconds up to the drop: the server's floor (the time since the key) decides the rest.
    expect(mocks.reportUsage).toHaveBeenCalledExactlyOnceWith(5);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
  });

  it('offline for 2 minutes, ends as a lost connection', async () => {
    const { seen, socket } = await connected();
    onLine = false;
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(seen.toast).toHaveBeenCalledWith('voice_connection_lost');
    expect(seen.ended).toHaveBeenCalledWith('failed');
    expect(mocks.fetchSpeechKey).toHaveBeenCalledOnce();
    expect(capture.stop).toHaveBeenCalled();
  });

  it('retries a failed key after 1, 2 and 4 s, then ends as a lost connection: 4 keys at most', async () => {
    const { seen, socket } = await connected();
    mocks.fetchSpeechKey.mockResolvedValue({ kind: 'failed' });
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    expect(mocks.fetchSpeechKey).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledTimes(4);
    expect(seen.ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4000);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledTimes(5);
    expect(seen.toast).toHaveBeenCalledWith('voice_connection_lost');
    expect(seen.ended).toHaveBeenCalledWith('failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledTimes(5);
  });

  it('a new socket that fails too counts as a try; one that stays open 10 s earns every try back', async () => {
    const { seen, socket } = await connected();
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    sockets[1]!.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(3);
    sockets[2]!.options.onOpen?.();
    await vi.advanceTimersByTimeAsync(10_000);
    sockets[2]!.options.onFailure({ code: 1006, reason: '' });
    await settle();
    expect(sockets).toHaveLength(4);
    expect(seen.ended).not.toHaveBeenCalled();
  });

  it('keys taken too fast (429 error_rate_limit): waits 5 s before the next try', async () => {
    const { socket } = await connected();
    mocks.fetchSpeechKey.mockResolvedValueOnce({ kind: 'rate_limited' }).mockResolvedValue(key('third'));
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    await vi.advanceTimersByTimeAsync(4999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.options.key).toBe('third');
  });

  it('the allowance spent (429 error_usage_limit_reached): limit_reached, as at start', async () => {
    const { seen, socket } = await connected();
    mocks.fetchSpeechKey.mockResolvedValue({ kind: 'limit_reached' });
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
    expect(sockets).toHaveLength(1);
  });

  it('a subscriber’s 429 is a rate limit, never limit_reached', async () => {
    const { seen, socket } = await connected(5, { subscriber: true });
    mocks.fetchSpeechKey.mockResolvedValueOnce({ kind: 'limit_reached' }).mockResolvedValue(key('third'));
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen.ended).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(2);
  });

  it.each([1008, 1000])(
    'a refused key (1008) or a normal close (1000) ends at once, as before: a new key would not help (%i)',
    async (code) => {
      const { seen, socket } = await connected();
      socket.options.onFailure({ code, reason: '' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(seen.toast).toHaveBeenCalledWith('voice_connection_lost');
      expect(seen.ended).toHaveBeenCalledWith('failed');
      expect(seen.reconnecting).not.toHaveBeenCalled();
      expect(mocks.fetchSpeechKey).toHaveBeenCalledOnce();
    },
  );

  it('a first socket that never opened is a failed start, not a lost connection: no further key', async () => {
    const seen = events();
    startVoiceSession({ subscriber: false, signedIn: false, muted: false }, seen);
    await settle();
    sockets[0]!.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.ended).toHaveBeenCalledWith('failed');
    expect(mocks.fetchSpeechKey).toHaveBeenCalledOnce();
  });

  it('Stop while waiting for the network reports the dropped lease once, and takes no key', async () => {
    const { session, socket } = await connected(5);
    onLine = false;
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(3000);
    await finished(session);
    onLine = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(mocks.reportUsage).toHaveBeenCalledExactlyOnceWith(5);
    expect(mocks.fetchSpeechKey).toHaveBeenCalledOnce();
  });

  it('Stop while the fresh key is on its way closes that key’s lease with 0 s', async () => {
    const { session, socket } = await connected(5);
    let answer: (result: SpeechKeyResult) => void = () => undefined;
    mocks.fetchSpeechKey.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    session.stop();
    answer(key('late'));
    await settle();
    expect(mocks.reportUsage.mock.calls).toEqual([[5], [0]]);
    expect(sockets).toHaveLength(1);
  });

  it('the new key sets the cut-off anew from its own time to live', async () => {
    const { seen, socket } = await connected(5);
    mocks.fetchSpeechKey.mockResolvedValue(key('second', 30));
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    await vi.advanceTimersByTimeAsync(27_999);
    expect(seen.ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.ended).toHaveBeenCalledWith('limit_reached');
  });

  it('once the dropped lease is reported, its key’s cut-off does not end the session as a spent allowance', async () => {
    mocks.fetchSpeechKey.mockReset();
    mocks.fetchSpeechKey.mockResolvedValueOnce(key('first', 10)).mockResolvedValue({ kind: 'failed' });
    const { seen, socket } = await connected(5);
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(7000);
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('failed');
  });

  it('at Stop, reports the new socket’s lease from its own key, so each second is reported once', async () => {
    const { session, socket } = await connected(5);
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    sockets[1]!.options.onOpen?.();
    await vi.advanceTimersByTimeAsync(7000);
    await finished(session);
    expect(mocks.reportUsage.mock.calls).toEqual([[5], [7.25]]);
  });

  it('Stop keeps listening FINISH_CAPTURE_TAIL_MS: audio captured meanwhile reaches the socket before it is finalized', async () => {
    const { session, socket } = await connected(5);
    const done = session.finish();
    await vi.advanceTimersByTimeAsync(FINISH_CAPTURE_TAIL_MS / 2);
    microphone!(chunk(42));
    expect(socket.finish).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FINISH_CAPTURE_TAIL_MS);
    await done;
    expect(socket.sent.map((audio) => new Uint8Array(audio)[0])).toContain(42);
    expect(socket.finish).toHaveBeenCalled();
  });
});

describe('reconnect delays (docs/SPEC.md §9)', () => {
  it('at once, then 1, 2 and 4 s; a rate limit waits at least 5 s; then no more', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelay(attempt))).toEqual([
      0,
      1000,
      2000,
      4000,
      undefined,
    ]);
    expect(reconnectDelay(0, true)).toBe(5000);
    expect(reconnectDelay(4, true)).toBeUndefined();
  });

  it('stable after 10 s open, waits offline 2 minutes at most, keeps 10 s of audio', () => {
    expect(SPEECH_RECONNECT_STABLE_MS).toBe(10_000);
    expect(SPEECH_RECONNECT_OFFLINE_MS).toBe(120_000);
    expect(SPEECH_RECONNECT_BUFFERED_CHUNKS * AUDIO_CHUNK_INTERVAL_MS).toBe(10_000);
  });
});
