import * as z from 'zod';
import { SPEECH_ALLOWANCE_SECONDS, SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import { EVENT_BUS_NAME } from '@wayfarer/shared/events';
import { tableDefinition } from './adapters/aws/table-definition';
import { readSecretValues } from './adapters/aws/secrets-extension';
import { CAPABILITIES, chooseEngine, type Capability, type Engine } from './readiness';

// The one reader of process.env in lambdas/ (docs/DESIGN.md §3). Everything else asks `getConfig()`. The AWS SDK
// still reads its own variables (credentials, AWS_ENDPOINT_URL_*): that is how the local cloud points the
// unmodified SDK at its emulators, so handler code never branches on "local".

// The readers below are shared with the local cloud's own settings (infra/local/settings.ts).

// Deployment tooling and .env files often write `NAME=` for "not set": treat blank as absent.
export const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const optionalText = z.preprocess(blankAsAbsent, z.string().trim().min(1).optional());
export const textWithDefault = (fallback: string) =>
  z.preprocess(blankAsAbsent, z.string().trim().min(1).default(fallback));
export const optionalUrl = z.preprocess(
  blankAsAbsent,
  z.url('Must be an absolute URL such as https://example.com').optional(),
);
export const wholeSecondsWithDefault = (fallback: number) =>
  z.preprocess(
    blankAsAbsent,
    z.coerce
      .number()
      .int('Must be a whole number of seconds')
      .nonnegative('Must not be negative')
      .default(fallback),
  );
export const optionalCount = z.preprocess(
  blankAsAbsent,
  z.coerce.number().int('Must be a whole number').positive('Must be at least 1').optional(),
);
const PORT_MESSAGE = 'Must be a port number from 1 to 65535';
const port = z.coerce
  .number({ error: PORT_MESSAGE })
  .int(PORT_MESSAGE)
  .min(1, PORT_MESSAGE)
  .max(65_535, PORT_MESSAGE);
/** A TCP port number, `fallback` when unset. */
export const portWithDefault = (fallback: number) => z.preprocess(blankAsAbsent, port.default(fallback));
export const optionalPort = z.preprocess(blankAsAbsent, port.optional());
const engineChoice = z.preprocess(
  blankAsAbsent,
  z.enum(['cloud', 'embedded'], { error: 'Must be cloud or embedded' }).optional(),
);

/** Daily free speech allowance; docs/SPEC.md leaves the values unshown, so these are ours and configurable. */
const DEFAULT_ANON_DAILY_SECONDS = SPEECH_ALLOWANCE_SECONDS.anonymous;
const DEFAULT_USER_DAILY_SECONDS = SPEECH_ALLOWANCE_SECONDS.user;

/**
 * Every environment variable the Lambdas read. Exported so the CDK stack and the local cloud set variables
 * by these names instead of retyping them (`Object.keys(envSchema.shape)`).
 */
export const envSchema = z.object({
  TABLE_NAME: textWithDefault(tableDefinition.localTableName),
  EVENT_BUS_NAME: textWithDefault(EVENT_BUS_NAME),
  AWS_REGION: textWithDefault('us-east-1'),
  /** The SDK's standard DynamoDB endpoint override (the local cloud's DynamoDB Local), for the signed RATES read. */
  AWS_ENDPOINT_URL_DYNAMODB: optionalUrl,
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsAbsent(value.toLowerCase()) : value),
    z
      .enum(['debug', 'info', 'warn', 'error'], { error: 'Must be debug, info, warn or error' })
      .default('info'),
  ),

  COGNITO_USER_POOL_ID: optionalText,
  COGNITO_CLIENT_ID: optionalText,
  /**
   * The app client's secret: the client is confidential, so only holders of this can sign in, refresh or revoke
   * (docs/DESIGN.md §9). In AWS it is in Secrets Manager (`wayfarer/<stage>/cognito-client`), read by the auth
   * functions only; the local cloud makes its own.
   */
  COGNITO_CLIENT_SECRET: optionalText,
  /**
   * Local cloud only: the key set cognito-local signs with, preloaded into the JWT verifier. That key is public
   * (it ships inside the package), so loadConfig refuses it unless identity itself is on this machine.
   */
  COGNITO_JWKS: optionalText,
  /** The verified SES sender of password-reset mail, e.g. `Wayfarer <no-reply@example.com>`. */
  MAIL_FROM: textWithDefault('Wayfarer <no-reply@wayfarer.local>'),

  /**
   * Deepgram: the speech relay's key for the live socket (only the relay holds it in AWS), and Aura's for speech
   * synthesis where the TTS area reads it.
   */
  DEEPGRAM_API_KEY: optionalText,
  /**
   * Deepgram's REST API (Aura's speech synthesis) and live socket (the relay's), https://api.deepgram.com and
   * wss://api.deepgram.com/v1/listen unless set: a test points them at a scripted Deepgram-style server
   * (lambdas/testing/scripted-deepgram-server.ts).
   */
  DEEPGRAM_API_URL: optionalUrl,
  DEEPGRAM_LISTEN_URL: optionalUrl,
  /**
   * Speech sessions one relay serves at once; the next is refused (1013) rather than slow everyone. Unset: the
   * measured figure for the embedded engine on 2 cores, or RELAY_MAX_SESSIONS_CLOUD for a provider (lambdas/relay).
   */
  RELAY_MAX_SESSIONS: optionalCount,
  /** The port the relay's own server (lambdas/relay/main.ts) listens on; the local cloud serves it on its gateway. */
  RELAY_PORT: portWithDefault(8080),
  /** On shutdown, how long the relay lets open sessions run before it tells them to reconnect. */
  RELAY_DRAIN_SECONDS: wholeSecondsWithDefault(SPEECH_RELAY_LIMITS.drainSeconds),
  /**
   * Set by ECS in the relay's container: its task metadata endpoint, where the relay sees its task told to stop
   * (the load balancer deregisters it before SIGTERM arrives).
   */
  ECS_CONTAINER_METADATA_URI_V4: optionalUrl,
  /** The deployment stage the relay's metrics are tagged with (AWS only). */
  RELAY_METRICS_STAGE: optionalText,
  OPENAI_API_KEY: optionalText,
  /** Any OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio) for fully local use. */
  OPENAI_BASE_URL: optionalUrl,
  // Providers retire models: names come from configuration, never from code (docs/DESIGN.md §6).
  OPENAI_MODEL_TRANSLATE: optionalText,
  OPENAI_MODEL_ANALYSIS: optionalText,
  OPENAI_MODEL_VISION: optionalText,
  OPENAI_MODEL_TTS: optionalText,

  /**
   * The daily exchange-rate feed the scheduled refresh reads (the ECB's reference rates in AWS). Unset, as in the
   * local cloud, nothing is fetched: the shipped dated rates answer, and the machine never reaches the network.
   */
  RATES_FEED_URL: optionalUrl,

  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ID: optionalText,
  /** Stripe's API, https://api.stripe.com unless set: the fault suite points it at a local Stripe it can break. */
  STRIPE_API_URL: optionalUrl,

  ADMIN_PASSWORD_HASH: optionalText,
  /** Local only: the local cloud hashes it at start; production sets ADMIN_PASSWORD_HASH instead. */
  ADMIN_PASSWORD: optionalText,

  ANON_DAILY_SECONDS: wholeSecondsWithDefault(DEFAULT_ANON_DAILY_SECONDS),
  USER_DAILY_SECONDS: wholeSecondsWithDefault(DEFAULT_USER_DAILY_SECONDS),
  /**
   * New accounts one viewer group (an IPv4 address, an IPv6 /64) may create in a UTC day (docs/SPEC.md §9); unset:
   * ACCOUNTS_PER_VIEWER_GROUP in domain/attempt-limits.ts, which the auth service applies.
   */
  ACCOUNTS_PER_VIEWER_GROUP: optionalCount,
  /** Keys the hash that stands in for an anonymous caller's IP, so the table never holds the IP itself. */
  IP_HASH_SECRET: optionalText,
  /** Public origin of the app, for links in mail and Stripe redirects. */
  APP_URL: optionalUrl,
  /**
   * Local only: the origin of the local cloud's own pages (its local port, infra/local/gateway.ts): the local
   * checkout and portal are opened there.
   */
  LOCAL_ROUTES_URL: optionalUrl,

  STT_ENGINE: engineChoice,
  TRANSLATE_ENGINE: engineChoice,
  TTS_ENGINE: engineChoice,
  ANALYSIS_ENGINE: engineChoice,
  VISION_ENGINE: engineChoice,
  /** cloud: Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID); embedded: the local checkout. */
  BILLING_ENGINE: engineChoice,
});

