import '../../http/testing/install-awslambda-shim';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TTS_CHARS } from '@wayfarer/shared/api/voice-output';
import { DAILY_CEILINGS } from '@wayfarer/shared/constants';
import { DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { makeApiEvent } from '../../http/testing/make-api-event';
import { invokeStreamingHandler } from '../../http/testing/streaming';
import { resetProviders } from '../../providers';
import { startOpenAiCompatibleServer, type FakeOpenAiServer } from '../../testing/openai-compatible-server';
import { speak } from './handler';

// The speech synthesis ceiling (DAILY_CEILINGS.speechCharacters) over DynamoDB Local: the real handler, its signed
// counter, and the real openai SDK against the OpenAI-compatible test server, run in this worker. The signed-in
// rules are the same code as translation's, tested there (translate/handler.int.test.ts).

const ceiling = DAILY_CEILINGS.speechCharacters;

let fake: FakeOpenAiServer;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startOpenAiCompatibleServer();
  Object.assign(process.env, {
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_MODEL_TTS: 'tts-model',
    TTS_ENGINE: 'cloud',
  });
  resetProviders();
});

afterAll(async () => {
  await fake.close();
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetProviders();
});

/** A /64 nobody else in the run uses. */
const freshNetwork = () => `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

async function synthesise(characters: number, sourceIp: string) {
  const response = await invokeStreamingHandler(
    speak,
    makeApiEvent({
      method: 'POST',
      path: '/api/tts/openai',
      pathParameters: { provider: 'openai' },
      sourceIp,
      json: { text: 'a'.repeat(characters), language: 'en', gender: 'female' },
    }),
  );
  const body = response.statusCode === 200 ? undefined : JSON.parse(response.body.toString('utf8'));
  return { status: response.statusCode, body };
}

const speechRequests = () => fake.requests.filter((request) => request.url === '/v1/audio/speech').length;

describe('daily speech synthesis ceiling', () => {
  it('refuses a viewer group past its ceiling with 429 error_daily_text_limit, before the provider is called, and serves another /64', async () => {
    const network = freshNetwork();
    // Each call from another address of the same /64.
    for (let used = 0, host = 1; used < ceiling.anonymous; used += MAX_TTS_CHARS, host += 1) {
      const size = Math.min(MAX_TTS_CHARS, ceiling.anonymous - used);
      expect((await synthesise(size, `${network}::${host.toString(16)}`)).status).toBe(200);
    }
    const before = speechRequests();
    expect(await synthesise(1, `${network}:ffff::1`)).toEqual({
      status: 429,
      body: { error: DAILY_LIMIT_KEYS.text },
    });
    expect(speechRequests()).toBe(before);
    expect((await synthesise(1, `${freshNetwork()}::1`)).status).toBe(200);
  });

  it('lets parallel calls take no more than the ceiling', async () => {
    const sourceIp = `${freshNetwork()}::1`;
    const size = ceiling.anonymous / 10;
    const results = await Promise.all(Array.from({ length: 13 }, () => synthesise(size, sourceIp)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(10);
    expect(results.filter((result) => result.status === 429)).toHaveLength(3);
  });
});
