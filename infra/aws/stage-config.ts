import type { Node } from 'constructs';
import { PEAK_REQUESTS_PER_SECOND } from '@wayfarer/shared/api/rate-limits';
import type { RouteId } from '@wayfarer/shared/api/route-table';
import type { events } from '@wayfarer/shared/events';
import { CLASS_THROTTLES } from './api-throttles';

/**
 * Per-deployment parameters, read from CDK context (`-c name=value` on the command line, or the `context`
 * block of cdk.json). Every one is optional: a clean clone synthesizes a `dev` stage with no domain, no
 * Stripe price and the Lambdas' own defaults. README.md ("Deploy to AWS") documents each name.
 */
export interface StageConfig {
  /** Suffix of every stack and physical name; `prod` turns on deletion protection and retained data. */
  readonly stage: string;
  readonly isProduction: boolean;
  /** Custom domain served by CloudFront; needs `certificateArn` (an ACM certificate in us-east-1). */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** Public origin for mail links and Stripe redirects (APP_URL); defaults to https://<domainName>. */
  readonly appUrl?: string;
  readonly stripePriceId?: string;
  /** Sender of password-reset mail (MAIL_FROM), an SES-verified address or one on a verified domain. */
  readonly mailFrom?: string;
  readonly anonDailySeconds?: number;
  readonly userDailySeconds?: number;
  readonly openAiModels: {
    readonly translate?: string;
    readonly analysis?: string;
    readonly vision?: string;
    readonly tts?: string;
  };
  readonly openAiBaseUrl?: string;
  readonly logLevel?: string;
  /** Alarm notifications go to this address when set (the SNS subscription must be confirmed by mail). */
  readonly alarmEmail?: string;
  /** Stage-wide API Gateway throttle: steady requests per second and burst. */
  readonly throttleRateLimit: number;
  readonly throttleBurstLimit: number;
  /** Extra `connect-src` origins for the CSP, space-separated (e.g. an IP-location service). */
  readonly extraConnectSources: readonly string[];
  /** Retention of Lambda and API access logs, in days. */
  readonly logRetentionDays: number;
  /** The daily spend-estimate alarm fires above this many US dollars a day (docs/OPERATIONS.md). */
  readonly dailySpendAlarmUsd: number;
  /** The WAF alarm fires when the web ACL blocks at least this many requests in 5 minutes. */
  readonly wafBlockAlarmThreshold: number;
  /** The daily-ceiling alarm fires when at least this many calls are refused at a daily ceiling in an hour. */
  readonly dailyCeilingAlarmThreshold: number;
  /** The speech relay's task count bounds (stacks/relay-stack.ts scales between them). */
  readonly relayMinTasks: number;
  readonly relayMaxTasks: number;
  /** The account's Lambda concurrency quota in the region (context accountConcurrency): the reservations must fit. */
  readonly accountConcurrency: number;
}

const STAGE_NAME = /^[a-z][a-z0-9-]{0,15}$/;

/**
 * The stage-wide API Gateway throttle when context gives none: ten times the summed real peak of every class
 * (shared/api/rate-limits.ts), a ceiling, not a limit. API Gateway applies it to each method of the stage
 * separately. The cost model (cost-model/cost-model.ts) reads these.
 */
export const DEFAULT_THROTTLE_RATE_LIMIT = 1000;
export const DEFAULT_THROTTLE_BURST_LIMIT = 2000;

/**
 * Refusals at a daily ceiling in an hour that alarm when context gives none. A real day never reaches a ceiling
 * (DAILY_CEILINGS: three times a day of the caller's speech, and an anonymous or free caller's speech allowance
 * ends their speaking first), so a normal day has a few refused callers at most, each refused a few times: the
 * client shows the limit once and a traveller stops trying. 50 in one hour is more than ten such travellers in the
 * same hour. A script keeps calling: one viewer group retrying at its `expensive` rate limit (300 per 5 minutes)
 * passes 50 within a minute, and one that moves to a fresh viewer group or account at each refusal passes it
 * after using up 50 callers' ceilings.
 */
export const DEFAULT_DAILY_CEILING_ALARM_THRESHOLD = 50;

/**
 * The relay's task ceiling when context gives none: at the scaling target (RELAY_TASK in stacks/relay-stack.ts)
 * about 1,400 concurrent speakers. The cost model shows what 10,000 need; raise it (and the account's Fargate
 * vCPU quota) before that.
 */
