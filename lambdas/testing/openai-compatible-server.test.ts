import { DeepgramClient } from '@deepgram/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHARS_PER_TOKEN,
  defaultTranslation,
  startOpenAiCompatibleServer,
  tokenise,
  toneWav,
  type FakeOpenAiServer,
} from './openai-compatible-server';

// The fake is only useful if the real SDKs accept it: each test drives it through the real client.

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const client = (fake: FakeOpenAiServer) =>
  new OpenAI({ apiKey: 'placeholder', baseURL: `${fake.url}/v1`, maxRetries: 0 });

const translateToSpanish = [
  { role: 'system' as const, content: 'Translate into Spanish.' },
  { role: 'user' as const, content: 'Where is the train station?' },
];

describe('fake OpenAI-compatible server', () => {
  it('streams a translation from its phrase table as chat completion chunks the SDK joins back', async () => {
    server = await startOpenAiCompatibleServer();
    const stream = await client(server).chat.completions.create({
      model: 'm',
      messages: translateToSpanish,
      stream: true,
    });
    const parts: string[] = [];
    for await (const chunk of stream) parts.push(chunk.choices[0]?.delta.content ?? '');
    expect(parts.join('')).toBe('¿Dónde está la estación de tren?');
    expect(parts.filter(Boolean).length).toBeGreaterThan(1);
  });

  it('marks a phrase it does not know with the target language', async () => {
    server = await startOpenAiCompatibleServer();
    const reply = await client(server).chat.completions.create({
      model: 'm',
      messages: [translateToSpanish[0]!, { role: 'user', content: 'Good morning' }],
    });
    expect(reply.choices[0]?.message.content).toBe('[es] Good morning');
  });

  it('replies with scripted structured-output content and refusals', async () => {
    server = await startOpenAiCompatibleServer();
    server.script({ kind: 'reply', content: '{"ok":true}' }, { kind: 'reply', refusal: 'I cannot help.' });
    const format = {
      type: 'json_schema' as const,
      json_schema: { name: 'x', schema: { type: 'object' }, strict: true },
    };
    const first = await client(server).chat.completions.create({
      model: 'm',
      messages: translateToSpanish,
      response_format: format,
    });
    expect(first.choices[0]?.message.content).toBe('{"ok":true}');
    const second = await client(server).chat.completions.create({
      model: 'm',
      messages: translateToSpanish,
      response_format: format,
    });
    expect(second.choices[0]?.message).toMatchObject({ content: null, refusal: 'I cannot help.' });
  });

  it("stops an answer at the request's cap with finish_reason length, streamed or not, as OpenAI does", async () => {
    server = await startOpenAiCompatibleServer();
    const long = 'word '.repeat(100).trim();
    server.script(
      { kind: 'reply', content: long },
      { kind: 'reply', content: long },
      { kind: 'reply', content: long },
    );
    const capped = await client(server).chat.completions.create({
      model: 'm',
      messages: translateToSpanish,
      max_completion_tokens: 10,
    });
    expect(capped.choices[0]?.finish_reason).toBe('length');
    expect(capped.choices[0]?.message.content).toBe(long.slice(0, 10 * CHARS_PER_TOKEN));
    const stream = await client(server).chat.completions.create({
      model: 'm',
      messages: translateToSpanish,
      max_tokens: 10,
      stream: true,
    });
    const parts: string[] = [];
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      parts.push(chunk.choices[0]?.delta.content ?? '');
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe('length');
    expect(parts.join('').length).toBeLessThanOrEqual(10 * CHARS_PER_TOKEN);
    const uncapped = await client(server).chat.completions.create({
      model: 'm',
      messages: translateToSpanish,
    });
    expect(uncapped.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: long } });
  });

  it('fails before the first chunk with an OpenAI error body the SDK reads', async () => {
    server = await startOpenAiCompatibleServer();
    server.script({ kind: 'fail', status: 503, message: 'overloaded' });
    await expect(
      client(server).chat.completions.create({ model: 'm', messages: translateToSpanish, stream: true }),
    ).rejects.toMatchObject({ status: 503, message: expect.stringContaining('overloaded') });
  });

  it.each(['cut', 'error-event'] as const)('fails mid-stream (%s) after the scripted tokens', async (how) => {
    server = await startOpenAiCompatibleServer();
    server.script({ kind: 'fail-mid-stream', afterTokens: 2, how });
    const stream = await client(server).chat.completions.create({
      model: 'm',
      messages: translateToSpanish,
      stream: true,
    });
    const parts: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) parts.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    ).rejects.toThrow();
    expect(parts.join('')).toBe('¿Dónde está');
  });

  it('sees the connection close when the client aborts a stream', async () => {
    server = await startOpenAiCompatibleServer({ interTokenMs: 50 });
    const controller = new AbortController();
    const stream = await client(server).chat.completions.create(
      { model: 'm', messages: translateToSpanish, stream: true },
      { signal: controller.signal },
    );
    const closed = server.nextClientClose();
    // The SDK ends an aborted stream quietly; what matters is that the server sees the close.
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) controller.abort();
    }
    // The abort lands while the server waits between tokens; on a loaded machine it may have written one more
    // first. Either way it saw the close before the answer ended.
    const { url, written } = await closed;
    expect(url).toBe('/v1/chat/completions');
    expect(written).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThan(tokenise(defaultTranslation(translateToSpanish)).length);
  });

  it("a slow voice: speech that lasts its seconds a character, divided by the speed asked (OpenAI's body, Deepgram's query)", async () => {
    server = await startOpenAiCompatibleServer({ secondsPerCharacter: 0.1 });
    const seconds = (wav: Buffer) => (wav.length - 44) / 2 / 24_000;
    const normal = await client(server).audio.speech.create({
      model: 'tts',
      voice: 'alloy',
      input: 'Hola, buenos días',
      response_format: 'wav',
    });
    expect(seconds(Buffer.from(await normal.arrayBuffer()))).toBeCloseTo(1.7, 2);
    const faster = await client(server).audio.speech.create({
      model: 'tts',
      voice: 'alloy',
      input: 'Hola, buenos días',
      response_format: 'wav',
      speed: 1.25,
    });
    expect(seconds(Buffer.from(await faster.arrayBuffer()))).toBeCloseTo(1.36, 2);
    const deepgram = new DeepgramClient({ apiKey: 'placeholder', baseUrl: server.url });
    const binary = await deepgram.speak.v1.audio.generate({
      text: 'Hola',
      model: 'aura-2-celeste-es',
      speed: 1.25,
    });
    expect(seconds(Buffer.from(await binary.arrayBuffer()))).toBeCloseTo(0.32, 2);
  });

  it('streams speech as a WAV in chunks to the OpenAI and Deepgram clients', async () => {
    server = await startOpenAiCompatibleServer();
    const speech = await client(server).audio.speech.create({
      model: 'tts',
      voice: 'alloy',
      input: 'Hola',
      response_format: 'wav',
    });
    const openAiAudio = Buffer.from(await speech.arrayBuffer());
    expect(openAiAudio.subarray(0, 4).toString('ascii')).toBe('RIFF');

    const deepgram = new DeepgramClient({ apiKey: 'placeholder', baseUrl: server.url });
    const binary = await deepgram.speak.v1.audio.generate({ text: 'Hola', model: 'aura-2-celeste-es' });
    const deepgramAudio = Buffer.from(await binary.arrayBuffer());
    expect(deepgramAudio.equals(openAiAudio)).toBe(true);
    expect(server.requests.at(-1)?.url).toContain('/v1/speak?');
    expect(server.requests.at(-1)?.headers.authorization).toBe('Token placeholder');
  });

  describe('holding back the tail of speech (what cloud-voice-progressive plays)', () => {
    const pcmLength = toneWav(0.4).length - 44;
    // The server writes 4,096 bytes at a time; the tail is the last write.
    const beforeTail = Math.floor((pcmLength - 1) / 4_096) * 4_096;
    const speech = (fake: FakeOpenAiServer) =>
      client(fake).audio.speech.create({
        model: 'tts',
        voice: 'alloy',
        input: 'Hola',
        response_format: 'pcm',
      });

    /** Reads until at least `bytes` have arrived (or the body ends); returns how many did. */
    async function readAtLeast(
      reader: ReadableStreamDefaultReader<Uint8Array>,
      bytes: number,
    ): Promise<number> {
      let received = 0;
      while (received < bytes) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.length;
      }
      return received;
    }

    it('sends the last chunk once released, even when the client had every byte before it first', async () => {
      // The server pauses between writes, so the client can hold all but the tail before the tail is held.
      server = await startOpenAiCompatibleServer({ holdAudioTail: true });
      const reader = (await speech(server)).body!.getReader();
      expect(await readAtLeast(reader, beforeTail)).toBe(beforeTail);
      server.releaseAudio();
      expect(await readAtLeast(reader, Number.POSITIVE_INFINITY)).toBe(pcmLength - beforeTail);
    });

    it('lets through the tail of a response begun before a release that came before that tail', async () => {
      // The client may start playing, and the test release, while the server is still writing early chunks.
      server = await startOpenAiCompatibleServer({ holdAudioTail: true, interAudioChunkMs: 100 });
      const reader = (await speech(server)).body!.getReader();
      const first = await readAtLeast(reader, 1);
      server.releaseAudio();
      expect(first + (await readAtLeast(reader, Number.POSITIVE_INFINITY))).toBe(pcmLength);
    });

    it('holds the tail of a response begun after the last release until the next one', async () => {
      server = await startOpenAiCompatibleServer({ holdAudioTail: true });
      server.releaseAudio();
      const reader = (await speech(server)).body!.getReader();
      expect(await readAtLeast(reader, beforeTail)).toBe(beforeTail);
      server.releaseAudio();
      expect(await readAtLeast(reader, Number.POSITIVE_INFINITY)).toBe(pcmLength - beforeTail);
    });

    it('with holdAudioTailFor, holds only the speech whose text matches', async () => {
      server = await startOpenAiCompatibleServer({ holdAudioTail: true, holdAudioTailFor: /stazione/ });
      // 'Hola' does not match: it comes whole, with no release.
      const reader = (await speech(server)).body!.getReader();
      expect(await readAtLeast(reader, Number.POSITIVE_INFINITY)).toBe(pcmLength);
    });
  });
});
