import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_TRANSLATION_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ApiError } from '../../lib/api-client';
import { DeviceTranslationError } from '../../lib/device-translator';
import { createSpeakBack, type PhraseTranslator, type SpeakBackEvents } from './speak-back';

const mocks = vi.hoisted(() => ({ streamRoute: vi.fn(), play: vi.fn(), stopAudio: vi.fn() }));

vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  streamRoute: mocks.streamRoute,
}));
vi.mock('../../lib/audio-playback', () => ({
  createAudioQueue: () => ({ play: mocks.play, stop: mocks.stopAudio }),
}));

function translateResponse(...chunks: string[]): Response {
  return new Response(chunks.map((chunk) => `0:${JSON.stringify(chunk)}\n`).join(''));
}

const settings = { outputLanguage: 'fr', voiceGender: 'female', speech: true } as const;
let log: string[];
let events: SpeakBackEvents;

function recorder(): SpeakBackEvents {
  return {
    translationStarted: () => log.push('started'),
    chunk: (text) => log.push(`chunk:${text}`),
    translationFinished: (text) => log.push(`finished:${text}`),
    translationFailed: (message) => log.push(`failed:${message}`),
    generating: (active) => log.push(`generating:${active}`),
    clipEnded: () => log.push('clip-ended'),
    allSpoken: () => log.push('all-spoken'),
    speechFailed: (message) => log.push(`speech-failed:${message}`),
    phraseShownOnly: (phrase) => log.push(`shown-only:${phrase}`),
    spokenLag: () => undefined,
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  log = [];
  events = recorder();
  // Like the real queue: reads the whole speech before the clip ends.
  mocks.play.mockImplementation(async (clip: Promise<ReadableStream<Uint8Array>>) => {
    await new Response(await clip).arrayBuffer();
  });
  mocks.streamRoute.mockImplementation(async (id: string, call: { body: { text?: string } }) =>
    id === 'translate.stream' ? translateResponse('Bon', 'jour.') : new Response(`audio:${call.body.text}`),
  );
});
afterEach(() => vi.clearAllMocks());