export const DEFAULT_RELAY_MAX_TASKS = 20;

/*
 * Lambda concurrency (docs/OPERATIONS.md, "Concurrency"). Lambda's rules: a function's reserved concurrency both
 * guarantees it that many concurrent executions and caps it there; reservations come out of the account's quota
 * for the region (1,000 by default; a new account may start lower), and Lambda refuses one that would leave fewer
 * than 100 executions unreserved for every function without a reservation. A function without one shares the
 * unreserved pool, which is what a flood fills: so the functions that must keep working whatever else runs are
 * guaranteed theirs, and the functions a flood would hold longest (60-second streams) are capped.
 */

/** Lambda keeps at least this many executions unreserved (UnreservedConcurrentExecutions). */
export const LAMBDA_MIN_UNRESERVED = 100;
/** Lambda's default concurrency quota per account and region; context accountConcurrency names the real one. */
export const DEFAULT_ACCOUNT_CONCURRENCY = 1_000;

/** Seconds one auth call may hold an execution: Cognito and DynamoDB round trips, with a cold start. */
const AUTH_CALL_SECONDS = 1;
/** A streamed translation or read-out holds its execution this long on average (the cost model's streamingSeconds). */
export const STREAM_AVERAGE_SECONDS = 2.5;
/** How far above the designed peak's streams the cap sits: a busy hour is never refused, a flood is. */
const STREAM_HEADROOM = 3;

type ConsumerId = (typeof events)[keyof typeof events]['consumer']['id'];
type FunctionId = RouteId | ConsumerId;

/**
 * Executions guaranteed to the functions that must never starve. Each is also the function's cap, so each is at
 * least what API Gateway lets through to it: sign-in, registration and the reset pair take their class's ceiling
 * (CLASS_THROTTLES, requests/s) for a second each, so the reservation never refuses a request the ceiling admits.
 * The session routes (me, refresh, logout) are `default` class, whose ceiling is the stage's 1,000/s, too much to
 * reserve: 10 each serve 10 calls a second for a second each, a page load every 0.1 s across all travellers.
 * Stripe sends the webhook a few events a minute and retries for days; the consumers are invoked asynchronously
 * (Lambda retries a throttled event for up to 6 hours), so theirs is about not waiting behind a flood, not losing.
 */
export const GUARANTEED_CONCURRENCY = {
  'auth.login': CLASS_THROTTLES.auth.rate * AUTH_CALL_SECONDS,
  'auth.register': CLASS_THROTTLES.auth.rate * AUTH_CALL_SECONDS,
  'auth.forgotPassword': CLASS_THROTTLES['password-reset'].rate * AUTH_CALL_SECONDS,
  'auth.resetPassword': CLASS_THROTTLES['password-reset'].rate * AUTH_CALL_SECONDS,
  // A mailed link is followed once per account; the mail asked for at registration, once per registration.
  'auth.verificationMail': 5,
  'auth.verifyEmail': 5,
  'auth.me': 10,
  'auth.refresh': 10,
  'auth.logout': 5,
  // The account page: each is a deliberate act of one traveller, a few times in an account's life.
  'auth.changePassword': 5,
  'auth.signOutEverywhere': 5,
  'account.export': 5,
  'account.delete': 5,
  'billing.webhook': 10,
  'consumers.usageRecorded': 10,
  'consumers.pageViewed': 10,
  'consumers.subscriptionChanged': 5,
  'mail.passwordResetRequested': 5,
  'mail.emailVerificationRequested': 5,
  'mail.accountDeleted': 5,
} as const satisfies Partial<Record<FunctionId, number>>;

/**
 * The cap on each streaming function (translate, speech synthesis). The designed peak
 * (PEAK_REQUESTS_PER_SECOND.expensive, half of it each) holds 20 calls/s x 2.5 s = 50 executions each;
 * STREAM_HEADROOM times that is the cap. A flood of 60-second streams holds at most this many executions each
 * and is throttled beyond (the function's Throttles alarm), while every other function keeps the rest.
 */
export const STREAMING_CONCURRENCY_CAP =
  STREAM_HEADROOM * Math.ceil((PEAK_REQUESTS_PER_SECOND.expensive / 2) * STREAM_AVERAGE_SECONDS);

