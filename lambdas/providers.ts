import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { createAnalyticsStore } from './adapters/aws/analytics-store';
import { createAttemptCounters } from './adapters/aws/attempt-counter-store';
import { createCognitoIdentity } from './adapters/aws/cognito-identity';
import { createCognitoTokenVerifier } from './adapters/aws/cognito-token-verifier';
import { createEventPublisher } from './adapters/aws/event-publisher';
import { createLeaseStore } from './adapters/aws/lease-store';
import { createRefreshSessions } from './adapters/aws/refresh-session-store';
import { createResetTokens } from './adapters/aws/reset-token-store';
import { createSesMailer } from './adapters/aws/ses-mailer';
import {
  createDocumentClient,
  createIdempotencyMarks,
  createStorageHealth,
  createTable,
  type Table,
} from './adapters/aws/table';
import { createRatesStore } from './adapters/aws/rates-store';
import type { SignedTableOptions } from './adapters/aws/signed-get-item';
import { createSignedProfileReader } from './adapters/aws/signed-profile-reader';
import { createSignedRatesReader } from './adapters/aws/signed-rates-reader';
import { createSubscriptionStore } from './adapters/aws/subscription-store';
import { createUsageStore } from './adapters/aws/usage-store';
import { createUserProfiles } from './adapters/aws/user-profile-store';
import { createCloudSpeaker } from './adapters/cloud/cloud-speaker';
import { createDeepgramKeys } from './adapters/cloud/deepgram-keys';
import { createEcbRatesFeed } from './adapters/cloud/ecb-rates-feed';
import { SHIPPED_RATES } from './adapters/local/shipped-rates';
import { createStripeBilling } from './adapters/cloud/stripe-billing';
import { createDeepgramSpeaker } from './adapters/cloud/deepgram-speaker';
import { createOpenAiAnalyzer } from './adapters/cloud/openai-analyzer';
import { createOpenAiSpeaker } from './adapters/cloud/openai-speaker';
import { createOpenAiTranslator, unavailableTranslator } from './adapters/cloud/openai-translator';
import { createOpenAiVision } from './adapters/cloud/openai-vision';
import { createLocalSpeechKeys, localSpeechKeySecret } from './adapters/local/speech-keys';
import type { CapabilitiesResponse, EngineState } from '@wayfarer/shared/api/capabilities';
import { forgetConfig, getConfig, type Capability, type Config } from './config';
import type {
  Analyzer,
  Billing,
  Clock,
  Events,
  Identity,
  Mailer,
  Rates,
  RatesCache,
  RatesFeed,
  Speaker,
  SpeechKeys,
  TokenVerifier,
  Translator,
  Users,
  Vision,
} from './ports';

/*
 * The composition root: the one module that builds adapters and picks each capability's engine (docs/DESIGN.md §6).
 * Nothing is built at import. Each getter builds its adapter on first call (the first handler call of a
 * container) and keeps it, so warm invocations reuse clients and connections, and importing a handler module
 * has no side effects. Every getter is its own top-level function, so a Lambda bundle keeps only the adapters
 * its handler asks for.
 */

const built: { forget(): void }[] = [];

