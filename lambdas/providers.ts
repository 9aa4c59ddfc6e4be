import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { createAnalyticsStore } from './adapters/aws/analytics-store';
import { createAttemptCounters } from './adapters/aws/attempt-counter-store';
import { createCognitoIdentity } from './adapters/aws/cognito-identity';
import { createCognitoTokenVerifier } from './adapters/aws/cognito-token-verifier';
import { createEventPublisher, EVENT_BUS_CLIENT_SETTINGS } from './adapters/aws/event-publisher';
import { createLeaseStore } from './adapters/aws/lease-store';
import { createSpeechSocketStore, createSpeechTicketStore } from './adapters/aws/speech-relay-store';
import { createRefreshSessions } from './adapters/aws/refresh-session-store';
import { createResetTokens, createVerificationTokens } from './adapters/aws/reset-token-store';
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
import { createSignedDailyCounter } from './adapters/aws/signed-daily-counter';
import {
  analysedCharactersKey,
  photosKey,
  spokenCharactersKey,
  translatedCharactersKey,
} from './adapters/aws/table-keys';
import { createSubscriptionStore } from './adapters/aws/subscription-store';
import { createAccountRecords } from './adapters/aws/account-records';
import { createUsageStore } from './adapters/aws/usage-store';
import { createUserProfiles } from './adapters/aws/user-profile-store';
import { createCloudSpeaker, NoSpeakerError } from './adapters/cloud/cloud-speaker';
import { createDeepgramListen } from './adapters/cloud/deepgram-listen';
import { createEcbRatesFeed } from './adapters/cloud/ecb-rates-feed';
import { SHIPPED_RATES } from './adapters/local/shipped-rates';
import { createStripeBilling } from './adapters/cloud/stripe-billing';
import { createDeepgramSpeaker } from './adapters/cloud/deepgram-speaker';
import { createOpenAiAnalyzer } from './adapters/cloud/openai-analyzer';
import { createOpenAiSpeaker } from './adapters/cloud/openai-speaker';
import { createOpenAiTranslator, unavailableTranslator } from './adapters/cloud/openai-translator';
import { createOpenAiVision } from './adapters/cloud/openai-vision';
import type { CapabilitiesResponse } from '@wayfarer/shared/api/capabilities';
import { CAPABILITY_UNAVAILABLE_KEYS } from '@wayfarer/shared/domain/error-keys';
import { CLOSE, CLOSE_REASON } from '@wayfarer/shared/api/speech-protocol';
import { CapabilityUnavailableError } from './http/errors';
import { forgetConfig, getConfig, type Capability, type Config, type Engine } from './config';
import {
  capabilityStatesOf,
  onlyInLocalCloud,
  openAiSettings,
  READINESS_RULES,
  readinessOf,
  readinessTable,
  type ReadinessTable,
} from './readiness';
import type { Analyzer } from './ports/analysis';
import type { Billing } from './ports/billing';
import type { Identity, TokenVerifier } from './ports/identity';
import type { Mailer } from './ports/mail';
import type { Clock, Events } from './ports/platform';
import type { Rates, RatesCache, RatesFeed } from './ports/rates';
import type { SpeechRecognizer } from './ports/speech';
import type { Translator } from './ports/translate';
import type { Speaker } from './ports/tts';
import type { TextCeilingPorts } from './domain/daily-ceilings';
import type { DailyCounter } from './ports/usage';
import type { Users } from './ports/users';
import type { Vision } from './ports/vision';

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
export const getAccountRecords = () => getTable().then(createAccountRecords);
export const getRefreshSessions = () => getTable().then(createRefreshSessions);
export const getResetTokens = () => getTable().then(createResetTokens);
export const getVerificationTokens = () => getTable().then(createVerificationTokens);
export const getAttemptCounters = () => getTable().then(createAttemptCounters);
export const getLeases = () => getTable().then(createLeaseStore);
export const getSpeechTickets = () => getTable().then(createSpeechTicketStore);
export const getSpeechSockets = () => getTable().then(createSpeechSocketStore);
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

