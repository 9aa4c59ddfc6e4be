import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  AuthorizationType,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  ResponseTransferMode,
  ResponseType,
  RestApi,
  type MethodDeploymentOptions,
} from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { routes } from '@wayfarer/shared/api/routes';
import type { RouteDefinition } from '@wayfarer/shared/api/route-types';
import { methodThrottle } from '../api-throttles';
import { constructIdFor, createAreaFunction, type AreaResources } from '../constructs/area-function';
import { ApiFirewall } from '../constructs/api-firewall';
import {
  AccessLogMetrics,
  addDailyCeilingRefusalsMetric,
  addProviderErrorMetric,
  apiName,
  webAclName,
} from '../constructs/observability';
import type { StageConfig } from '../stage-config';

/** The API Gateway stage CloudFront forwards `/api/*` to (its origin path). */
export const API_STAGE_NAME = 'live';

/** API Gateway's buffered integration limit: every buffered route's Lambda times out before it. */
export const BUFFERED_INTEGRATION_TIMEOUT_SECONDS = 29;
/** A streaming integration may run up to 15 minutes; ours are given 2, above their Lambdas' 60 s. */
export const STREAMING_INTEGRATION_TIMEOUT_SECONDS = 120;

/** Multipart uploads (the photo route) must reach the Lambda as bytes, base64-encoded, not as mangled text. */
export const BINARY_MEDIA_TYPES = ['multipart/form-data'];

export interface ApiStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly resources: AreaResources;
  readonly alarmTopic: ITopic;
  /** CloudFront sends it with every API request; the stage's web ACL refuses requests without it. */
  readonly originVerify: ISecret;
}

function methodOptionsFor(route: RouteDefinition, stage: StageConfig): MethodDeploymentOptions | undefined {
  // `default` routes share the stage-wide ceiling.
  if (route.rateLimitClass === 'default') return undefined;
  const { rate, burst } = methodThrottle(route.rateLimitClass, stage);
  return { throttlingRateLimit: rate, throttlingBurstLimit: burst };
}

/**
 * JSON access logs without IPs or user agents: status, timing and route are what on-call needs. Status and
 * latency are bare numbers (always set), so log metric filters can compare them (constructs/observability.ts).
 */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: AccessLogField.contextRequestId(),
    time: AccessLogField.contextRequestTime(),
    method: AccessLogField.contextHttpMethod(),
    resource: AccessLogField.contextResourcePath(),
    status: AccessLogField.contextStatus(),
    latencyMs: AccessLogField.contextResponseLatency(),
    integrationLatencyMs: AccessLogField.contextIntegrationLatency(),
    integrationStatus: AccessLogField.contextIntegrationStatus(),
    responseBytes: AccessLogField.contextResponseLength(),
    error: AccessLogField.contextErrorMessage(),
    wafError: AccessLogField.contextWafResponseCode(),
  })
    .replace(`"${AccessLogField.contextStatus()}"`, AccessLogField.contextStatus())
    .replace(`"${AccessLogField.contextResponseLatency()}"`, AccessLogField.contextResponseLatency()),
);

/** The 5xx alarm fires above this share of answers in 5 minutes, once there are enough to judge. */
export const SERVER_ERROR_RATE_PERCENT = 5;
export const SERVER_ERROR_MIN_REQUESTS = 20;

/**
 * The REST API, generated from the shared route table: one Lambda per route (its area's grants), one
 * method per route, streaming integrations where the route streams, stage and per-class throttles, WAF
 * body-size limits, JSON access logs, and alarms on 5xx and on throttled Lambdas.
 */