export type EnvVariableName = keyof typeof envSchema.shape;
export type Env = z.infer<typeof envSchema>;
// The engines and capabilities are the readiness table's (readiness.ts); config names them for its callers.
export type { Capability, Engine } from './readiness';

export interface Jwks {
  readonly keys: readonly Record<string, unknown>[];
}

export interface Config extends Env {
  /** The engine each capability runs on: pinned by `<CAPABILITY>_ENGINE`, else cloud when its key is set. */
  readonly engines: Readonly<Record<Capability, Engine>>;
  /** Keys the token verifier trusts without fetching them: cognito-local's, in the local cloud only. */
  readonly localCognitoJwks: Jwks | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Each capability's engine, by the readiness table's rule for which settings choose the cloud (readiness.ts). */
function resolveEngines(env: Env): Record<Capability, Engine> {
  const pinned: Record<Capability, Engine | undefined> = {
    stt: env.STT_ENGINE,
    translate: env.TRANSLATE_ENGINE,
    tts: env.TTS_ENGINE,
    analysis: env.ANALYSIS_ENGINE,
    vision: env.VISION_ENGINE,
    billing: env.BILLING_ENGINE,
  };
  return Object.fromEntries(
    CAPABILITIES.map((capability) => [capability, chooseEngine(env, capability, pinned[capability])]),
  ) as Record<Capability, Engine>;
}

function isLoopbackUrl(value: string | undefined): boolean {
  if (value === undefined) return false;
  try {
    const { hostname } = new URL(value);
    return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
  } catch {
    return false;
  }
}

/**
 * COGNITO_JWKS is trusted only when the SDK's Cognito endpoint is a loopback address outside Lambda: anyone
 * can sign tokens with cognito-local's published key, so a deployed function must never accept it.
 */
function resolveLocalJwks(env: Env, environment: Record<string, string | undefined>): Jwks | undefined {
  if (env.COGNITO_JWKS === undefined) return undefined;
  if (
    environment.AWS_LAMBDA_FUNCTION_NAME !== undefined ||
    !isLoopbackUrl(environment.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER)
  ) {
    throw new ConfigError(
      'COGNITO_JWKS: only the local cloud may preload a key set (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER must be a loopback address, outside Lambda)',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(env.COGNITO_JWKS);
  } catch {
    throw new ConfigError('COGNITO_JWKS: must be a JSON key set {"keys": [...]}');
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || keys.length === 0) {
    throw new ConfigError('COGNITO_JWKS: must be a JSON key set {"keys": [...]}');
  }
  return { keys: keys as Record<string, unknown>[] };
}

/** Parses an environment by `schema`; throws a ConfigError naming every bad variable. */
export function parseEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  environment: Record<string, string | undefined>,
): z.output<Schema> {
  const parsed = schema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable(s): ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Parses an environment; throws a ConfigError naming every bad variable. Pure, for tests and tools. */
export function loadConfig(environment: Record<string, string | undefined>): Config {
  const env = parseEnvironment(envSchema, environment);
  const engines = Object.freeze(resolveEngines(env));
  const localCognitoJwks = resolveLocalJwks(env, environment);
  return Object.freeze({ ...env, engines, localCognitoJwks });
}

export type ProviderSummary = Readonly<Record<Capability, Engine>>;

/** What runs where, for the local cloud's start-up banner and the capabilities call. Holds no secrets. */
export function providerSummary(current: Config): ProviderSummary {
  return { ...current.engines };
}

/**
 * In AWS, provider keys and the admin password hash live in Secrets Manager (SECRET_ARNS, set by the CDK
 * stack) and are read once per cold start. Variables set directly on the function win over a secret's.
 */
export async function environmentWithSecrets(
  environment: Record<string, string | undefined>,
  fetchSecret?: typeof fetch,
): Promise<Record<string, string | undefined>> {
  const secretArns = (environment.SECRET_ARNS ?? '')
    .split(',')
    .map((arn) => arn.trim())
    .filter(Boolean);
  if (secretArns.length === 0) return environment;
  const secretValues = await readSecretValues(secretArns, {
    sessionToken: environment.AWS_SESSION_TOKEN ?? '',
    port: Number(environment.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT) || undefined,
    fetch: fetchSecret,
  });
  const directlySet = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  return { ...environment, ...secretValues, ...directlySet };
}

let loading: Promise<Config> | undefined;

/**
 * The configuration of this process, read on first use (the first handler call of a container), never at
 * import: importing a handler module has no side effects, so the local cloud may import handlers before or
 * after it sets the environment. A failed read is not kept, so the next call tries again.
 */
export function getConfig(): Promise<Config> {
  loading ??= environmentWithSecrets(process.env)
    .then(loadConfig)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Drops the configuration read so far: the next getConfig reads the environment again (see resetProviders). */
export function forgetConfig(): void {
  loading = undefined;
}

/** The log level alone, read at once: the logger needs it without waiting for secrets, which never hold it. */
export function logLevelFromEnvironment(
  environment: Record<string, string | undefined> = process.env,
): Env['LOG_LEVEL'] {
  const parsed = envSchema.shape.LOG_LEVEL.safeParse(environment.LOG_LEVEL);
  // A bad value fails getConfig with its message; until then the logger keeps the default.
  return parsed.success ? parsed.data : 'info';
}
