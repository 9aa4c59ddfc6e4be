import type { Node } from 'constructs';

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
  /** The speech relay's task count bounds (stacks/relay-stack.ts scales between them). */
  readonly relayMinTasks: number;
  readonly relayMaxTasks: number;
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
 * The relay's task ceiling when context gives none: at the scaling target (RELAY_TASK in stacks/relay-stack.ts)
 * about 1,400 concurrent speakers. The cost model shows what 10,000 need; raise it (and the account's Fargate
 * vCPU quota) before that.
 */
export const DEFAULT_RELAY_MAX_TASKS = 20;

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
    // Two tasks in prod, one per zone, so a zone or a task lost leaves speech up; one elsewhere.
    relayMinTasks: readWholeNumber(node, 'relayMinTasks') ?? (stage === 'prod' ? 2 : 1),
    relayMaxTasks: readWholeNumber(node, 'relayMaxTasks') ?? DEFAULT_RELAY_MAX_TASKS,
  };
}
