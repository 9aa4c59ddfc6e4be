import { DeepgramClient } from '@deepgram/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type FakeOpenAiServer } from './openai-compatible-server';

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
    expect(await closed).toEqual({ url: '/v1/chat/completions', written: 1 });
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
});
