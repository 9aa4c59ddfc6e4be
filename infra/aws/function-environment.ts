import { ECB_DAILY_RATES_URL } from '@wayfarer/lambdas/adapters/ecb-reference-rates';
import type { EnvVariableName } from '@wayfarer/lambdas/config';
import type { StageConfig } from './stage-config';

/**
 * The Lambdas' environment, by the names lambdas/config.ts parses (a misspelt name is a type error), plus
 * SECRET_ARNS: the comma-separated ARNs of the Secrets Manager secrets this function may read. Each secret
 * is a JSON object keyed by config names (DEEPGRAM_API_KEY, STRIPE_SECRET_KEY, ADMIN_PASSWORD_HASH, ...);
 * lambdas/ reads them once per cold start and lays them over the environment before parsing it.
 */
export type FunctionEnvironment = Partial<Record<EnvVariableName | 'SECRET_ARNS', string>>;

/** Keys the secrets hold, by secret: README (Deploy to AWS, Secrets) tells the operator to fill them with these names. */
export const secretKeys = {
  // DEEPGRAM_API_KEY here is the text-to-speech key (Aura); the key that opens speech sockets is speechListen's.
  providers: ['DEEPGRAM_API_KEY', 'OPENAI_API_KEY'],
  speechListen: ['DEEPGRAM_API_KEY'],
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  admin: ['ADMIN_PASSWORD_HASH'],
  ipHash: ['IP_HASH_SECRET'],
  cognitoClient: ['COGNITO_CLIENT_SECRET'],
} as const satisfies Record<string, readonly EnvVariableName[]>;

export interface SharedResourceNames {
  readonly tableName: string;
  readonly eventBusName: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

function defined(entries: Record<string, string | undefined>): FunctionEnvironment {
  return Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ) as FunctionEnvironment;
}

/** Everything every function is told; secrets never appear here, only the ARNs that lead to them. */
export function baseEnvironment(stage: StageConfig, names: SharedResourceNames): FunctionEnvironment {
  return defined({
    TABLE_NAME: names.tableName,
    EVENT_BUS_NAME: names.eventBusName,
    COGNITO_USER_POOL_ID: names.userPoolId,
    COGNITO_CLIENT_ID: names.userPoolClientId,
    LOG_LEVEL: stage.logLevel,
    APP_URL: stage.appUrl,
    STRIPE_PRICE_ID: stage.stripePriceId,
    MAIL_FROM: stage.mailFrom,
    ANON_DAILY_SECONDS: stage.anonDailySeconds?.toString(),
    USER_DAILY_SECONDS: stage.userDailySeconds?.toString(),
    OPENAI_BASE_URL: stage.openAiBaseUrl,
    OPENAI_MODEL_TRANSLATE: stage.openAiModels.translate,
    OPENAI_MODEL_ANALYSIS: stage.openAiModels.analysis,
    OPENAI_MODEL_VISION: stage.openAiModels.vision,
    OPENAI_MODEL_TTS: stage.openAiModels.tts,
    // Read by the daily rate refresh only; the local cloud leaves it unset and stays offline.
    RATES_FEED_URL: ECB_DAILY_RATES_URL,
  } satisfies FunctionEnvironment);
}