/*
 * The daily ceilings' counters (DAILY_CEILINGS), charged the same way: their functions carry the openai client.
 * One getter per counter, so each bundle keeps only its own key builder (and its grant names one partition).
 */
export const getTranslatedCharacters: () => Promise<DailyCounter> = /* @__PURE__ */ perContainer(async () =>
  createSignedDailyCounter(await signedTableOptions(), translatedCharactersKey),
);
export const getSpokenCharacters: () => Promise<DailyCounter> = /* @__PURE__ */ perContainer(async () =>
  createSignedDailyCounter(await signedTableOptions(), spokenCharactersKey),
);
export const getPhotoCounter: () => Promise<DailyCounter> = /* @__PURE__ */ perContainer(async () =>
  createSignedDailyCounter(await signedTableOptions(), photosKey),
);
export const getAnalysedCharacters: () => Promise<DailyCounter> = /* @__PURE__ */ perContainer(async () =>
  createSignedDailyCounter(await signedTableOptions(), analysedCharactersKey),
);

/** What a daily text ceiling is charged with (domain/daily-ceilings.ts): its counter, profiles, the IP-hash key. */
export async function textCeilingPorts(counter: () => Promise<DailyCounter>): Promise<TextCeilingPorts> {
  const [config, built, users] = await Promise.all([getConfig(), counter(), getProfileReader()]);
  return { counter: built, users, clock: systemClock, ipHashSecret: config.IP_HASH_SECRET };
}

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
  const client = new EventBridgeClient({ region: config.AWS_REGION, ...EVENT_BUS_CLIENT_SETTINGS });
  return createEventPublisher(client, config.EVENT_BUS_NAME);
});

