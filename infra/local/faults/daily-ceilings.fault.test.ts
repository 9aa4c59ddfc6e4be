import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpenAiCompatibleServer,
  type FakeOpenAiServer,
} from '@wayfarer/lambdas/testing/openai-compatible-server';
import { MAX_TTS_CHARS } from '@wayfarer/shared/api/voice-output';
import { DAILY_CEILINGS } from '@wayfarer/shared/constants';
import { DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { call } from './fault-cloud';
import { serveApp, type ServedApp } from '../served-app';

// The daily ceilings against `npm run serve` (what `npm start` runs once the web app is built) in a process of
// its own, as a self-hosted instance runs: the OpenAI-compatible test server as provider, the gateway's
// per-viewer limits off (RATE_LIMITS=off) and a reverse proxy in front (TRUSTED_PROXIES, X-Forwarded-For).
// A script rotating its address inside one /64 is refused well within 50,000 characters of translation and of
// speech synthesis, and at the analysis ceiling (the embedded analyser here: no analysis model is configured); a
// viewer in another /64 is still served.

/** The most characters one viewer group may get through before a refusal: well within this. */
const SCRIPT_BUDGET = 50_000;

let fake: FakeOpenAiServer;
let app: ServedApp | undefined;
let url: string;

beforeAll(async () => {
  fake = await startOpenAiCompatibleServer();
  app = await serveApp({
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      TRUSTED_PROXIES: '127.0.0.1',
      OPENAI_API_KEY: 'sk-local-test',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_MODEL_TRANSLATE: 'test-translate',
      OPENAI_MODEL_TTS: 'test-tts',
      TTS_ENGINE: 'cloud',
      // Speech recognition from a provider that is never called: the server is ready without loading the
      // embedded speech model, which nothing here needs.
      STT_ENGINE: 'cloud',
      DEEPGRAM_API_KEY: 'unused-by-this-test',
      DEEPGRAM_LISTEN_URL: 'ws://127.0.0.1:9/v1/listen',
    },
  });
  url = app.url;
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

/** An address inside the /64 `network` (four groups), a new one each call: a script with a routed /64. */
let host = 0;
const rotating = (network: string) => `${network}:${(host += 1).toString(16)}:${host.toString(16)}::1`;

const translateCall = (sourceIp: string, characters: number) =>
  call(url, 'POST', '/api/translate', {
    headers: { 'x-forwarded-for': sourceIp },
    json: { messages: [{ role: 'user', content: 'a'.repeat(characters) }], outputLanguage: 'es' },
  });

const speechCall = (sourceIp: string, characters: number) =>
  call(url, 'POST', '/api/tts/openai', {
    headers: { 'x-forwarded-for': sourceIp },
    json: { text: 'a'.repeat(characters), language: 'en', gender: 'female' },
  });

/** Calls from rotating addresses of one /64 until the first refusal; the characters served before it. */
async function untilRefused(
  send: (sourceIp: string, characters: number) => ReturnType<typeof call>,
  network: string,
  budget = SCRIPT_BUDGET,
) {
  let served = 0;
  for (;;) {
    const answer = await send(rotating(network), MAX_TTS_CHARS);
    if (answer.status !== 200) return { served, refusal: answer };
    served += MAX_TTS_CHARS;
    if (served > budget) return { served, refusal: undefined };
  }
}

const analysisCall = (sourceIp: string, characters: number) =>
  call(url, 'POST', '/api/analysis/locations', {
    headers: { 'x-forwarded-for': sourceIp },
    json: { text: 'a'.repeat(characters) },
  });

describe('daily ceilings against npm start, RATE_LIMITS=off, behind a trusted proxy', () => {
  it.each([
    ['translation', translateCall, '2001:db8:10'],
    ['speech synthesis', speechCall, '2001:db8:30'],
  ] as const)(
    'refuses %s from addresses rotating inside one /64 with 429 within 50,000 characters; another /64 is served',
    async (_, send, prefix) => {
      const { served, refusal } = await untilRefused(send, `${prefix}:20`);
      expect(refusal).toMatchObject({ status: 429, body: { error: DAILY_LIMIT_KEYS.text } });
      expect(served).toBeLessThan(SCRIPT_BUDGET / 2);
      expect((await send(rotating(`${prefix}:20`), 1)).status).toBe(429);
      expect((await send(rotating(`${prefix}:21`), MAX_TTS_CHARS)).status).toBe(200);
    },
  );

  it('refuses analysis from addresses rotating inside one /64 with 429 at its daily ceiling, on the embedded analyser too; another /64 is served', async () => {
    const ceiling = DAILY_CEILINGS.analysisCharacters.anonymous;
    const { served, refusal } = await untilRefused(analysisCall, '2001:db8:50:20', ceiling);
    expect(refusal).toMatchObject({ status: 429, body: { error: DAILY_LIMIT_KEYS.analysis } });
    expect(served).toBe(ceiling - (ceiling % MAX_TTS_CHARS));
    expect((await analysisCall(rotating('2001:db8:50:21'), MAX_TTS_CHARS)).status).toBe(200);
  });
});
