import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EAGER_END_OF_TURN_SILENCE_SECONDS, RELAY_CLOSE } from '@wayfarer/shared/api/speech-protocol';
import { AUDIO_CHUNK_INTERVAL_MS } from '@wayfarer/shared/constants';
import {
  openDeepgramSocket,
  relaySocketUrl,
  speechSocketUrl,
  type TranscriptResult,
  type WebSocketLike,
} from './deepgram-socket';

class FakeSocket implements WebSocketLike {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  sent: (string | ArrayBuffer)[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string | ArrayBuffer) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
  controls() {
    return this.sent
      .filter((item) => typeof item === 'string')
      .map((item) => JSON.parse(item).type as string);
  }
}

function setup(url = 'ws://127.0.0.1:9/v1/listen') {
  const sockets: FakeSocket[] = [];
  const results: TranscriptResult[] = [];
  const onFailure = vi.fn();
  const onAllowance = vi.fn<(secondsLeft: number | null) => void>();
  const client = openDeepgramSocket({
    url,
    key: 'ticket-1',
    onTranscript: (result) => results.push(result),
    onAllowance,
    onFailure,
    createSocket: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
  });
  const current = () => sockets.at(-1)!;
  return { sockets, results, onFailure, onAllowance, client, current };
}

function results(isFinal: boolean, transcript: string, speechFinal = isFinal) {
  return {
    type: 'Results',
    is_final: isFinal,
    speech_final: speechFinal,
    channel: {
      alternatives: [
        { transcript, confidence: 0.9, words: [] } as {
          transcript: string;
          confidence: number;
          words: never[];
          languages?: string[];
        },
      ],
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('speech socket client', () => {
  it('asks for 16 kHz linear16 with the parameters of docs/SPEC.md §7', () => {
    const query = new URL(speechSocketUrl('ws://host/v1/listen')).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      encoding: 'linear16',
      sample_rate: '16000',
      model: 'nova-3',
      language: 'multi',
      smart_format: 'true',
      interim_results: 'true',
      punctuate: 'true',
      endpointing: '300',
      utterance_end_ms: '1200',
    });
  });

  it('the socket opens on the page’s own origin with the ticket as the token subprotocol', () => {
    const { current } = setup(relaySocketUrl({ href: 'https://wayfarer.example/voice?lang=fr#top' }));
    const url = new URL(current().url);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('wss://wayfarer.example/v1/listen');
    expect(url.searchParams.get('model')).toBe('nova-3');
    expect(current().protocols).toEqual(['token', 'ticket-1']);
    expect(current().binaryType).toBe('arraybuffer');
  });

  it('relaySocketUrl: /v1/listen on the page’s origin, ws: for an http: page and wss: for https:, no query or hash', () => {
    expect(relaySocketUrl({ href: 'http://localhost:8787/' })).toBe('ws://localhost:8787/v1/listen');
    expect(relaySocketUrl({ href: 'http://127.0.0.1:5173/voice/deep/path?x=1' })).toBe(
      'ws://127.0.0.1:5173/v1/listen',
    );
    expect(relaySocketUrl({ href: 'https://wayfarer.example/voice#top' })).toBe(
      'wss://wayfarer.example/v1/listen',
    );
  });

  it('keeps audio sent before the socket opens and sends it in order on open', () => {
    const { client, current } = setup();
    const first = new ArrayBuffer(8);
    const second = new ArrayBuffer(8);
    client.sendAudio(first);
    client.sendAudio(second);
    expect(current().sent).toEqual([]);
    current().open();
    expect(current().sent).toEqual([first, second]);
  });

  it('keeps the last 10 s of audio sent while it connects, however small the chunks', () => {
    const { client, current } = setup();
    const tenSeconds = 10_000 / AUDIO_CHUNK_INTERVAL_MS;
    const chunks = Array.from({ length: tenSeconds + 5 }, () => new ArrayBuffer(8));
    for (const chunk of chunks) client.sendAudio(chunk);
    current().open();
    expect(current().sent).toEqual(chunks.slice(5));
  });

  it('reports interim and final results and ignores other messages', () => {
    const { current, results: seen } = setup();
    current().open();
    current().receive(results(false, 'where is'));
    current().receive({ type: 'UtteranceEnd', channel: [0, 1], last_word_end: 1 });
    current().receive({ type: 'Metadata' });
    current().receive(results(true, 'Where is the station?'));
    expect(seen).toEqual([
      { text: 'where is', isFinal: false, speechFinal: false, eagerEndOfTurn: false },
      { text: 'Where is the station?', isFinal: true, speechFinal: true, eagerEndOfTurn: false },
    ]);
  });

  it('an interim whose audio runs EAGER_END_OF_TURN_SILENCE_SECONDS past its last word is an eager end of turn; a final never is', () => {
    const { current, results: seen } = setup();
    current().open();
    const timed = (isFinal: boolean, lastWordEnd: number) => ({
      ...results(isFinal, 'I need a doctor'),
      start: 0.5,
      duration: 2,
      channel: {
        alternatives: [
          {
            transcript: 'I need a doctor',
            confidence: 0.9,
            words: [
              { word: 'i', start: 0.6, end: 0.7 },
              { word: 'doctor', start: 1.9, end: lastWordEnd },
            ],
          },
        ],
      },
    });
    current().receive(timed(false, 2.5));
    current().receive(timed(false, 2.5 - EAGER_END_OF_TURN_SILENCE_SECONDS / 2));
    current().receive(timed(false, 2.5 - EAGER_END_OF_TURN_SILENCE_SECONDS * 1.1));
    current().receive(timed(true, 2.3));
    expect(seen.map((result) => result.eagerEndOfTurn)).toEqual([false, false, true, false]);
  });

  it('a final tells when its last word was heard: the page time its audio was handed to the socket', () => {
    const { current, client, results: seen } = setup();
    const start = performance.now();
    // 50 chunks of 20 ms at 16 kHz, 320 samples each, handed in as captured; the socket opens after the first 10.
    for (let chunk = 1; chunk <= 50; chunk++) {
      vi.advanceTimersByTime(20);
      client.sendAudio(new ArrayBuffer(640));
      if (chunk === 10) current().open();
    }
    const final = (lastWordEnd: number) => ({
      ...results(true, 'I need a doctor'),
      start: 0,
      duration: 1,
      channel: {
        alternatives: [
          {
            transcript: 'I need a doctor',
            confidence: 0.9,
            words: [{ word: 'doctor', start: 0.2, end: lastWordEnd }],
          },
        ],
      },
    });
    current().receive(final(0.5));
    current().receive(final(0.51));
    // Sample 8,000 ends chunk 25, handed in 500 ms in; sample 8,160 is half-way through chunk 26.
    expect(seen[0]!.heardEndAt! - start).toBeCloseTo(500, 5);
    expect(seen[1]!.heardEndAt! - start).toBeCloseTo(510, 5);
  });

  it('reports the language nova-3 multilingual heard: languages on the alternative, else the words’ language', () => {
    const { current, results: seen } = setup();
    current().open();
    const withLanguages = results(true, 'Où est la gare ?');
    withLanguages.channel.alternatives[0] = { ...withLanguages.channel.alternatives[0]!, languages: ['fr'] };
    current().receive(withLanguages);
    current().receive({
      ...results(true, 'the station'),
      channel: {
        alternatives: [
          {
            transcript: 'the station',
            words: [
              { word: 'the', language: 'en' },
              { word: 'station', language: 'en' },
            ],
          },
        ],
      },
    });
    expect(seen.map((result) => result.language)).toEqual(['fr', 'en']);
  });

  it('sends KeepAlive instead of audio while muted', () => {
    const { client, current } = setup();
    current().open();
    client.setMuted(true);
    client.sendAudio(new ArrayBuffer(8));
    vi.advanceTimersByTime(8000);
    expect(current().sent.every((item) => typeof item === 'string')).toBe(true);
    expect(current().controls()).toEqual(['KeepAlive', 'KeepAlive', 'KeepAlive']);
    client.setMuted(false);
    vi.advanceTimersByTime(8000);
    expect(current().controls()).toHaveLength(3);
  });

  it('finish sends Finalize then CloseStream, still delivers the last results, and resolves when the server closes', async () => {
    const { client, current, onFailure, results: seen } = setup();
    current().open();
    const finished = client.finish();
    expect(current().controls()).toEqual(['Finalize', 'CloseStream']);
    current().receive(results(true, 'Last words.'));
    expect(seen.at(-1)).toMatchObject({ text: 'Last words.', isFinal: true });
    current().drop(1000);
    await finished;
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('finish does not wait forever for the server', async () => {
    const { client, current } = setup();
    current().open();
    const finished = client.finish();
    vi.advanceTimersByTime(3000);
    await finished;
    expect(current().closedWith).toBe(1000);
  });

  it('reports a dropped socket at once and never reopens it: a new socket needs a fresh ticket (docs/SPEC.md §4)', () => {
    const { client, sockets, current, onFailure, results: seen } = setup();
    current().open();
    current().receive(results(true, 'Before.'));
    current().drop(1006);
    expect(onFailure).toHaveBeenCalledWith({ code: 1006, reason: '' });
    expect(sockets).toHaveLength(1);
    client.sendAudio(new ArrayBuffer(8));
    expect(current().sent).toHaveLength(0);
    expect(seen.map((result) => result.text)).toEqual(['Before.']);
  });

  it('says when the server accepted the socket', () => {
    const onOpen = vi.fn();
    const sockets: FakeSocket[] = [];
    openDeepgramSocket({
      url: 'ws://127.0.0.1:9/v1/listen',
      key: 'k',
      onTranscript: () => undefined,
      onOpen,
      onFailure: () => undefined,
      createSocket: (url, protocols) => {
        const socket = new FakeSocket(url, protocols);
        sockets.push(socket);
        return socket;
      },
    });
    expect(onOpen).not.toHaveBeenCalled();
    sockets[0]!.open();
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('does not retry a refused ticket', () => {
    const { sockets, current, onFailure } = setup();
    current().drop(1008, 'INVALID_AUTH: Invalid credentials.');
    expect(sockets).toHaveLength(1);
    expect(onFailure).toHaveBeenCalledOnce();
  });

  it('an Allowance message moves the allowance: onAllowance gets its seconds, null for a subscriber', () => {
    const { current, onAllowance, results: seen } = setup();
    current().open();
    current().receive({ type: 'Allowance', seconds_left: 540 });
    current().receive(results(true, 'Hello.'));
    current().receive({ type: 'Allowance', seconds_left: null });
    current().receive({ type: 'Allowance', seconds_left: 0 });
    expect(onAllowance.mock.calls).toEqual([[540], [null], [0]]);
    // An Allowance message is no transcript, and a result no Allowance message.
    expect(seen.map((result) => result.text)).toEqual(['Hello.']);
  });

  it('a malformed Allowance message is ignored', () => {
    const { current, onAllowance, onFailure, results: seen } = setup();
    current().open();
    current().receive({ type: 'Allowance', seconds_left: -1 });
    current().receive({ type: 'Allowance', seconds_left: '30' });
    current().receive({ type: 'Allowance' });
    current().onmessage?.(new MessageEvent('message', { data: '{not json' }));
    expect(onAllowance).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('an Allowance message with no onAllowance given is ignored', () => {
    const sockets: FakeSocket[] = [];
    const onTranscript = vi.fn();
    openDeepgramSocket({
      url: 'ws://127.0.0.1:9/v1/listen',
      key: 'k',
      onTranscript,
      onFailure: () => undefined,
      createSocket: (url, protocols) => {
        const socket = new FakeSocket(url, protocols);
        sockets.push(socket);
        return socket;
      },
    });
    sockets[0]!.open();
    expect(() => sockets[0]!.receive({ type: 'Allowance', seconds_left: 10 })).not.toThrow();
    expect(onTranscript).not.toHaveBeenCalled();
  });

  it.each(Object.entries(RELAY_CLOSE))(
    'passes the relay’s %s close (%i) on as it came, and does not reopen',
    (_name, code) => {
      const { sockets, current, onFailure } = setup();
      current().open();
      current().drop(code, 'reason');
      expect(onFailure).toHaveBeenCalledExactlyOnceWith({ code, reason: 'reason' });
      expect(sockets).toHaveLength(1);
    },
  );
});
