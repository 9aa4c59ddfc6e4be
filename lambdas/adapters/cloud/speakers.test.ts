import { streamingWavHeader } from './pcm-wav-stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Speaker } from '../../ports/tts';
import {
  startOpenAiCompatibleServer,
  toneWav,
  type FakeOpenAiServer,
} from '../../testing/openai-compatible-server';
import { createCloudSpeaker } from './cloud-speaker';
import { AURA_VOICES, createDeepgramSpeaker } from './deepgram-speaker';
import { createOpenAiSpeaker, OPENAI_VOICES } from './openai-speaker';

// The real openai and @deepgram/sdk clients against the protocol-faithful fake.

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function speakers(options: { interAudioChunkMs?: number } = {}) {
  server = await startOpenAiCompatibleServer(options);
  return {
    deepgram: createDeepgramSpeaker({ apiKey: 'dg-key', baseUrl: server.url }),
    openai: createOpenAiSpeaker({ apiKey: 'sk-key', baseURL: `${server.url}/v1`, model: 'tts-model' }),
  };
}

async function bytesOf(audio: AsyncIterable<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const part of audio) parts.push(part);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

const request = (overrides: Partial<Parameters<Speaker['speak']>[0]> = {}) => ({
  text: 'Hola',
  language: 'es',
  gender: 'female' as const,
  provider: 'deepgram' as const,
  ...overrides,
});

describe('Deepgram speaker', () => {
  it.each([
    ['en', 'female'],
    ['en', 'male'],
    ['es', 'female'],
    ['es', 'male'],
  ] as const)('asks Aura-2 for the %s %s voice and streams the audio it sends', async (language, gender) => {
    const { deepgram } = await speakers();
    const { contentType, audio } = await deepgram.speak(request({ language, gender }));
    const { bytes, chunks } = await bytesOf(audio);
    // Raw linear16 from Deepgram, passed on as a streaming WAV the browser plays as it arrives.
    expect(bytes.equals(Buffer.concat([streamingWavHeader(24_000), toneWav().subarray(44)]))).toBe(true);
    expect(chunks).toBeGreaterThan(1);
    expect(contentType).toBe('audio/wav');
    const seen = server!.requests.at(-1)!;
    const query = new URL(seen.url, 'http://x').searchParams;
    expect(query.get('model')).toBe(AURA_VOICES[language]![gender]);
    expect([query.get('encoding'), query.get('container'), query.get('sample_rate')]).toEqual([
      'linear16',
      'none',
      '24000',
    ]);
    expect(seen.body).toEqual({ text: 'Hola' });
    expect(seen.headers.authorization).toBe('Token dg-key');
  });

  it('has no voice for other languages', async () => {
    const { deepgram } = await speakers();
    await expect(deepgram.speak(request({ language: 'fr' }))).rejects.toThrow(/no female voice for fr/);
  });

  it('stops the upstream request on abort: the server sees the connection close', async () => {
    const { deepgram } = await speakers({ interAudioChunkMs: 100 });
    const controller = new AbortController();
    const closed = server!.nextClientClose();
    const { audio } = await deepgram.speak(request({ signal: controller.signal }));
    await expect(
      (async () => {
        for await (const _chunk of audio) controller.abort();
      })(),
    ).rejects.toThrow();
    expect((await closed).url).toMatch(/^\/v1\/speak\?/);
  });
});

describe('speaking faster (docs/SPEC.md §4 Spoken lag)', () => {
  it("passes the speed to Aura-2 as its speed query and to OpenAI's speech as its speed", async () => {
    const { deepgram, openai } = await speakers();
    await bytesOf((await deepgram.speak(request({ speed: 1.25 }))).audio);
    expect(new URL(server!.requests.at(-1)!.url, 'http://x').searchParams.get('speed')).toBe('1.25');
    await bytesOf((await openai.speak(request({ provider: 'openai', speed: 1.25 }))).audio);
    expect(server!.requests.at(-1)!.body).toMatchObject({ speed: 1.25 });
  });

  it('asks for no speed at the voice’s own pace', async () => {
    const { deepgram, openai } = await speakers();
    await bytesOf((await deepgram.speak(request())).audio);
    expect(new URL(server!.requests.at(-1)!.url, 'http://x').searchParams.has('speed')).toBe(false);
    await bytesOf((await openai.speak(request({ provider: 'openai' }))).audio);
    expect(server!.requests.at(-1)!.body).not.toHaveProperty('speed');
  });
});

describe('OpenAI speaker', () => {
  it.each(['female', 'male'] as const)('asks for the %s voice with the configured model', async (gender) => {
    const { openai } = await speakers();
    const { contentType, audio } = await openai.speak(
      request({ language: 'fr', gender, provider: 'openai' }),
    );
    // Raw 24 kHz PCM from OpenAI, passed on as a streaming WAV the browser plays as it arrives.
    const { bytes } = await bytesOf(audio);
    expect(bytes.equals(Buffer.concat([streamingWavHeader(24_000), toneWav().subarray(44)]))).toBe(true);
    expect(contentType).toBe('audio/wav');
    expect(server!.requests.at(-1)).toMatchObject({
      url: '/v1/audio/speech',
      body: { model: 'tts-model', voice: OPENAI_VOICES[gender], input: 'Hola', response_format: 'pcm' },
    });
  });

  it('fails with the server status when the server refuses', async () => {
    const { openai } = await speakers();
    await expect(openai.speak(request({ text: '' }))).rejects.toMatchObject({ status: 400 });
  });
});

describe('cloud speaker', () => {
  it('sends en and es to Deepgram and other languages to OpenAI (docs/SPEC.md §5)', async () => {
    const cloud = createCloudSpeaker(await speakers());
    await cloud.speak(request({ language: 'en' }));
    expect(server!.requests.at(-1)?.url).toMatch(/^\/v1\/speak\?/);
    await cloud.speak(request({ language: 'de', provider: 'openai' }));
    expect(server!.requests.at(-1)?.url).toBe('/v1/audio/speech');
  });

  it('the provider is the one the client named (one rule, ttsProviderForLanguage); Deepgram only where it has a voice', async () => {
    const cloud = createCloudSpeaker(await speakers());
    await cloud.speak(request({ language: 'en', provider: 'openai' }));
    expect(server!.requests.at(-1)?.url).toBe('/v1/audio/speech');
    await cloud.speak(request({ language: 'fr', provider: 'deepgram' }));
    expect(server!.requests.at(-1)?.url).toBe('/v1/audio/speech');
  });

  it('lets OpenAI speak English when no Deepgram key is configured', async () => {
    const { openai } = await speakers();
    const cloud = createCloudSpeaker({ deepgram: undefined, openai });
    await cloud.speak(request({ language: 'en' }));
    expect(server!.requests.at(-1)?.url).toBe('/v1/audio/speech');
  });

  it('says what to configure when no provider can speak the language', async () => {
    const { deepgram } = await speakers();
    await expect(
      createCloudSpeaker({ deepgram, openai: undefined }).speak(
        request({ language: 'ja', provider: 'openai' }),
      ),
    ).rejects.toThrow(/OPENAI_MODEL_TTS/);
  });
});
