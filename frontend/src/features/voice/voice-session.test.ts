// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeepgramSocketOptions, TranscriptResult } from '../../lib/deepgram-socket';
import type { SpeechTicketResult } from './api';
import { AUDIO_CHUNK_INTERVAL_MS, SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import { RELAY_CLOSE } from '@wayfarer/shared/api/speech-protocol';
import {
  FINISH_CAPTURE_TAIL_MS,
  RELAY_LAST_WORDS_MS,
  isReconnectable,
  reconnectDelay,
  SPEECH_RECONNECT_BUFFERED_CHUNKS,
  SPEECH_RECONNECT_OFFLINE_MS,
  SPEECH_RECONNECT_STABLE_MS,
  startVoiceSession,
  type VoiceSessionEvents,
} from './voice-session';

// docs/SPEC.md §4, Connection lost, and §6-§8: the session takes a ticket, opens our speech relay's socket with it,
// follows the relay's Allowance messages and close codes, and reconnects with a fresh ticket when a socket drops.
// The microphone, the ticket call and the socket are stand-ins (relaySocketUrl is the real one); timers are fake.

const mocks = vi.hoisted(() => ({
  startAudioCapture: vi.fn(),
  fetchSpeechTicket: vi.fn(),
  openDeepgramSocket: vi.fn(),
}));

vi.mock('../../lib/audio-capture', () => ({
  AudioCaptureError: class extends Error {},
  startAudioCapture: mocks.startAudioCapture,
}));
vi.mock('./api', () => ({ fetchSpeechTicket: mocks.fetchSpeechTicket }));
vi.mock('../../lib/deepgram-socket', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  openDeepgramSocket: mocks.openDeepgramSocket,
}));

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

/** A ticket answer: `secondsLeft` is the day's speech left, null for a subscriber. */
function ticket(name: string, secondsLeft: number | null = 600): SpeechTicketResult {
  return { kind: 'ok', ticket: { ticket: name, seconds_left: secondsLeft } };
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

/** Lets the session's awaited calls (capture, ticket) settle. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

/** Stop, with its capture tail run out on the fake clock. */
async function finished(session: { finish: () => Promise<void> }) {
  const done = session.finish();
  await vi.advanceTimersByTimeAsync(FINISH_CAPTURE_TAIL_MS);
  await done;
}

/** A session whose first socket is not open yet (the ticket has arrived, the socket is asked for). */
async function started(options: { subscriber?: boolean } = {}) {
  const seen = events();
  const session = startVoiceSession({ subscriber: options.subscriber ?? false, muted: false }, seen);
  await settle();
  expect(sockets).toHaveLength(1);
  return { seen, session, socket: sockets[0]! };
}

/**
 * The relay accepted the socket: it opened, then the relay's first Allowance message came (the ticket is checked
 * after the open event, so only that message says the socket was accepted).
 */
function accept(socket: FakeSocket, secondsLeft: number | null = 600): void {
  socket.options.onOpen?.();
  socket.options.onAllowance?.(secondsLeft);
}

/** A session whose first socket is open and has been for `openSeconds`. */
async function connected(openSeconds = 5, options: { subscriber?: boolean } = {}) {
  const { seen, session, socket } = await started(options);
  accept(socket);
  await vi.advanceTimersByTimeAsync(openSeconds * 1000);
  return { seen, session, socket };
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
  mocks.fetchSpeechTicket.mockResolvedValueOnce(ticket('first')).mockResolvedValue(ticket('second'));
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
  vi.unstubAllGlobals();
  mocks.fetchSpeechTicket.mockReset();
  mocks.openDeepgramSocket.mockReset();
  mocks.startAudioCapture.mockReset();
  capture.stop.mockClear();
});