export class ApiStack extends Stack {
  readonly api: RestApi;
  readonly routeFunctions: ReadonlyMap<string, NodejsFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage } = props;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.resources.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const methodOptions = Object.fromEntries(
      routes.flatMap((route) => {
        const options = methodOptionsFor(route, stage);
        return options ? [[`${route.path}/${route.method}`, options]] : [];
      }),
    );

    this.api = new RestApi(this, 'Api', {
      restApiName: apiName(stage.stage),
      description: 'Wayfarer API (routes from shared/api/routes.ts)',
      // CloudFront is the only intended front door; a regional endpoint avoids a second, hidden distribution.
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      binaryMediaTypes: BINARY_MEDIA_TYPES,
      // Access logs need API Gateway's account-level CloudWatch role; kept if the stack goes, as it is shared.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: API_STAGE_NAME,
        throttlingRateLimit: stage.throttleRateLimit,
        throttlingBurstLimit: stage.throttleBurstLimit,
        methodOptions,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: ACCESS_LOG_FORMAT,
        metricsEnabled: false,
        tracingEnabled: false,
      },
    });
    // API Gateway's own refusals (throttling, unknown path, WAF) in the `{error}` shape the client reads.
    for (const [responseId, type] of [
      ['Default4xx', ResponseType.DEFAULT_4XX],
      ['Default5xx', ResponseType.DEFAULT_5XX],
    ] as const) {
      this.api.addGatewayResponse(responseId, {
        type,
        templates: { 'application/json': '{"error":$context.error.messageString}' },
      });
    }

    const routeFunctions = new Map<string, NodejsFunction>();
    for (const route of routes) {
      const fn = createAreaFunction(this, { id: route.id, ...route.handler }, props.resources);
      routeFunctions.set(route.id, fn);
      addProviderErrorMetric(fn, route.handler.area, stage.stage);
      addDailyCeilingRefusalsMetric(fn, route.handler.area, stage.stage);
      // Proxy integration: the Lambda gets the body untouched (Stripe's signed raw bytes included).
      const integration = new LambdaIntegration(fn, {
        proxy: true,
        allowTestInvoke: false,
        timeout: Duration.seconds(
          route.streaming ? STREAMING_INTEGRATION_TIMEOUT_SECONDS : BUFFERED_INTEGRATION_TIMEOUT_SECONDS,
        ),
        responseTransferMode: route.streaming ? ResponseTransferMode.STREAM : ResponseTransferMode.BUFFERED,
      });
      // Tokens and the admin cookie are verified inside the Lambda: most routes admit anonymous callers.
      this.api.root.resourceForPath(route.path).addMethod(route.method, integration, {
        authorizationType: AuthorizationType.NONE,
        operationName: route.id,
      });
    }
    this.routeFunctions = routeFunctions;

    new ApiFirewall(this, 'Firewall', {
      routes,
      stageArn: this.api.deploymentStage.stageArn,
      stageName: API_STAGE_NAME,
      name: webAclName(stage.stage),
      originVerifyValue: props.originVerify.secretValue.unsafeUnwrap(),
    });

    new AccessLogMetrics(this, 'AccessLogMetrics', { logGroup: accessLogs, stage: stage.stage });
    this.addAlarms(props.alarmTopic);
  }

  private addAlarms(topic: ITopic): void {
    const action = new SnsAction(topic);
    const period = Duration.minutes(5);
    // A rate, not a count: 5 failures in 10 requests matter, 5 in 100,000 do not; too few requests judge nothing.
    const serverErrorRate = new MathExpression({
      label: '5xx % of requests',
      expression: `IF(requests >= ${SERVER_ERROR_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: {
        errors: this.api.metricServerError({ period, statistic: 'Sum' }),
        requests: this.api.metricCount({ period, statistic: 'Sum' }),
      },
      period,
    });
    const serverErrors = new Alarm(this, 'Api5xxAlarm', {
      alarmDescription: `API answers 5xx to more than ${SERVER_ERROR_RATE_PERCENT}% of requests (at least ${SERVER_ERROR_MIN_REQUESTS} in 5 minutes)`,
      metric: serverErrorRate,
      threshold: SERVER_ERROR_RATE_PERCENT,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    serverErrors.addAlarmAction(action);
    for (const [routeId, fn] of this.routeFunctions) {
      const throttles = new Alarm(this, `${constructIdFor(routeId)}ThrottlesAlarm`, {
        alarmDescription: `${routeId}: Lambda invocations throttled (account or reserved concurrency exhausted)`,
        metric: fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      throttles.addAlarmAction(action);
    }
  }
}