describe('the speak-back pipeline (docs/SPEC.md §4)', () => {
  it('streams the translation, fetches its speech with the SPEC §5 provider, plays it, then is done', async () => {
    createSpeakBack(events).say('Hello.', settings);
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log).toEqual([
      'started',
      'chunk:Bon',
      'chunk:jour.',
      'generating:true',
      'finished:Bonjour.',
      'generating:false',
      'clip-ended',
      'all-spoken',
    ]);
    expect(mocks.streamRoute).toHaveBeenCalledWith(
      'tts.speak',
      expect.objectContaining({
        pathParameters: { provider: 'openai' },
        body: { text: 'Bonjour.', language: 'fr', gender: 'female' },
      }),
    );
  });

  it('clips play in the order the phrases were spoken', async () => {
    const played: string[] = [];
    mocks.play.mockImplementation(async (clip: Promise<ReadableStream<Uint8Array>>) => {
      played.push(await new Response(await clip).text());
    });
    let call = 0;
    mocks.streamRoute.mockImplementation(async (id: string, request: { body: { text?: string } }) => {
      if (id === 'tts.speak') return new Response(`audio:${request.body.text}`);
      call += 1;
      return translateResponse(call === 1 ? 'Un.' : 'Deux.');
    });
    const speakBack = createSpeakBack(events);
    speakBack.say('One.', settings);
    speakBack.say('Two.', settings);
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(played).toEqual(['audio:Un.', 'audio:Deux.']);
    expect(log.filter((entry) => entry === 'all-spoken')).toHaveLength(1);
  });

  it('the first clause is spoken while the translation is still streaming, and the clauses in order', async () => {
    let translation: ReadableStreamDefaultController<Uint8Array> | undefined;
    const played: string[] = [];
    mocks.play.mockImplementation(async (clip: Promise<ReadableStream<Uint8Array>>) => {
      played.push(await new Response(await clip).text());
    });
    mocks.streamRoute.mockImplementation(async (id: string, request: { body: { text?: string } }) => {
      if (id === 'tts.speak') return new Response(`audio:${request.body.text}`);
      return new Response(
        new ReadableStream<Uint8Array>({ start: (controller) => void (translation = controller) }),
      );
    });
    createSpeakBack(events).say('Where is the station? It is on the left.', settings);
    await vi.waitFor(() => expect(translation).toBeDefined());
    const send = (chunk: string) =>
      translation!.enqueue(new TextEncoder().encode(`0:${JSON.stringify(chunk)}\n`));
    send('Où est la gare ?');
    send(' Elle');
    await vi.waitFor(() => expect(played).toEqual(['audio:Où est la gare ?']));
    expect(log).not.toContain('finished:Où est la gare ? Elle est à gauche.');
    send(' est à gauche.');
    translation!.close();
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(played).toEqual(['audio:Où est la gare ?', 'audio:Elle est à gauche.']);
  });

  it('an empty translation is not spoken', async () => {
    mocks.streamRoute.mockResolvedValue(translateResponse(''));
    createSpeakBack(events).say('Hm.', settings);
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(mocks.streamRoute).toHaveBeenCalledTimes(1);
  });

  it('a failed translation shows a translated notice, never the server text, which goes to the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mocks.streamRoute.mockResolvedValue(new Response('0:"Bon"\n3:"translation interrupted"\n'));
    createSpeakBack(events).say('Hello.', settings);
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log).toContain('failed:error_translation_failed');
    expect(warn).toHaveBeenCalledWith('translation failed:', 'translation interrupted');
    expect(mocks.play).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a rate-limited translation keeps its own key', async () => {
    mocks.streamRoute.mockRejectedValue(new ApiError(429, 'error_rate_limit_expensive'));
    createSpeakBack(events).say('Hello.', settings);
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log).toContain('failed:error_rate_limit_expensive');
  });

  it("a translation past the day's ceiling says so (error_daily_text_limit)", async () => {
    mocks.streamRoute.mockRejectedValue(new ApiError(429, 'error_daily_text_limit'));
    createSpeakBack(events).say('Hello.', settings);
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log).toContain('failed:error_daily_text_limit');
  });

  it("the device translator's own messages reach the screen (not ready, failed), as keys", async () => {
    const speakBack = createSpeakBack(events);
    const notReady: PhraseTranslator = () =>
      Promise.reject(new DeviceTranslationError(DEVICE_TRANSLATION_KEYS.notReady));
    const failed: PhraseTranslator = () =>
      Promise.reject(new DeviceTranslationError(DEVICE_TRANSLATION_KEYS.failed));
    speakBack.say('Hello.', { ...settings, translate: notReady });
    speakBack.say('Goodbye.', { ...settings, translate: failed });
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log.filter((entry) => entry.startsWith('failed:'))).toEqual([
      'failed:voice_device_translation_not_ready',
      'failed:voice_device_translation_failed',
    ]);
    expect(mocks.streamRoute).not.toHaveBeenCalled();
  });

  it("the server's text is never shown, even when it spells a device message key", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mocks.streamRoute.mockResolvedValue(new Response('3:"voice_device_translation_failed"\n'));
    const speakBack = createSpeakBack(events);
    speakBack.say('Hello.', settings);
    const plain: PhraseTranslator = () => Promise.reject(new Error('voice_device_translation_not_ready'));
    speakBack.say('Goodbye.', { ...settings, translate: plain });
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log.filter((entry) => entry.startsWith('failed:'))).toEqual([
      'failed:error_translation_failed',
      'failed:error_translation_failed',
    ]);
    warn.mockRestore();
  });

  it('a speech failure shows a translated notice, never the server text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mocks.streamRoute.mockImplementation(async (id: string) => {
      if (id === 'translate.stream') return translateResponse('Bonjour.');
      throw new ApiError(503, 'speech unavailable', 'speech unavailable');
    });
    createSpeakBack(events).say('Hello.', settings);
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log).toContain('speech-failed:error_speech_failed');
    vi.mocked(console.warn).mockRestore();
  });

  it('stop aborts the translation in flight and silences the audio, with no further events', async () => {
    let aborted = false;
    mocks.streamRoute.mockImplementation(
      (_id: string, call: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          call.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const speakBack = createSpeakBack(events);
    speakBack.say('Hello.', settings);
    await settled();
    speakBack.stop();
    await settled();
    expect(aborted).toBe(true);
    expect(mocks.stopAudio).toHaveBeenCalled();
    expect(log).toEqual(['started']);
  });
});

