/**
 * Starts the e2e suite's second and third local clouds and the scripted providers behind them (playwright.config.ts,
 * a webServer entry; support/second-server-settings.ts says what each is for): the OpenAI-compatible test servers
 * (one per cloud: their voices differ), the scripted Deepgram server, then `npm run serve` twice with their
 * addresses, on the ports the config chose. SIGTERM stops them all, the local clouds' own children included.
 */
import { serveApp } from '@wayfarer/infra/local/served-app';
import { SCRIPT, SECOND_SERVER, THIRD_SERVER } from './second-server-settings';
import { startServerProcess } from './server-process';

const DEEPGRAM_KEY = SECOND_SERVER.deepgramKey;
const port = (name: string) => {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a port`);
  return String(value);
};

// The protocol-faithful servers of lambdas/testing, through their CLIs (e2e code imports only shared/).
const [openAi, deepgram, slowOpenAi] = await Promise.all([
  startServerProcess('lambdas/testing/openai-compatible-server.ts', [
    '--port',
    port('E2E_OPENAI_PORT'),
    '--hold-audio-tail',
    '--hold-audio-tail-for',
    SECOND_SERVER.holdAudioTailFor,
    '--tone-seconds',
    String(SECOND_SERVER.toneSeconds),
  ]),
  startServerProcess('lambdas/testing/scripted-deepgram-server.ts', [
    '--port',
    port('E2E_DEEPGRAM_PORT'),
    '--script',
    JSON.stringify(SCRIPT),
    // The one key it takes: the local cloud's, which only its speech relay sends.
    '--key',
    DEEPGRAM_KEY,
    // Silence is heard as nothing (billing-flow records silence and expects no phrase).
    '--from-first-speech',
  ]),
  startServerProcess('lambdas/testing/openai-compatible-server.ts', [
    '--port',
    '0',
    '--seconds-per-character',
    String(THIRD_SERVER.voiceSecondsPerCharacter),
  ]),
]);

/**
 * A local cloud on `cloudPort` whose translation and voices come from the OpenAI-compatible test server at
 * `openAiUrl`, with `env` over that. Not waited for here: the config's last web server entries wait for it to be
 * healthy.
 */
function cloudWith(cloudPort: string, openAiUrl: string, env: Record<string, string>) {
  return serveApp({
    port: Number(cloudPort),
    ready: () => Promise.resolve(true),
    output: 'inherit',
    env: {
      // Each test its own traveller (support/traveller.ts); the limits under test are the handlers' own.
      TRUSTED_PROXIES: '127.0.0.1,::1',
      RATE_LIMITS: 'off',
      OPENAI_API_KEY: 'sk-local-test',
      OPENAI_BASE_URL: `${openAiUrl}/v1`,
      OPENAI_MODEL_TRANSLATE: 'test-translate',
      OPENAI_MODEL_TTS: 'test-tts',
      TTS_ENGINE: 'cloud',
      // The test server has no analysis or vision model: OCR and the analysis stay embedded.
      ANALYSIS_ENGINE: 'embedded',
      VISION_ENGINE: 'embedded',
      ...env,
    },
  });
}

const second = cloudWith(port('E2E_SECOND_PORT'), openAi.url, {
  ADMIN_PASSWORD: SECOND_SERVER.adminPassword,
  ANON_DAILY_SECONDS: String(SECOND_SERVER.anonDailySeconds),
  USER_DAILY_SECONDS: String(SECOND_SERVER.userDailySeconds),
  STT_ENGINE: 'cloud',
  DEEPGRAM_API_KEY: DEEPGRAM_KEY,
  DEEPGRAM_API_URL: deepgram.url,
  DEEPGRAM_LISTEN_URL: `${deepgram.url.replace(/^http/, 'ws')}/v1/listen`,
});
// Speech is heard by the embedded recogniser here.
const third = cloudWith(port('E2E_THIRD_PORT'), slowOpenAi.url, {
  LOCAL_ACCESS_TOKEN_SECONDS: String(THIRD_SERVER.accessTokenSeconds),
});
const clouds = await Promise.all([second, third]);

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(clouds.map((cloud) => cloud.stop()));
  await Promise.all([openAi.stop(), deepgram.stop(), slowOpenAi.stop()]);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
for (const cloud of clouds) void cloud.exited.then((code) => stop(code ?? 1));