export const getIdentity: () => Promise<Identity> = /* @__PURE__ */ perContainer(async () => {
  const config = await getConfig();
  return createCognitoIdentity({
    region: config.AWS_REGION,
    userPoolId: config.COGNITO_USER_POOL_ID,
    clientId: config.COGNITO_CLIENT_ID,
    clientSecret: config.COGNITO_CLIENT_SECRET,
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
// A capability adds one row to the readiness table (readiness.ts) and one `engine('<capability>', { ... })`
// entry here, as getSpeechRecognizer below; a heavy embedded engine is `registeredEngine('<capability>')`,
// registered by engines/register.ts.

/** The port each capability's engine implements. */
export interface CapabilityPorts {
  readonly stt: SpeechRecognizer;
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
  /** What stands in when the readiness table says the chosen engine is unavailable: it says why. */
  readonly unavailable: (reason: string, engine: Engine) => Port;
}

/** Heavy embedded engines (onnx, wasm, OCR, gazetteers), registered by the local cloud before it serves. */
export type EmbeddedEngines = { readonly [C in Capability]?: EngineFactory<CapabilityPorts[C]> };

const registeredEngines: { -readonly [C in Capability]?: EngineFactory<CapabilityPorts[C]> } = {};

/** Whether this process has a capability's embedded engine: the readiness table asks. */
const isRegistered = (capability: Capability): boolean => registeredEngines[capability] !== undefined;

/**
 * Called by the local cloud (infra/local) before serving, with engines/register.ts's list. The engines live in
 * engines/, which no Lambda imports, so no Lambda bundle ever carries them; an engine already built keeps running
 * until resetProviders.
 */
export function registerEmbeddedEngines(engines: EmbeddedEngines): void {
  Object.assign(registeredEngines, engines);
}

/**
 * A capability with no engine that can serve here (a setting missing, an embedded engine this process lacks): a 503
 * with the capability's message key and no Retry-After; the reason, what to set, goes to the log.
 */
export class EngineUnavailableError extends CapabilityUnavailableError {
  constructor(
    readonly capability: Capability,
    reason: string,
  ) {
    super(CAPABILITY_UNAVAILABLE_KEYS[capability], { reason });
  }
}

/** An embedded engine this process lacks fails its build, saying what to set, rather than run something else. */
const refuseToBuild = (capability: Capability, reason: string): never => {
  throw new EngineUnavailableError(capability, reason);
};

/**
 * The embedded engine the local cloud registered for a capability. A Lambda has none: asking for it there
 * fails with the readiness table's message, which says what to set.
 */
export function registeredEngine<C extends Capability>(capability: C): EngineFactory<CapabilityPorts[C]> {
  return (config) => {
    const engine = registeredEngines[capability] as EngineFactory<CapabilityPorts[C]> | undefined;
    return engine === undefined ? refuseToBuild(capability, onlyInLocalCloud(capability)) : engine(config);
  };
}

/**
 * A capability's engine, as its `<CAPABILITY>_ENGINE` setting (or the keys configured) chose it, built when the
 * readiness table says it can serve, else the choice's stand-in that refuses with the table's reason.
 */
function engine<C extends Capability>(
  capability: C,
  choice: EngineChoice<CapabilityPorts[C]>,
): () => Promise<CapabilityPorts[C]> {
  return perContainer(async () => {
    const config = await getConfig();
    const verdict = readinessOf(config, capability, isRegistered);
    if (verdict.readiness === 'unavailable') return choice.unavailable(verdict.reason, verdict.engine);
    return choice[verdict.engine](config);
  });
}

/** A setting the readiness table has already found present (the build runs only when it says ready). */
function present<T>(capability: Capability, value: T | undefined, name: string): T {
  if (value === undefined) throw new EngineUnavailableError(capability, `${name} is not set`);
  return value;
}

/** A recogniser that cannot work as configured: each socket closes at once (1011), and the log says why. */
const refusingRecognizer = (reason: string): SpeechRecognizer => ({
  open: (_query, downstream) => {
    queueMicrotask(() => downstream.closed(CLOSE.internalError, CLOSE_REASON.internal));
    return { audio: () => undefined, control: () => undefined, abort: () => undefined };
  },
  ready: () => Promise.reject(new EngineUnavailableError('stt', reason)),
});

/**
 * Speech to text behind the relay (lambdas/relay/): Deepgram's live socket with the server's key, or the embedded
 * Moonshine engine the local cloud registers (engines/speech/). Only the relay asks for it.
 */
export const getSpeechRecognizer = /* @__PURE__ */ engine('stt', {
  cloud: ({ DEEPGRAM_API_KEY, DEEPGRAM_LISTEN_URL }) =>
    createDeepgramListen({
      apiKey: present('stt', DEEPGRAM_API_KEY, 'DEEPGRAM_API_KEY'),
      listenUrl: DEEPGRAM_LISTEN_URL,
    }),
  embedded: /* @__PURE__ */ registeredEngine('stt'),
  unavailable: refusingRecognizer,
});

/** Billing that cannot work as configured: each billing call fails (503) and the log says why. */
const refusingBilling = (reason: string): Billing => {
  const refuse = () => Promise.reject(new EngineUnavailableError('billing', reason));
  return {
    createCheckoutSession: refuse,
    createPortalSession: refuse,
    deleteCustomer: refuse,
    parseWebhook: refuse,
  };
};

/** Billing: Stripe, or the local cloud's checkout and portal pages (engines/billing/), which only it has. */
export const getBilling = /* @__PURE__ */ engine('billing', {
  cloud: ({ STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID, STRIPE_API_URL, APP_URL }) =>
    createStripeBilling({
      apiUrl: STRIPE_API_URL,
      secretKey: present('billing', STRIPE_SECRET_KEY, 'STRIPE_SECRET_KEY'),
      webhookSecret: present('billing', STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET'),
      priceId: present('billing', STRIPE_PRICE_ID, 'STRIPE_PRICE_ID'),
      appUrl: present('billing', APP_URL, 'APP_URL'),
    }),
  embedded: /* @__PURE__ */ registeredEngine('billing'),
  unavailable: (reason, chosen) =>
    chosen === 'cloud' ? refusingBilling(reason) : refuseToBuild('billing', reason),
});

/**
 * Translation: OpenAI or any OpenAI-compatible server (OPENAI_BASE_URL). No embedded engine exists
 * (docs/ENGINES.md), so without one the translator says it is unavailable and the UI explains how to enable it.
 */
export const getTranslator = /* @__PURE__ */ engine('translate', {
  cloud: (config) => {
    return createOpenAiTranslator(
      present('translate', openAiSettings(config, 'translate'), 'OPENAI_MODEL_TRANSLATE'),
    );
  },
  embedded: () => unavailableTranslator(READINESS_RULES.translate.embeddedMissing),
  unavailable: unavailableTranslator,
});

/** An analyser that cannot work as configured: each analysis fails (503) and the log says why. */
const refusingAnalyzer = (reason: string): Analyzer => {
  const refuse = () => Promise.reject(new EngineUnavailableError('analysis', reason));
  return { emergency: refuse, locations: refuse, prices: refuse };
};

/** Prices, places and emergencies: OpenAI structured outputs, or the local cloud's rules and gazetteer. */
export const getAnalyzer = /* @__PURE__ */ engine('analysis', {
  cloud: (config) => {
    return createOpenAiAnalyzer(
      present('analysis', openAiSettings(config, 'analysis'), 'OPENAI_MODEL_ANALYSIS'),
    );
  },
  embedded: /* @__PURE__ */ registeredEngine('analysis'),
  unavailable: (reason, chosen) =>
    chosen === 'cloud' ? refusingAnalyzer(reason) : refuseToBuild('analysis', reason),
});

/**
 * Text to speech: Deepgram Aura for en and es, OpenAI (or a compatible server) for the rest (docs/SPEC.md §5);
 * embedded, the local cloud's espeak-ng (registered by engines/register.ts).
 */
export const getSpeaker = /* @__PURE__ */ engine('tts', {
  cloud: (config) => cloudSpeaker(config),
  embedded: /* @__PURE__ */ registeredEngine('tts'),
  // With neither provider, the cloud speaker still answers each phrase with what to set (EngineUnavailableError).
  unavailable: (reason, chosen) =>
    chosen === 'cloud' ? cloudSpeaker(undefined) : refuseToBuild('tts', reason),
});

/** The cloud speaker; a phrase no configured provider can speak is a missing engine (503, what to set in the log). */
function cloudSpeaker(config: Config | undefined): Speaker {
  const openai = config && openAiSettings(config, 'tts');
  const speaker = createCloudSpeaker({
    deepgram:
      config?.DEEPGRAM_API_KEY === undefined
        ? undefined
        : createDeepgramSpeaker({ apiKey: config.DEEPGRAM_API_KEY, baseUrl: config.DEEPGRAM_API_URL }),
    openai: openai === undefined ? undefined : createOpenAiSpeaker(openai),
  });
  return {
    speak: (input) =>
      speaker.speak(input).catch((error: unknown) => {
        throw error instanceof NoSpeakerError ? new EngineUnavailableError('tts', error.message) : error;
      }),
  };
}

/** A photo reader that cannot work as configured: each photo fails (503) and the log says why. */
const refusingVision = (reason: string): Vision => ({
  readImage: () => Promise.reject(new EngineUnavailableError('vision', reason)),
});

/**
 * Photos: OpenAI vision with structured output (any OpenAI-compatible server with a vision model), or the local
 * cloud's tesseract.js OCR, translator and price analyser (engines/vision/).
 */
export const getVision = /* @__PURE__ */ engine('vision', {
  cloud: (config) => {
    return createOpenAiVision(present('vision', openAiSettings(config, 'vision'), 'OPENAI_MODEL_VISION'));
  },
  embedded: /* @__PURE__ */ registeredEngine('vision'),
  unavailable: (reason, chosen) =>
    chosen === 'cloud' ? refusingVision(reason) : refuseToBuild('vision', reason),
});

// --- What serves each capability: GET /api/capabilities and the local cloud's start-up banner ---------------

/** Every capability's readiness in this process (its embedded engines included), as the readiness table says. */
export function capabilityReadiness(config: Config): ReadinessTable {
  return readinessTable(config, isRegistered);
}

/**
 * Which engine can actually serve each capability under this configuration: the engine `config.engines`
 * chose, or `unavailable` when the readiness table says that engine lacks what it needs (a model name, a key,
 * an embedded engine this process does not have: translation has none anywhere). The UI offers only what is
 * available.
 */
export function capabilityStates(config: Config): CapabilitiesResponse {
  return capabilityStatesOf(capabilityReadiness(config));
}