/** Builds once per container; a failed build is not kept, so the next call tries again. */
export function perContainer<T>(build: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  built.push({ forget: () => (value = undefined) });
  return () => {
    value ??= build().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

/**
 * Forgets every built adapter and the configuration, so the next call reads the environment again. For the
 * local cloud, which sets (and on stop restores) the environment in its own process, and for tests.
 */
export function resetProviders(): void {
  for (const entry of built) entry.forget();
  forgetConfig();
}

export const systemClock: Clock = { now: () => new Date() };

// --- Storage, identity, events, mail: one provider each -----------------------------------------------------

export const getTable: () => Promise<Table> = /* @__PURE__ */ perContainer(async () => {
  const config = await getConfig();
  return createTable(createDocumentClient(config.AWS_REGION), config.TABLE_NAME);
});

export const getUserProfiles = () => getTable().then(createUserProfiles);
export const getRefreshSessions = () => getTable().then(createRefreshSessions);
export const getResetTokens = () => getTable().then(createResetTokens);
export const getAttemptCounters = () => getTable().then(createAttemptCounters);
export const getLeases = () => getTable().then(createLeaseStore);
export const getUsage = () => getTable().then(createUsageStore);
export const getSubscriptions = () => getTable().then(createSubscriptionStore);
export const getAnalytics = () => getTable().then(createAnalyticsStore);
export const getIdempotencyMarks = () => getTable().then(createIdempotencyMarks);
export const getStorageHealth = () => getTable().then(createStorageHealth);
export const getRates: () => Promise<RatesCache> = /* @__PURE__ */ perContainer(async () =>
  createRatesStore(await getTable(), SHIPPED_RATES),
);

/**
 * The same RATES item read without the DynamoDB client, for the analysis functions, whose openai client leaves
 * no room for it in the bundle. Credentials come from the environment the way the SDK reads them in Lambda.
 */
export const getRatesReader: () => Promise<Rates> = /* @__PURE__ */ perContainer(async () =>
  createSignedRatesReader(await signedTableOptions(), SHIPPED_RATES),
);

/** The caller's profile read the same way, for the vision function, whose openai client fills its bundle too. */
export const getProfileReader: () => Promise<Pick<Users, 'getProfile'>> = /* @__PURE__ */ perContainer(
  async () => createSignedProfileReader(await signedTableOptions()),
);

async function signedTableOptions(): Promise<SignedTableOptions> {
  const config = await getConfig();
  return {
    region: config.AWS_REGION,
    tableName: config.TABLE_NAME,
    endpoint: config.AWS_ENDPOINT_URL_DYNAMODB,
    credentials: fromEnv(),
  };
}

/** The daily rate feed, or none when RATES_FEED_URL is unset (the local cloud: offline, shipped rates only). */
export const getRatesFeed: () => Promise<RatesFeed | undefined> = /* @__PURE__ */ perContainer(async () => {
  const { RATES_FEED_URL } = await getConfig();
  return RATES_FEED_URL === undefined ? undefined : createEcbRatesFeed({ url: RATES_FEED_URL });
});

export const getEvents: () => Promise<Events> = /* @__PURE__ */ perContainer(async () => {
  const config = await getConfig();
  // The SDK's own retries and deadlines (issue 26): a bus out of reach fails the call in seconds, as a 503.
  const client = new EventBridgeClient({
    region: config.AWS_REGION,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000, throwOnRequestTimeout: true },
  });
  return createEventPublisher(client, config.EVENT_BUS_NAME);
});

export const getIdentity: () => Promise<Identity> = /* @__PURE__ */ perContainer(async () => {
  const config = await getConfig();
  return createCognitoIdentity({
    region: config.AWS_REGION,
    userPoolId: config.COGNITO_USER_POOL_ID,
    clientId: config.COGNITO_CLIENT_ID,
  });
});

// Without a user pool (unit tests, tools) every token is refused: failing closed is the only safe default.
const refuseEveryToken: TokenVerifier = { verifyAccessToken: async () => undefined };

export const getTokenVerifier: () => Promise<TokenVerifier> = /* @__PURE__ */ perContainer(async () => {
  const config = await getConfig();
  if (!config.COGNITO_USER_POOL_ID || !config.COGNITO_CLIENT_ID) return refuseEveryToken;
  return createCognitoTokenVerifier({
    userPoolId: config.COGNITO_USER_POOL_ID,
    clientId: config.COGNITO_CLIENT_ID,
    preloadedJwks: config.localCognitoJwks,
  });
});

export const getMailer: () => Promise<Mailer> = /* @__PURE__ */ perContainer(async () => {
  const config = await getConfig();
  return createSesMailer({ region: config.AWS_REGION, from: config.MAIL_FROM });
});

// --- Engines: cloud or embedded, one entry per capability ---------------------------------------------------
// A capability adds one `engine('<capability>', { cloud, embedded })` entry, as getSpeechKeys below; a heavy
// embedded engine is `registeredEngine('<capability>')`, registered by engines/register.ts.

/** The port each capability's engine implements. */
export interface CapabilityPorts {
  readonly stt: SpeechKeys;
  readonly translate: Translator;
  readonly tts: Speaker;
  readonly analysis: Analyzer;
  readonly vision: Vision;
  readonly billing: Billing;
}

type EngineFactory<Port> = (config: Config) => Port;

interface EngineChoice<Port> {
  readonly cloud: EngineFactory<Port>;
  readonly embedded: EngineFactory<Port>;
}

/** Heavy embedded engines (onnx, wasm, OCR, gazetteers), registered by the local cloud before it serves. */
export type EmbeddedEngines = { readonly [C in Capability]?: EngineFactory<CapabilityPorts[C]> };

const registeredEngines: { -readonly [C in Capability]?: EngineFactory<CapabilityPorts[C]> } = {};

/**
 * Called by infra/local before serving. The engines live there, so no Lambda bundle ever carries them; an
 * engine already built keeps running until resetProviders.
 */
export function registerEmbeddedEngines(engines: EmbeddedEngines): void {
  Object.assign(registeredEngines, engines);
}

export class EngineUnavailableError extends Error {
  override readonly name = 'EngineUnavailableError';
}

/**
 * The embedded engine the local cloud registered for a capability. A Lambda has none: asking for it there
 * fails with a message that says what to set, rather than quietly running something else.
 */
export function registeredEngine<C extends Capability>(capability: C): EngineFactory<CapabilityPorts[C]> {
  return (config) => {
    const engine = registeredEngines[capability] as EngineFactory<CapabilityPorts[C]> | undefined;
    if (engine === undefined) {
      throw new EngineUnavailableError(
        `${capability.toUpperCase()}_ENGINE=embedded: that engine runs only in the local cloud (npm start); ` +
          `configure the cloud provider here, or set ${capability.toUpperCase()}_ENGINE=cloud`,
      );
    }
    return engine(config);
  };
}

/** A capability's engine, as its `<CAPABILITY>_ENGINE` setting (or the keys configured) chose it. */
function engine<C extends Capability>(
  capability: C,
  choice: EngineChoice<CapabilityPorts[C]>,
): () => Promise<CapabilityPorts[C]> {
  return perContainer(async () => {
    const config = await getConfig();
    return choice[config.engines[capability]](config);
  });
}

/** A speech-key issuer that cannot work as configured: the key call fails (500) and says why. */
const refusingSpeechKeys = (reason: string): SpeechKeys => ({
  issue: () => Promise.reject(new Error(reason)),
});

/** Speech to text: Deepgram's temporary keys, or the local socket's signed keys (a small HMAC, no model). */
export const getSpeechKeys = /* @__PURE__ */ engine('stt', {
  cloud: ({ DEEPGRAM_API_KEY, DEEPGRAM_API_URL, DEEPGRAM_LISTEN_URL }) =>
    DEEPGRAM_API_KEY === undefined
      ? refusingSpeechKeys('STT_ENGINE=cloud needs DEEPGRAM_API_KEY')
      : createDeepgramKeys({
          apiKey: DEEPGRAM_API_KEY,
          baseUrl: DEEPGRAM_API_URL,
          listenUrl: DEEPGRAM_LISTEN_URL,
        }),
  embedded: ({ IP_HASH_SECRET, APP_URL }) =>
    IP_HASH_SECRET === undefined
      ? refusingSpeechKeys('The embedded speech socket needs IP_HASH_SECRET')
      : createLocalSpeechKeys({ secret: localSpeechKeySecret(IP_HASH_SECRET), appUrl: APP_URL }),
});

/** Billing that cannot work as configured: each billing call fails (500) and the log says why. */
const refusingBilling = (reason: string): Billing => ({
  createCheckoutSession: () => Promise.reject(new Error(reason)),
  createPortalSession: () => Promise.reject(new Error(reason)),
  parseWebhook: () => Promise.reject(new Error(reason)),
});

/** Billing: Stripe, or the local cloud's checkout and portal pages (engines/billing/), which only it has. */
export const getBilling = /* @__PURE__ */ engine('billing', {
  cloud: ({ STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID, APP_URL }) =>
    STRIPE_SECRET_KEY === undefined ||
    STRIPE_WEBHOOK_SECRET === undefined ||
    STRIPE_PRICE_ID === undefined ||
    APP_URL === undefined
      ? refusingBilling(
          'BILLING_ENGINE=cloud needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID and APP_URL',
        )
      : createStripeBilling({
          secretKey: STRIPE_SECRET_KEY,
          webhookSecret: STRIPE_WEBHOOK_SECRET,
          priceId: STRIPE_PRICE_ID,
          appUrl: APP_URL,
        }),
  embedded: /* @__PURE__ */ registeredEngine('billing'),
});
/**
 * Translation: OpenAI or any OpenAI-compatible server (OPENAI_BASE_URL). No embedded engine exists
 * (docs/ENGINES.md), so without one the translator says it is unavailable and the UI explains how to enable it.
 */
export const getTranslator = /* @__PURE__ */ engine('translate', {
  cloud: ({ OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL_TRANSLATE }) =>
    OPENAI_MODEL_TRANSLATE === undefined
      ? unavailableTranslator('Translation needs OPENAI_MODEL_TRANSLATE (the model to translate with)')
      : createOpenAiTranslator({
          apiKey: OPENAI_API_KEY,
          baseUrl: OPENAI_BASE_URL,
          model: OPENAI_MODEL_TRANSLATE,
        }),
  embedded: () =>
    unavailableTranslator(
      'No translation engine: set OPENAI_API_KEY, or OPENAI_BASE_URL of an OpenAI-compatible server',
    ),
});

/**
 * Text to speech: Deepgram Aura for en and es, OpenAI (or a compatible server) for the rest (docs/SPEC.md §5);
 * embedded, the local cloud's espeak-ng (registered by engines/register.ts).
 */
/** An analyser that cannot work as configured: each analysis fails (503) and the log says why. */
const refusingAnalyzer = (reason: string): Analyzer => {
  const refuse = () => Promise.reject(new Error(reason));
  return { emergency: refuse, locations: refuse, prices: refuse };
};

/** Prices, places and emergencies: OpenAI structured outputs, or the local cloud's rules and gazetteer. */
export const getAnalyzer = /* @__PURE__ */ engine('analysis', {
  cloud: ({ OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL_ANALYSIS }) =>
    OPENAI_MODEL_ANALYSIS === undefined
      ? refusingAnalyzer('ANALYSIS_ENGINE=cloud needs OPENAI_MODEL_ANALYSIS')
      : createOpenAiAnalyzer({
          // An OpenAI-compatible local server (OPENAI_BASE_URL) takes no key; the SDK still wants one.
          apiKey: OPENAI_API_KEY ?? 'not-needed',
          baseURL: OPENAI_BASE_URL,
          model: OPENAI_MODEL_ANALYSIS,
        }),
  embedded: /* @__PURE__ */ registeredEngine('analysis'),
});

export const getSpeaker = /* @__PURE__ */ engine('tts', {
  cloud: ({ DEEPGRAM_API_KEY, OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL_TTS }) =>
    createCloudSpeaker({
      deepgram:
        DEEPGRAM_API_KEY === undefined ? undefined : createDeepgramSpeaker({ apiKey: DEEPGRAM_API_KEY }),
      openai:
        OPENAI_MODEL_TTS === undefined || (OPENAI_API_KEY === undefined && OPENAI_BASE_URL === undefined)
          ? undefined
          : createOpenAiSpeaker({
              apiKey: OPENAI_API_KEY,
              baseUrl: OPENAI_BASE_URL,
              model: OPENAI_MODEL_TTS,
            }),
    }),
  embedded: /* @__PURE__ */ registeredEngine('tts'),
});

/** A photo reader that cannot work as configured: each photo fails (503) and the log says why. */
const refusingVision = (reason: string): Vision => ({
  readImage: () => Promise.reject(new Error(reason)),
});

/**
 * Photos: OpenAI vision with structured output (any OpenAI-compatible server with a vision model), or the local
 * cloud's tesseract.js OCR, translator and price analyser (engines/vision/).
 */
export const getVision = /* @__PURE__ */ engine('vision', {
  cloud: ({ OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL_VISION }) =>
    OPENAI_MODEL_VISION === undefined
      ? refusingVision('VISION_ENGINE=cloud needs OPENAI_MODEL_VISION')
      : createOpenAiVision({
          apiKey: OPENAI_API_KEY ?? 'not-needed',
          baseURL: OPENAI_BASE_URL,
          model: OPENAI_MODEL_VISION,
        }),
  embedded: /* @__PURE__ */ registeredEngine('vision'),
});

// --- What serves each capability: GET /api/capabilities and the local cloud's start-up banner ---------------

/**
 * Which engine can actually serve each capability under this configuration: the engine `config.engines`
 * chose, or `unavailable` when that engine lacks what it needs (a model name, a key, an embedded engine this
 * process does not have: translation has none anywhere). The UI offers only what is available.
 */
export function capabilityStates(config: Config): CapabilitiesResponse {
  const openAiCompatible = config.OPENAI_API_KEY !== undefined || config.OPENAI_BASE_URL !== undefined;
  const openAiModel = (model: string | undefined) => openAiCompatible && model !== undefined;
  const state = (capability: Capability, cloudReady: boolean, embeddedReady: boolean): EngineState => {
    if (config.engines[capability] === 'cloud') return cloudReady ? 'cloud' : 'unavailable';
    return embeddedReady ? 'embedded' : 'unavailable';
  };
  const registered = (capability: Capability) => registeredEngines[capability] !== undefined;
  return {
    // The embedded key issuer is small and always built; its socket is the local cloud's.
    stt: state('stt', config.DEEPGRAM_API_KEY !== undefined, true),
    translate: state('translate', openAiModel(config.OPENAI_MODEL_TRANSLATE), false),
    tts: state(
      'tts',
      config.DEEPGRAM_API_KEY !== undefined || openAiModel(config.OPENAI_MODEL_TTS),
      registered('tts'),
    ),
    analysis: state('analysis', openAiModel(config.OPENAI_MODEL_ANALYSIS), registered('analysis')),
    vision: state('vision', openAiModel(config.OPENAI_MODEL_VISION), registered('vision')),
  };
}
