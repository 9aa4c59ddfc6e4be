import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { HandlerArea } from '@wayfarer/shared/api/route-types';

/*
 * What the dashboard and the alarms read that AWS does not publish by itself: metrics made by log metric filters
 * from the structured logs (lambdas/logger.ts, one JSON object a line) and the API's JSON access log. Every name
 * here is derived from the stage, so the monitoring stack finds them without a cross-stack reference.
 */

/** The custom metrics' namespace, one per deployment. */
export const metricsNamespace = (stage: string): string => `Wayfarer/${stage}`;
/** The REST API's name (API Gateway's metrics are keyed by it). */
export const apiName = (stage: string): string => `wayfarer-${stage}`;
/** The API stage's web ACL name (WAF's metrics are keyed by it). */
export const webAclName = (stage: string): string => `wayfarer-${stage}-api`;
/** The prefix of every stack, so of every function and queue name CloudFormation generates. */
export const stackPrefix = (stage: string): string => `Wayfarer-${stage}`;

/** Metrics from the access log, by route: dimensions Resource (the route's path template) and Method. */
export const ACCESS_LOG_METRICS = {
  requests: 'Requests',
  clientErrors: 'Status4xx',
  serverErrors: 'Status5xx',
} as const;
export const ROUTE_DIMENSIONS = { Resource: '$.resource', Method: '$.method' } as const;

/** Seconds of speech counted, from the usage consumer's `speech counted` lines. */
export const SPEECH_SECONDS_METRIC = 'SpeechSeconds';

/** Refusals at a daily ceiling, from the 429 request lines of the areas in DAILY_CEILING_AREAS; dimension RouteId. */
export const DAILY_CEILING_REFUSALS_METRIC = 'DailyCeilingRefusals';

/**
 * The areas whose routes charge a daily ceiling (DAILY_CEILINGS, lambdas/domain/daily-ceilings.ts) and answer no
 * other 429: the per-viewer rate limits' 429s come from the web ACL and never reach a Lambda, so a 429 in these
 * functions' request lines is a caller refused at its ceiling.
 */
export const DAILY_CEILING_AREAS = [
  'translate',
  'tts',
  'vision',
  'analysis',
] as const satisfies readonly HandlerArea[];

/** The outside service each area's functions call; a failure logged there is counted as that provider's. */
export type Provider = 'deepgram' | 'openai' | 'voices' | 'stripe' | 'cognito' | 'ses' | 'ecb';
export const PROVIDER_OF_AREA: Readonly<Partial<Record<HandlerArea, Provider>>> = {
  translate: 'openai',
  analysis: 'openai',
  vision: 'openai',
  // Deepgram Aura for English and Spanish, OpenAI for the rest (the route's {provider}).
  tts: 'voices',
  billing: 'stripe',
  auth: 'cognito',
  mail: 'ses',
  // The daily refresh reads the ECB feed; the exchange-rates route only reads the table.
  rates: 'ecb',
};
export const PROVIDERS: readonly Provider[] = [...new Set(Object.values(PROVIDER_OF_AREA))];
export const providerErrorsMetric = (provider: Provider): string => `ProviderErrors-${provider}`;

/*
 * The lines that mean a dependency failed (lambdas/http/error-handler.ts, lambdas/events/event-consumer.ts,
 * the streaming routes and the rate refresh): a 5xx HttpError's cause, a consumer's failed delivery, a stream
 * cut by its provider. A DynamoDB outage in the same function counts too: the dashboard says so.
 */
const DEPENDENCY_FAILURE = FilterPattern.any(
  FilterPattern.stringValue('$.message', '=', 'dependency failure'),
  FilterPattern.stringValue('$.message', '=', 'event failed'),
  FilterPattern.stringValue('$.message', '=', 'stream failed'),
  FilterPattern.stringValue('$.message', '=', 'rates refresh failed'),
);

function logGroupOf(fn: IFunction): ILogGroup {
  const logGroup = (fn as { logGroup?: ILogGroup }).logGroup;
  if (!logGroup) throw new Error(`${fn.node.path} has no log group of its own`);
  return logGroup;
}

/** Counts the failures of `fn`'s provider, if its area has one. */
export function addProviderErrorMetric(fn: IFunction, area: HandlerArea, stage: string): void {
  const provider = PROVIDER_OF_AREA[area];
  if (provider === undefined) return;
  new MetricFilter(fn, 'ProviderErrors', {
    logGroup: logGroupOf(fn),
    metricNamespace: metricsNamespace(stage),
    metricName: providerErrorsMetric(provider),
    filterPattern: DEPENDENCY_FAILURE,
    metricValue: '1',
    defaultValue: 0,
  });
}

/*
 * The request line of a call refused at a daily ceiling (lambdas/http/request-context.ts writes one per request:
 * {"message":"request","routeId":...,"status":429,...}, status a number).
 */
const DAILY_CEILING_REFUSAL = FilterPattern.all(
  FilterPattern.stringValue('$.message', '=', 'request'),
  FilterPattern.numberValue('$.status', '=', 429),
);

/** Counts `fn`'s refusals at a daily ceiling by route, if its area has a ceiling (DAILY_CEILING_AREAS). */
export function addDailyCeilingRefusalsMetric(fn: IFunction, area: HandlerArea, stage: string): void {
  if (!(DAILY_CEILING_AREAS as readonly HandlerArea[]).includes(area)) return;
  new MetricFilter(fn, 'DailyCeilingRefusals', {
    logGroup: logGroupOf(fn),
    metricNamespace: metricsNamespace(stage),
    metricName: DAILY_CEILING_REFUSALS_METRIC,
    filterPattern: DAILY_CEILING_REFUSAL,
    metricValue: '1',
    dimensions: { RouteId: '$.routeId' },
  });
}

/** The usage consumer's `speech counted` lines, summed: seconds of speech charged. */
export function addSpeechSecondsMetric(fn: IFunction, stage: string): void {
  new MetricFilter(fn, 'SpeechSeconds', {
    logGroup: logGroupOf(fn),
    metricNamespace: metricsNamespace(stage),
    metricName: SPEECH_SECONDS_METRIC,
    filterPattern: FilterPattern.stringValue('$.message', '=', 'speech counted'),
    metricValue: '$.speechSeconds',
    defaultValue: 0,
  });
}

/** Requests, 4xx and 5xx by route, from the API's JSON access log (status is a number there). */
export class AccessLogMetrics extends Construct {
  constructor(scope: Construct, id: string, props: { readonly logGroup: ILogGroup; readonly stage: string }) {
    super(scope, id);
    const metric = (metricName: string, filterPattern: ReturnType<typeof FilterPattern.numberValue>) =>
      new MetricFilter(this, metricName, {
        logGroup: props.logGroup,
        metricNamespace: metricsNamespace(props.stage),
        metricName,
        filterPattern,
        metricValue: '1',
        dimensions: { ...ROUTE_DIMENSIONS },
      });
    metric(ACCESS_LOG_METRICS.requests, FilterPattern.numberValue('$.status', '>', 0));
    metric(
      ACCESS_LOG_METRICS.clientErrors,
      FilterPattern.all(
        FilterPattern.numberValue('$.status', '>=', 400),
        FilterPattern.numberValue('$.status', '<', 500),
      ),
    );
    metric(ACCESS_LOG_METRICS.serverErrors, FilterPattern.numberValue('$.status', '>=', 500));
  }
}