describe('starting a session (docs/SPEC.md §4, §7)', () => {
  it('the socket opens on the page’s own origin with the ticket as the token subprotocol', async () => {
    const { seen, socket } = await started();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
    expect(socket.options.url).toBe(`ws://${window.location.host}/v1/listen`);
    // openDeepgramSocket sends `key` as the subprotocol pair token, <key> (deepgram-socket.test.ts).
    expect(socket.options.key).toBe('first');
    expect(seen.microphone).toHaveBeenCalledExactlyOnceWith('listening');
  });

  it('a failed ticket call toasts error_deepgram_key and ends the session as failed', async () => {
    mocks.fetchSpeechTicket.mockReset();
    mocks.fetchSpeechTicket.mockResolvedValue({ kind: 'failed' });
    const seen = events();
    startVoiceSession({ subscriber: false, muted: false }, seen);
    await settle();
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('error_deepgram_key');
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('failed');
    expect(sockets).toHaveLength(0);
    expect(capture.stop).toHaveBeenCalled();
  });

  it('tickets taken too fast at start (429 error_rate_limit): the rate-limit toast, not the limit dialog', async () => {
    mocks.fetchSpeechTicket.mockReset();
    mocks.fetchSpeechTicket.mockResolvedValue({ kind: 'rate_limited' });
    const seen = events();
    startVoiceSession({ subscriber: false, muted: false }, seen);
    await settle();
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('error_rate_limit');
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('failed');
    expect(sockets).toHaveLength(0);
  });

  it('nothing is reported when the session stops', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { session, socket } = await connected(5);
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    accept(sockets[1]!);
    await vi.advanceTimersByTimeAsync(7000);
    await finished(session);
    await vi.advanceTimersByTimeAsync(60_000);

    const other = startVoiceSession({ subscriber: false, muted: false }, events());
    await settle();
    other.stop();
    await vi.advanceTimersByTimeAsync(60_000);

    // The relay meters what it forwards: no call goes out besides the tickets.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(3);
    expect(sockets).toHaveLength(3);
    expect(sockets[1]!.finish).toHaveBeenCalled();
    expect(sockets[2]!.finish).toHaveBeenCalled();
  });
});

