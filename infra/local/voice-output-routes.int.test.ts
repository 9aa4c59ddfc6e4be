import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpenAiCompatibleServer,
  toneWav,
  type FakeOpenAiServer,
} from '@wayfarer/lambdas/testing/openai-compatible-server';
import { resetProviders } from '@wayfarer/lambdas/providers';
import {
  CAPABILITY_UNAVAILABLE_KEYS,
  HTTP_ERROR_KEYS,
  TRANSLATION_INTERRUPTED,
} from '@wayfarer/shared/domain/error-keys';
import { streamingWavHeader } from '@wayfarer/lambdas/adapters/cloud/pcm-wav-stream';
import type { Listening } from './loopback';
import { listenApiGateway } from './testing/api-gateway';

// POST /api/translate and /api/tts/{provider} through the local gateway and its streaming shim, with the real handler, the real openai
// SDK and a protocol-faithful OpenAI-compatible server. The gateway runs in this worker, so this file points
// the handler's configuration at its own fake server without touching the shared local cloud.

let fake: FakeOpenAiServer;
let gateway: Listening;
const saved = { ...process.env };

function configure(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetProviders();
}

beforeAll(async () => {
  fake = await startOpenAiCompatibleServer({ interTokenMs: 20, interAudioChunkMs: 20 });
  configure({
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_MODEL_TRANSLATE: 'translate-model',
    OPENAI_MODEL_TTS: 'tts-model',
    OPENAI_API_KEY: undefined,
    DEEPGRAM_API_KEY: undefined,
    TRANSLATE_ENGINE: undefined,
    TTS_ENGINE: 'cloud',
  });
  gateway = await listenApiGateway();
});

afterAll(async () => {
  await gateway.close();
  await fake.close();
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetProviders();
});

