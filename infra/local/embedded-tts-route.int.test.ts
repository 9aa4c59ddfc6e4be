import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEmbeddedEngines, resetProviders } from '@wayfarer/lambdas/providers';
import { embeddedProviders } from '@wayfarer/engines/register';
import type { Listening } from './loopback';
import { parseWav } from '@wayfarer/engines/speech/wav';
import { listenApiGateway } from './testing/api-gateway';
import { sharedEspeakSpeaker } from '@wayfarer/engines/tts/espeak-speaker';

// POST /api/tts/{provider} with TTS_ENGINE=embedded through a gateway in this worker (the shared local cloud
// keeps its own configuration): the handler, the composition root and the registered espeak-ng engine, for real.

let gateway: Listening;
const saved = process.env.TTS_ENGINE;

beforeAll(async () => {
  process.env.TTS_ENGINE = 'embedded';
  resetProviders();
  registerEmbeddedEngines(embeddedProviders());
  gateway = await listenApiGateway();
});

afterAll(async () => {
  await gateway.close();
  await sharedEspeakSpeaker().close();
  if (saved === undefined) delete process.env.TTS_ENGINE;
  else process.env.TTS_ENGINE = saved;
  resetProviders();
});

const speak = (body: object, signal?: AbortSignal) =>
  fetch(`${gateway.url}/api/tts/openai`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });

describe('POST /api/tts/{provider} on the embedded engine', () => {
  it.each([
    ['en', 'Where is the station? Two tickets, please.'],
    ['ja', '駅はどこですか。切符を二枚ください。'],
  ])('streams %s as audible WAV', async (language, text) => {
    const response = await speak({ text, language, gender: 'male' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const { sampleRate, samples } = parseWav(new Uint8Array(await response.arrayBuffer()));
    expect(sampleRate).toBe(22_050);
    expect(samples.length / sampleRate).toBeGreaterThan(1.5);
    expect(Math.max(...samples.subarray(0, 22_050 * 2))).toBeGreaterThan(5_000);
  });

  it('the first audio arrives before the rest of a long phrase, and a client that leaves stops it', async () => {
    const controller = new AbortController();
    const text = Array.from({ length: 20 }, (_, i) => `This is sentence number ${i + 1}.`).join(' ');
    const response = await speak({ text, language: 'en', gender: 'female' }, controller.signal);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let bytes = 0;
    while (bytes <= 44) bytes += (await reader.read()).value?.byteLength ?? 0;
    controller.abort();
    await reader.cancel().catch(() => undefined);
    // Twenty sentences last about 30 s; what arrived before the abort is a small part of it.
    expect(bytes).toBeLessThan(22_050 * 2 * 10);
    const after = await speak({ text: 'Still here.', language: 'en', gender: 'female' });
    expect(after.status).toBe(200);
    expect(parseWav(new Uint8Array(await after.arrayBuffer())).samples.length).toBeGreaterThan(10_000);
  });
});