/** Every function's reservation by handler id; a function not named here has none and shares the pool. */
export const RESERVED_CONCURRENCY: Readonly<Record<string, number>> = {
  ...GUARANTEED_CONCURRENCY,
  'translate.stream': STREAMING_CONCURRENCY_CAP,
  'tts.speak': STREAMING_CONCURRENCY_CAP,
} satisfies Partial<Record<FunctionId, number>>;

/** All reservations together: what the account's quota must hold on top of LAMBDA_MIN_UNRESERVED. */
export const totalReservedConcurrency = (): number =>
  Object.values(RESERVED_CONCURRENCY).reduce((sum, reserved) => sum + reserved, 0);

function readText(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function readWholeNumber(node: Node, key: string): number | undefined {
  const text = readText(node, key);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Context ${key} must be a whole number, got "${text}"`);
  }
  return value;
}

export function readStageConfig(node: Node): StageConfig {
  const stage = readText(node, 'stage') ?? 'dev';
  if (!STAGE_NAME.test(stage)) {
    throw new Error(`Context stage must match ${STAGE_NAME}, got "${stage}"`);
  }
  const domainName = readText(node, 'domainName');
  const certificateArn = readText(node, 'certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error(
      'Context domainName and certificateArn go together (CloudFront needs a us-east-1 certificate)',
    );
  }
  const appUrl = readText(node, 'appUrl') ?? (domainName ? `https://${domainName}` : undefined);
  return {
    stage,
    isProduction: stage === 'prod',
    domainName,
    certificateArn,
    appUrl,
    stripePriceId: readText(node, 'stripePriceId'),
    mailFrom: readText(node, 'mailFrom'),
    anonDailySeconds: readWholeNumber(node, 'anonDailySeconds'),
    userDailySeconds: readWholeNumber(node, 'userDailySeconds'),
    openAiModels: {
      translate: readText(node, 'openAiModelTranslate'),
      analysis: readText(node, 'openAiModelAnalysis'),
      vision: readText(node, 'openAiModelVision'),
      tts: readText(node, 'openAiModelTts'),
    },
    openAiBaseUrl: readText(node, 'openAiBaseUrl'),
    logLevel: readText(node, 'logLevel'),
    alarmEmail: readText(node, 'alarmEmail'),
    throttleRateLimit: readWholeNumber(node, 'throttleRateLimit') ?? DEFAULT_THROTTLE_RATE_LIMIT,
    throttleBurstLimit: readWholeNumber(node, 'throttleBurstLimit') ?? DEFAULT_THROTTLE_BURST_LIMIT,
    extraConnectSources: (readText(node, 'cspConnectSources') ?? '').split(/\s+/).filter(Boolean),
    logRetentionDays: readWholeNumber(node, 'logRetentionDays') ?? 30,
    dailySpendAlarmUsd: readWholeNumber(node, 'dailySpendAlarmUsd') ?? 25,
    wafBlockAlarmThreshold: readWholeNumber(node, 'wafBlockAlarmThreshold') ?? 300,
    dailyCeilingAlarmThreshold:
      readWholeNumber(node, 'dailyCeilingAlarmThreshold') ?? DEFAULT_DAILY_CEILING_ALARM_THRESHOLD,
    // Two tasks in prod, one per zone, so a zone or a task lost leaves speech up; one elsewhere.
    relayMinTasks: readWholeNumber(node, 'relayMinTasks') ?? (stage === 'prod' ? 2 : 1),
    relayMaxTasks: readWholeNumber(node, 'relayMaxTasks') ?? DEFAULT_RELAY_MAX_TASKS,
    accountConcurrency: readAccountConcurrency(node),
  };
}

/** The account's concurrency quota, refused here (not half-way through a deploy) when the reservations do not fit. */
function readAccountConcurrency(node: Node): number {
  const quota = readWholeNumber(node, 'accountConcurrency') ?? DEFAULT_ACCOUNT_CONCURRENCY;
  const needed = totalReservedConcurrency() + LAMBDA_MIN_UNRESERVED;
  if (quota < needed) {
    throw new Error(
      `Context accountConcurrency is ${quota}: the functions reserve ${totalReservedConcurrency()} and Lambda keeps ${LAMBDA_MIN_UNRESERVED} unreserved, so the account needs at least ${needed} (raise the quota in Service Quotas, "Concurrent executions")`,
    );
  }
  return quota;
}