const translate = (body: unknown, signal?: AbortSignal) =>
  fetch(`${gateway.url}/api/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });

const phrase = (content: string, outputLanguage = 'es') => ({
  messages: [{ role: 'user', content }],
  outputLanguage,
});

/** Reads the body line by line, noting when each line arrived. */
async function readLines(response: Response): Promise<{ line: string; at: number }[]> {
  const decoder = new TextDecoder();
  const lines: { line: string; at: number }[] = [];
  let pending = '';
  for await (const bytes of response.body!) {
    pending += decoder.decode(bytes as Uint8Array, { stream: true });
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      lines.push({ line: pending.slice(0, end), at: performance.now() });
      pending = pending.slice(end + 1);
    }
  }
  return lines;
}

describe('POST /api/translate through the local gateway', () => {
  it('streams one 0:"chunk" line per provider token, each as it arrives', async () => {
    const started = performance.now();
    const response = await translate(phrase('Where is the train station?'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = await readLines(response);
    expect(lines.map(({ line }) => line)).toEqual([
      '0:"¿Dónde"',
      '0:" está"',
      '0:" la"',
      '0:" estación"',
      '0:" de"',
      '0:" tren?"',
    ]);
    // Not buffered: the lines arrive spread over the provider's 5 x 20 ms gaps, not all at the end.
    expect(lines.at(-1)!.at - lines[0]!.at).toBeGreaterThan(60);
    expect(lines[0]!.at - started).toBeLessThan(lines.at(-1)!.at - started - 60);
  });

  it('cancels the upstream request when the client aborts: the provider sees the connection close', async () => {
    const controller = new AbortController();
    const closed = fake.nextClientClose();
    const response = await translate(phrase('Where is the train station?'), controller.signal);
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    const close = await closed;
    expect(close.url).toBe('/v1/chat/completions');
    expect(close.written).toBeLessThan(6);
  });

  it('cancels the upstream request when the client disconnects before the first token', async () => {
    fake.setFirstTokenMs(5_000);
    try {
      const controller = new AbortController();
      const closed = fake.nextClientClose();
      const before = fake.requests.length;
      const response = translate(phrase('Where is the train station?'), controller.signal).catch(
        () => undefined,
      );
      await expect.poll(() => fake.requests.length).toBeGreaterThan(before);
      controller.abort();
      await response;
      const close = await closed;
      expect(close).toEqual({ url: '/v1/chat/completions', written: 0 });
    } finally {
      fake.setFirstTokenMs(0);
    }
  });

  it('answers 503 with the translation key and Retry-After when the provider fails before the first chunk, its one retry included', async () => {
    fake.script({ kind: 'fail', status: 500 }, { kind: 'fail', status: 500 });
    const response = await translate(phrase('Hello'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: CAPABILITY_UNAVAILABLE_KEYS.translate });
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('ends the stream with a 3:"message" error line when the provider fails mid-stream', async () => {
    fake.script({ kind: 'fail-mid-stream', afterTokens: 2, how: 'cut' });
    const response = await translate(phrase('Where is the train station?'));
    expect(response.status).toBe(200);
    expect((await readLines(response)).map(({ line }) => line)).toEqual([
      '0:"¿Dónde"',
      '0:" está"',
      `3:${JSON.stringify(TRANSLATION_INTERRUPTED)}`,
    ]);
  });

  it('refuses an output language that is not offered with 422', async () => {
    const response = await translate(phrase('Hello', 'xx'));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: expect.stringContaining('outputLanguage') });
  });

  it('refuses a text over the length limit with 422, without calling the provider', async () => {
    const before = fake.requests.length;
    const response = await translate(phrase('a'.repeat(4_001)));
    expect(response.status).toBe(422);
    expect(fake.requests.length).toBe(before);
  });

  it('answers 503 with the translation key and no Retry-After when no engine is configured', async () => {
    configure({ OPENAI_BASE_URL: undefined, OPENAI_MODEL_TRANSLATE: undefined });
    try {
      const response = await translate(phrase('Hello'));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: CAPABILITY_UNAVAILABLE_KEYS.translate });
      expect(response.headers.get('retry-after')).toBeNull();
    } finally {
      configure({ OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL_TRANSLATE: 'translate-model' });
    }
  });
});

const speak = (provider: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${gateway.url}/api/tts/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });

describe('POST /api/tts/{provider} through the local gateway', () => {
  it('streams the provider audio to the caller as it arrives, in chunks', async () => {
    const response = await speak('openai', { text: 'Bonjour', language: 'fr', gender: 'male' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    let chunks = 0;
    const parts: Uint8Array[] = [];
    for await (const part of response.body!) {
      chunks += 1;
      parts.push(part as Uint8Array);
    }
    expect(
      Buffer.concat(parts).equals(Buffer.concat([streamingWavHeader(24_000), toneWav().subarray(44)])),
    ).toBe(true);
    expect(chunks).toBeGreaterThan(1);
    expect(fake.requests.at(-1)?.body).toMatchObject({ input: 'Bonjour', voice: 'onyx', model: 'tts-model' });
  });

  /** The connections to `url` the client closed early, from the fake's record (other tests leave closes too). */
  const speechCloses = () => fake.closedConnections.filter((close) => close.url === '/v1/audio/speech');

  it('cancels the upstream speech request when the client disconnects before its first byte', async () => {
    fake.setFirstTokenMs(5_000);
    try {
      const controller = new AbortController();
      const closesBefore = speechCloses().length;
      const before = fake.requests.length;
      const response = speak(
        'openai',
        { text: 'Bonjour', language: 'fr', gender: 'male' },
        controller.signal,
      ).catch(() => undefined);
      await expect.poll(() => fake.requests.length).toBeGreaterThan(before);
      controller.abort();
      await response;
      await expect.poll(() => speechCloses().length).toBe(closesBefore + 1);
      expect(speechCloses().at(-1)!.written).toBe(0);
    } finally {
      fake.setFirstTokenMs(0);
    }
  });

  it('cancels the upstream speech request when the client disconnects mid-audio', async () => {
    const controller = new AbortController();
    const closesBefore = speechCloses().length;
    const response = await speak(
      'openai',
      { text: 'Bonjour', language: 'fr', gender: 'male' },
      controller.signal,
    );
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect.poll(() => speechCloses().length).toBe(closesBefore + 1);
  });

  it('answers 404 for an unknown provider', async () => {
    const response = await speak('acme', { text: 'Hello', language: 'en', gender: 'female' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: HTTP_ERROR_KEYS.notFound });
  });

  it('refuses a language that is not offered, and a text over the length limit, with 422', async () => {
    expect((await speak('openai', { text: 'Hello', language: 'xx', gender: 'female' })).status).toBe(422);
    expect(
      (await speak('openai', { text: 'a'.repeat(2_001), language: 'en', gender: 'female' })).status,
    ).toBe(422);
  });

  it('answers 503 with the speech key the client shows when no provider can speak', async () => {
    configure({ OPENAI_MODEL_TTS: undefined });
    try {
      const response = await speak('deepgram', { text: 'Hello', language: 'en', gender: 'female' });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: CAPABILITY_UNAVAILABLE_KEYS.tts });
    } finally {
      configure({ OPENAI_MODEL_TTS: 'tts-model' });
    }
  });
});