describe('a dropped speech socket (docs/SPEC.md §4, Connection lost)', () => {
  it('takes a fresh ticket and opens a new socket with it, saying so', async () => {
    const { seen, socket } = await connected(5);
    socket.options.onFailure({ code: 1006, reason: '' });
    expect(seen.reconnecting).toHaveBeenCalledOnce();
    await settle();

    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.options.key).toBe('second');
    expect(sockets[1]!.options.url).toBe(socket.options.url);
    expect(seen.reconnected).not.toHaveBeenCalled();
    accept(sockets[1]!);
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

  it('offline, takes no ticket until the network is back', async () => {
    const { seen, socket } = await connected(5);
    onLine = false;
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
    expect(seen.reconnecting).toHaveBeenCalledOnce();

    onLine = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
  });

  it('offline for 2 minutes, ends as a lost connection', async () => {
    const { seen, socket } = await connected();
    onLine = false;
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(seen.toast).toHaveBeenCalledWith('voice_connection_lost');
    expect(seen.ended).toHaveBeenCalledWith('failed');
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
    expect(capture.stop).toHaveBeenCalled();
  });

  it('retries a failed ticket after 1, 2 and 4 s, then ends as a lost connection: 4 tickets at most', async () => {
    const { seen, socket } = await connected();
    mocks.fetchSpeechTicket.mockResolvedValue({ kind: 'failed' });
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(4);
    expect(seen.ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4000);
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(5);
    expect(seen.toast).toHaveBeenCalledWith('voice_connection_lost');
    expect(seen.ended).toHaveBeenCalledWith('failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(5);
  });

  it('a new socket that fails too counts as a try; one that stays open 10 s earns every try back', async () => {
    const { seen, socket } = await connected();
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    sockets[1]!.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(3);
    accept(sockets[2]!);
    await vi.advanceTimersByTimeAsync(10_000);
    sockets[2]!.options.onFailure({ code: 1006, reason: '' });
    await settle();
    expect(sockets).toHaveLength(4);
    expect(seen.ended).not.toHaveBeenCalled();
  });

  it('tickets taken too fast (429 error_rate_limit): waits 5 s before the next try', async () => {
    const { socket } = await connected();
    mocks.fetchSpeechTicket
      .mockResolvedValueOnce({ kind: 'rate_limited' })
      .mockResolvedValue(ticket('third'));
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
    mocks.fetchSpeechTicket.mockResolvedValue({ kind: 'limit_reached' });
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
    expect(sockets).toHaveLength(1);
  });

  it('a subscriber’s 429 is a rate limit, never limit_reached', async () => {
    const { seen, socket } = await connected(5, { subscriber: true });
    mocks.fetchSpeechTicket
      .mockResolvedValueOnce({ kind: 'limit_reached' })
      .mockResolvedValue(ticket('third'));
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen.ended).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(2);
  });

  it('a first socket that never opened is a failed start, not a lost connection: no further ticket', async () => {
    const { seen, socket } = await started();
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.ended).toHaveBeenCalledWith('failed');
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
  });

  it('Stop while waiting for the network takes no ticket', async () => {
    const { session, socket } = await connected(5);
    onLine = false;
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(3000);
    await finished(session);
    onLine = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
    expect(sockets).toHaveLength(1);
  });

  it('Stop while the fresh ticket is on its way opens no socket with it (an unused ticket expires by itself)', async () => {
    const { seen, session, socket } = await connected(5);
    let answer: (result: SpeechTicketResult) => void = () => undefined;
    mocks.fetchSpeechTicket.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    session.stop();
    answer(ticket('late'));
    await settle();
    expect(sockets).toHaveLength(1);
    expect(seen.ended).not.toHaveBeenCalled();
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

describe('the relay’s close codes (shared/api/speech-protocol.ts RELAY_CLOSE, docs/SPEC.md §7, §8)', () => {
  it('a 4001 close ends the session with the limit dialog', async () => {
    const { seen, socket } = await connected();
    socket.options.onFailure({ code: RELAY_CLOSE.allowanceSpent, reason: 'USAGE_LIMIT' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
    expect(seen.toast).not.toHaveBeenCalled();
    expect(seen.reconnecting).not.toHaveBeenCalled();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
    expect(capture.stop).toHaveBeenCalled();
  });

  it('a 4001 close on a socket never opened (the allowance already spent) also ends with the limit dialog', async () => {
    const { seen, socket } = await started();
    socket.options.onFailure({ code: RELAY_CLOSE.allowanceSpent, reason: 'USAGE_LIMIT' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
    expect(seen.toast).not.toHaveBeenCalled();
  });

  it('a subscriber’s 4001 close is never the limit dialog, and is not reconnected', async () => {
    const { seen, socket } = await connected(5, { subscriber: true });
    socket.options.onFailure({ code: RELAY_CLOSE.allowanceSpent, reason: 'USAGE_LIMIT' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('failed');
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('voice_connection_lost');
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
  });

  it('a 1013 close says the relay is busy and ends', async () => {
    const { seen, socket } = await connected();
    socket.options.onFailure({ code: RELAY_CLOSE.tryAgainLater, reason: 'BUSY' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('error_speech_busy');
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('failed');
    expect(seen.reconnecting).not.toHaveBeenCalled();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
  });

  it('a 1013 close of the first socket, before it opened, says the relay is busy too', async () => {
    const { seen, socket } = await started();
    socket.options.onFailure({ code: RELAY_CLOSE.tryAgainLater, reason: 'BUSY' });
    await settle();
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('error_speech_busy');
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('failed');
  });

  it('a 4002 close (another socket of the caller took over) ends as a lost connection, without reconnecting', async () => {
    const { seen, socket } = await connected();
    socket.options.onFailure({ code: RELAY_CLOSE.replaced, reason: 'REPLACED' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('voice_connection_lost');
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('failed');
    expect(seen.reconnecting).not.toHaveBeenCalled();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
  });

  it.each([
    [RELAY_CLOSE.idle, 'idle'],
    [RELAY_CLOSE.sessionTooLong, 'longest session'],
    [RELAY_CLOSE.serviceRestart, 'relay restarting'],
    [1001, 'going away'],
    [1006, 'network gone'],
    [1011, 'internal error'],
  ])('a %i close (%s) reconnects with a fresh ticket', async (code) => {
    const { seen, socket } = await connected();
    socket.options.onFailure({ code, reason: '' });
    expect(seen.reconnecting).toHaveBeenCalledOnce();
    await settle();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.options.key).toBe('second');
    accept(sockets[1]!);
    expect(seen.reconnected).toHaveBeenCalledOnce();
    expect(seen.ended).not.toHaveBeenCalled();
    expect(seen.toast).not.toHaveBeenCalled();
  });

  it.each([
    [1000, 'a normal close'],
    [1008, 'a refused ticket or parameters'],
  ])('a %i close (%s) is not reconnectable: the session ends at once', async (code) => {
    const { seen, socket } = await connected();
    socket.options.onFailure({ code, reason: '' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.toast).toHaveBeenCalledWith('voice_connection_lost');
    expect(seen.ended).toHaveBeenCalledWith('failed');
    expect(seen.reconnecting).not.toHaveBeenCalled();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
  });

  it('isReconnectable: 1000, 1008, 4001, 4002 and 1013 are final; the others are worth a fresh ticket', () => {
    const reconnectable = (code: number) => isReconnectable({ code, reason: '' });
    expect([1000, 1008, 4001, 4002, 1013].map(reconnectable)).toEqual([false, false, false, false, false]);
    expect([1001, 1006, 1011, 1012, 4003, 4004].map(reconnectable)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('the cut-off (docs/SPEC.md §6)', () => {
  const margin = SESSION_CUTOFF_MARGIN_SECONDS * 1000;

  it('the ticket’s seconds_left sets the cut-off, SESSION_CUTOFF_MARGIN_SECONDS early', async () => {
    mocks.fetchSpeechTicket.mockReset();
    mocks.fetchSpeechTicket.mockResolvedValue(ticket('first', 30));
    const { seen, socket } = await started();
    accept(socket, 30);
    await vi.advanceTimersByTimeAsync(30_000 - margin - 1);
    expect(seen.ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
    expect(capture.stop).toHaveBeenCalled();
    expect(socket.finish).toHaveBeenCalled();
  });

  it('an Allowance message moves the cut-off, later or sooner', async () => {
    mocks.fetchSpeechTicket.mockReset();
    mocks.fetchSpeechTicket.mockResolvedValue(ticket('first', 10));
    const { seen, socket } = await started();
    accept(socket, 10);
    await vi.advanceTimersByTimeAsync(1000);
    // Later: the relay's figure replaces the ticket's, whose cut-off (8 s in) no longer ends the session.
    socket.options.onAllowance?.(60);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(seen.ended).not.toHaveBeenCalled();
    // Sooner.
    socket.options.onAllowance?.(5);
    await vi.advanceTimersByTimeAsync(5000 - margin - 1);
    expect(seen.ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
  });

  it('an Allowance of 0 waits for the relay to finalize (its last words still arrive), then its 4001 ends the session', async () => {
    const { seen, socket } = await connected();
    socket.options.onAllowance?.(0);
    await vi.advanceTimersByTimeAsync(RELAY_LAST_WORDS_MS - 1);
    expect(seen.ended).not.toHaveBeenCalled();
    socket.options.onTranscript({ text: 'the last words', isFinal: true, speechFinal: true });
    expect(seen.transcript).toHaveBeenCalledWith(expect.objectContaining({ text: 'the last words' }));
    socket.options.onFailure({ code: 4001, reason: '' });
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
  });

  it('an Allowance of 0 whose close never comes ends with the limit dialog RELAY_LAST_WORDS_MS later', async () => {
    const { seen, socket } = await connected();
    socket.options.onAllowance?.(0);
    await vi.advanceTimersByTimeAsync(RELAY_LAST_WORDS_MS);
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
  });

  it('a socket that opened but closed before the relay accepted it (no Allowance) is a failed start, not a reconnect', async () => {
    const { seen, socket } = await started();
    socket.options.onOpen?.();
    socket.options.onFailure({ code: 1011, reason: '' });
    await settle();
    expect(seen.reconnecting).not.toHaveBeenCalled();
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('failed');
    expect(sockets).toHaveLength(1);
  });

  it('a dropped socket stops the cut-off: no time is charged while no socket is open', async () => {
    mocks.fetchSpeechTicket.mockReset();
    mocks.fetchSpeechTicket.mockResolvedValue(ticket('first', 10));
    const { seen, socket } = await started();
    accept(socket, 10);
    onLine = false;
    socket.options.onFailure({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.ended).not.toHaveBeenCalled();
  });

  it('an Allowance message from a socket that has dropped moves nothing', async () => {
    const { seen, socket } = await connected();
    onLine = false;
    socket.options.onFailure({ code: 1006, reason: '' });
    socket.options.onAllowance?.(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.ended).not.toHaveBeenCalled();
  });

  it('the new ticket sets the cut-off anew from its own seconds_left', async () => {
    const { seen, socket } = await connected(5);
    mocks.fetchSpeechTicket.mockResolvedValue(ticket('second', 30));
    socket.options.onFailure({ code: 1006, reason: '' });
    await settle();
    await vi.advanceTimersByTimeAsync(30_000 - margin - 1);
    expect(seen.ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.ended).toHaveBeenCalledExactlyOnceWith('limit_reached');
  });

  it('a subscriber has no cut-off, whatever the ticket or an Allowance message says', async () => {
    mocks.fetchSpeechTicket.mockReset();
    mocks.fetchSpeechTicket.mockResolvedValue(ticket('first', 3));
    const { seen, socket } = await connected(60, { subscriber: true });
    socket.options.onAllowance?.(null);
    socket.options.onAllowance?.(3);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(seen.ended).not.toHaveBeenCalled();
  });

  it('a null seconds_left on the ticket (a subscriber, as the server sees it) sets no cut-off', async () => {
    mocks.fetchSpeechTicket.mockReset();
    mocks.fetchSpeechTicket.mockResolvedValue(ticket('first', null));
    const { seen, socket } = await started();
    accept(socket, null);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(seen.ended).not.toHaveBeenCalled();
  });

  it('an Allowance message with seconds_left null clears the cut-off', async () => {
    mocks.fetchSpeechTicket.mockReset();
    mocks.fetchSpeechTicket.mockResolvedValue(ticket('first', 3));
    const { seen, socket } = await connected(0);
    socket.options.onAllowance?.(null);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(seen.ended).not.toHaveBeenCalled();
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