describe('translation prepared on an eager end of turn', () => {
  /** Translate calls, each with its phrase and the means to stream chunks into it and end it. */
  function heldTranslations() {
    const calls: {
      phrase: string;
      signal: AbortSignal;
      push: (chunk: string) => void;
      end: () => void;
      fail: () => void;
    }[] = [];
    mocks.streamRoute.mockImplementation(
      async (
        id: string,
        call: { body: { messages?: { content: string }[]; text?: string }; signal: AbortSignal },
      ) => {
        if (id !== 'translate.stream') return new Response(`audio:${call.body.text}`);
        const encoder = new TextEncoder();
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        call.signal.addEventListener('abort', () =>
          controller.error(new DOMException('aborted', 'AbortError')),
        );
        calls.push({
          phrase: call.body.messages![0]!.content,
          signal: call.signal,
          push: (chunk) => controller.enqueue(encoder.encode(`0:${JSON.stringify(chunk)}\n`)),
          end: () => controller.close(),
          fail: () => controller.error(new Error('upstream gone')),
        });
        return new Response(body);
      },
    );
    return calls;
  }

  it('nothing is shown or spoken before the final, and the final of the same words takes the one translation over', async () => {
    const calls = heldTranslations();
    const speakBack = createSpeakBack(events);
    speakBack.prepare('Hello.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.push('Bon');
    await settled();
    expect(log).toEqual([]);
    speakBack.say('Hello.', settings);
    await vi.waitFor(() => expect(log).toEqual(['started', 'chunk:Bon']));
    calls[0]!.push('jour.');
    calls[0]!.end();
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log.slice(0, 4)).toEqual(['started', 'chunk:Bon', 'chunk:jour.', 'generating:true']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
  });

  it('a final of other words aborts the prepared translation and translates the final', async () => {
    const calls = heldTranslations();
    const speakBack = createSpeakBack(events);
    speakBack.prepare('Hello.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.push('Bonjour.');
    speakBack.say('Hello there.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.phrase).toBe('Hello there.');
    calls[1]!.push('Bonjour à vous.');
    calls[1]!.end();
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log).not.toContain('chunk:Bonjour.');
  });

  it('a final in another language than the one prepared is translated afresh', async () => {
    const calls = heldTranslations();
    const speakBack = createSpeakBack(events);
    speakBack.prepare('Hello.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    speakBack.say('Hello.', { ...settings, outputLanguage: 'es' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('dropPrepared, a newer prepare of other words, and stop abort it; the same words again start nothing new', async () => {
    const calls = heldTranslations();
    const speakBack = createSpeakBack(events);
    speakBack.prepare('Hello.', settings);
    speakBack.prepare('Hello.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    speakBack.prepare('Hello, my friend.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.signal.aborted).toBe(true);
    speakBack.dropPrepared();
    expect(calls[1]!.signal.aborted).toBe(true);
    speakBack.prepare('Goodbye.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    speakBack.stop();
    expect(calls[2]!.signal.aborted).toBe(true);
    await settled();
    expect(log).toEqual([]);
  });

  it('a prepared translation that fails is reported only by a final that takes it over', async () => {
    const calls = heldTranslations();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const speakBack = createSpeakBack(events);
    speakBack.prepare('Hello.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.fail();
    await settled();
    speakBack.prepare('Hello again.', settings);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(log).toEqual([]);
    calls[1]!.fail();
    await settled();
    speakBack.say('Hello again.', settings);
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
    expect(log).toEqual(['started', 'failed:error_translation_failed', 'all-spoken']);
    expect(calls).toHaveLength(2);
    vi.mocked(console.warn).mockRestore();
  });
});

describe('the speak-back pipeline with a bounded lag (docs/SPEC.md §4 Spoken lag)', () => {
  /** Clips that play one after another, each until the test ends it; each records its speech request's body. */
  function heldPlayback() {
    const clips: { body: { text: string; speed?: number }; end: () => void }[] = [];
    let queue: Promise<unknown> = Promise.resolve();
    mocks.play.mockImplementation(
      (clip: Promise<ReadableStream<Uint8Array>>, onStart?: (at: number) => void) => {
        const previous = queue;
        const played = (async () => {
          const body = JSON.parse(await new Response(await clip).text()) as { text: string; speed?: number };
          await previous;
          onStart?.(performance.now());
          await new Promise<void>((resolve) => clips.push({ body, end: resolve }));
        })();
        queue = played;
        return played;
      },
    );
    mocks.streamRoute.mockImplementation(
      async (id: string, request: { body: { messages?: { content: string }[] } }) =>
        id === 'tts.speak'
          ? new Response(JSON.stringify(request.body))
          : translateResponse(`${request.body.messages![0]!.content.toUpperCase()}`),
    );
    return clips;
  }

  it('asks for the clauses that wait behind the playing utterance and the next as one utterance', async () => {
    const clips = heldPlayback();
    const speakBack = createSpeakBack(events, { spokenLag: 'bounded' });
    const now = performance.now();
    for (const phrase of ['One.', 'Two.', 'Three.', 'Four.']) speakBack.say(phrase, settings, now);
    await vi.waitFor(() => expect(clips).toHaveLength(1));
    await vi.waitFor(() => expect(log.filter((entry) => entry.startsWith('finished'))).toHaveLength(4));
    expect(mocks.streamRoute.mock.calls.filter(([id]) => id === 'tts.speak')).toHaveLength(2);
    clips[0]!.end();
    await vi.waitFor(() => expect(clips).toHaveLength(2));
    clips[1]!.end();
    await vi.waitFor(() => expect(clips).toHaveLength(3));
    expect(clips.map((clip) => clip.body.text)).toEqual(['ONE.', 'TWO.', 'THREE. FOUR.']);
    clips[2]!.end();
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
  });

  it('asks a voice that is behind to speak faster, and shows, not speaks, what would be heard too late', async () => {
    const clips = heldPlayback();
    const speakBack = createSpeakBack(events, { spokenLag: 'bounded' });
    // The first phrase ended 3.5 s ago; the second and third 9 s ago.
    speakBack.say('One.', settings, performance.now() - 3_500);
    await vi.waitFor(() => expect(clips).toHaveLength(1));
    expect(clips[0]!.body.speed).toBeGreaterThan(1);
    speakBack.say('Two.', settings, performance.now() - 9_000);
    speakBack.say('Three.', settings, performance.now() - 9_000);
    await vi.waitFor(() => expect(log).toContain('shown-only:3'));
    expect(log).toContain('shown-only:2');
    // Every translation is still shown.
    expect(log.filter((entry) => entry.startsWith('finished'))).toEqual([
      'finished:ONE.',
      'finished:TWO.',
      'finished:THREE.',
    ]);
    clips[0]!.end();
    await vi.waitFor(() => expect(log).toContain('all-spoken'));
  });
});
