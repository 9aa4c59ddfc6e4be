import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  PeriodOverride,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { routes } from '@wayfarer/shared/api/routes';
import { PRICES } from '../cost-model/prices';
import {
  ACCESS_LOG_METRICS,
  apiName,
  DAILY_CEILING_AREAS,
  DAILY_CEILING_REFUSALS_METRIC,
  metricsNamespace,
  PROVIDERS,
  providerErrorsMetric,
  SPEECH_SECONDS_METRIC,
  stackPrefix,
  webAclName,
} from '../constructs/observability';
import type { StageConfig } from '../stage-config';
import { API_STAGE_NAME } from './api-stack';
import { RELAY_METRICS, relayMetric, relayTaskStoppedRuleName } from './relay-stack';

export interface MonitoringStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly alarmTopic: ITopic;
}

/** The dashboard's name: one per deployment. */
export const dashboardName = (stage: string): string => `Wayfarer-${stage}`;

const FIVE_MINUTES = Duration.minutes(5);
const FIFTEEN_MINUTES = Duration.minutes(15);

/**
 * The relay's alarm thresholds (docs/OPERATIONS.md, "Alarms"). Refused: sockets turned away because every task
 * was full or draining, more than a moment of scaling lag; provider errors: Deepgram refusing or dropping the
 * relay's sockets; restarts: tasks that crashed or failed to start, more than one in 15 minutes.
 */
export const RELAY_ALARMS = {
  connectionsRefusedIn5Minutes: 10,
  providerErrorsIn5Minutes: 5,
  taskFailuresIn15Minutes: 2,
} as const;
const ONE_HOUR = Duration.hours(1);
const ONE_DAY = Duration.days(1);
/** CloudWatch's limit on the metrics one alarm's math expression may read. */
const ALARM_MAX_METRICS = 10;

/** Speech seconds -> dollars of Deepgram streaming: the figure the daily spend alarm watches. */
export const SPEECH_COST_EXPRESSION = `seconds / 60 * ${PRICES.deepgramStreamingMinute.usd}`;

/*
 * The operator's view of one deployment: a dashboard (docs/OPERATIONS.md, "Reading the dashboard") and the
 * alarms that need no resource of another stack. It references the other stacks by the names they are given
 * (constructs/observability.ts) and by SEARCH expressions over their generated names, never by import: a
 * cross-stack export would pin the function and queue names, and block replacing them.
 */
export class MonitoringStack extends Stack {
  readonly dashboard: Dashboard;
  readonly alarms: readonly Alarm[];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const stage = props.stage.stage;
    const namespace = metricsNamespace(stage);
    const prefix = stackPrefix(stage);
    const api = { ApiName: apiName(stage), Stage: API_STAGE_NAME };
    const apiMetric = (metricName: string, statistic: string, label?: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: api,
        statistic,
        period: FIVE_MINUTES,
        ...(label ? { label } : {}),
      });
    const search = (query: string, statistic: string, label: string, period = FIVE_MINUTES): IMetric =>
      new MathExpression({
        expression: `SEARCH('${query}', '${statistic}', ${period.toSeconds()})`,
        usingMetrics: {},
        label,
        period,
      });
    const byRoute = (metricName: string) =>
      search(`{${namespace},Method,Resource} MetricName="${metricName}"`, 'Sum', metricName);

    const speechSeconds = new Metric({
      namespace,
      metricName: SPEECH_SECONDS_METRIC,
      statistic: 'Sum',
      period: ONE_DAY,
      label: 'Speech seconds a day',
    });
    const speechCost = new MathExpression({
      expression: SPEECH_COST_EXPRESSION,
      usingMetrics: { seconds: speechSeconds },
      label: 'Speech-to-text USD a day (estimate)',
      period: ONE_DAY,
    });
    // A metric filter with a dimension publishes no total, and an alarm cannot SEARCH: the alarm sums the routes'.
    const ceilingRouteIds = routes
      .filter((route) => (DAILY_CEILING_AREAS as readonly string[]).includes(route.handler.area))
      .map((route) => route.id);
    if (ceilingRouteIds.length > ALARM_MAX_METRICS) {
      throw new Error(
        `${ceilingRouteIds.length} routes have a daily ceiling; one alarm reads at most ${ALARM_MAX_METRICS} metrics`,
      );
    }
    const ceilingRefusals = new MathExpression({
      expression: `SUM(FILL([${ceilingRouteIds.map((_, index) => `r${index}`).join(', ')}], 0))`,
      usingMetrics: Object.fromEntries(
        ceilingRouteIds.map((routeId, index) => [
          `r${index}`,
          new Metric({
            namespace,
            metricName: DAILY_CEILING_REFUSALS_METRIC,
            dimensionsMap: { RouteId: routeId },
            statistic: 'Sum',
            period: ONE_HOUR,
          }),
        ]),
      ),
      label: 'Calls refused at a daily ceiling an hour',
      period: ONE_HOUR,
    });
    const wafBlocked = new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: webAclName(stage), Rule: 'ALL', Region: this.region },
      statistic: 'Sum',
      period: FIVE_MINUTES,
    });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: dashboardName(stage),
      defaultInterval: Duration.hours(24),
      periodOverride: PeriodOverride.AUTO,
      widgets: [
        [
          new TextWidget({
            markdown: `# Wayfarer ${stage}\nWhat each graph means and what to do: docs/OPERATIONS.md, "Reading the dashboard". Alarms mail the SNS topic of the Data stack.`,
            width: 24,
            height: 2,
          }),
        ],
        [
          new GraphWidget({
            title: 'Requests, 4xx, 5xx (API Gateway)',
            left: [
              apiMetric('Count', 'Sum', 'requests'),
              apiMetric('4XXError', 'Sum', '4xx'),
              apiMetric('5XXError', 'Sum', '5xx'),
            ],
            width: 8,
          }),
          new GraphWidget({
            title: 'Latency p50 / p99 (ms, API Gateway)',
            left: [apiMetric('Latency', 'p50', 'p50'), apiMetric('Latency', 'p99', 'p99')],
            width: 8,
          }),
          new SingleValueWidget({
            title: 'Speech today: seconds and estimated cost (USD)',
            metrics: [speechSeconds, speechCost],
            width: 8,
          }),
        ],
        [
          new GraphWidget({
            title: '4xx by route (access log)',
            left: [byRoute(ACCESS_LOG_METRICS.clientErrors)],
            width: 8,
          }),
          new GraphWidget({
            title: '5xx by route (access log)',
            left: [byRoute(ACCESS_LOG_METRICS.serverErrors)],
            width: 8,
          }),
          new GraphWidget({
            title: 'Requests by route (access log)',
            left: [byRoute(ACCESS_LOG_METRICS.requests)],
            width: 8,
          }),
        ],
        [
          new GraphWidget({
            title: 'Lambda errors by function',
            left: [search(`{AWS/Lambda,FunctionName} MetricName="Errors" ${prefix}`, 'Sum', 'errors')],
            width: 8,
          }),
          new GraphWidget({
            title: 'Lambda throttles by function',
            left: [search(`{AWS/Lambda,FunctionName} MetricName="Throttles" ${prefix}`, 'Sum', 'throttles')],
            width: 8,
          }),
          new GraphWidget({
            title: 'Dead-letter queue depth (should be 0)',
            left: [
              search(
                `{AWS/SQS,QueueName} MetricName="ApproximateNumberOfMessagesVisible" ${prefix}-Events`,
                'Maximum',
                'waiting',
              ),
            ],
            width: 8,
          }),
        ],
        [
          new GraphWidget({
            title: 'WAF blocks by rule',
            left: [
              search(
                `{AWS/WAFV2,Region,Rule,WebACL} MetricName="BlockedRequests" WebACL="${webAclName(stage)}"`,
                'Sum',
                'blocked',
              ),
            ],
            width: 8,
          }),
          new GraphWidget({
            title:
              'Calls refused at a daily ceiling, by route (translation, speech synthesis, photos, analysis)',
            left: [
              search(
                `{${namespace},RouteId} MetricName="${DAILY_CEILING_REFUSALS_METRIC}"`,
                'Sum',
                'refused',
              ),
            ],
            width: 8,
          }),
          new GraphWidget({
            title: 'Provider errors by provider (failures logged by the functions that call it)',
            left: PROVIDERS.map(
              (provider) =>
                new Metric({
                  namespace,
                  metricName: providerErrorsMetric(provider),
                  statistic: 'Sum',
                  period: FIVE_MINUTES,
                  label: provider,
                }),
            ),
            width: 8,
          }),
        ],
      ],
    });

    const relaySessions = relayMetric(stage, RELAY_METRICS.sessions, 'Sum', Duration.minutes(1));
    const relayRefused = relayMetric(stage, RELAY_METRICS.connectionsRefused, 'Sum', FIVE_MINUTES);
    const relayProviderErrors = relayMetric(stage, RELAY_METRICS.providerErrors, 'Sum', FIVE_MINUTES);
    const relayTaskFailures = new Metric({
      namespace: 'AWS/Events',
      metricName: 'MatchedEvents',
      dimensionsMap: { RuleName: relayTaskStoppedRuleName(stage) },
      statistic: 'Sum',
      period: FIFTEEN_MINUTES,
    });
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Speech relay: open sessions (all tasks)',
        left: [relaySessions],
        width: 8,
      }),
      new GraphWidget({
        title: 'Speech relay: sockets refused (full or draining) and Deepgram errors',
        left: [relayRefused, relayProviderErrors],
        width: 8,
      }),
      new GraphWidget({
        title: 'Speech relay: tasks that crashed or failed to start',
        left: [relayTaskFailures],
        width: 8,
      }),
    );

    const action = new SnsAction(props.alarmTopic);
    const relayAlarms = [
      new Alarm(this, 'RelayConnectionsRefusedAlarm', {
        alarmDescription: `The speech relay refused at least ${RELAY_ALARMS.connectionsRefusedIn5Minutes} sockets in 5 minutes because every task was full or draining: scaling is behind or at relayMaxTasks`,
        metric: relayRefused,
        threshold: RELAY_ALARMS.connectionsRefusedIn5Minutes,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      new Alarm(this, 'RelayProviderErrorsAlarm', {
        alarmDescription: `The speech relay counted at least ${RELAY_ALARMS.providerErrorsIn5Minutes} Deepgram failures in 5 minutes (socket refused, dropped or timed out)`,
        metric: relayProviderErrors,
        threshold: RELAY_ALARMS.providerErrorsIn5Minutes,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      new Alarm(this, 'RelayTaskRestartsAlarm', {
        alarmDescription: `At least ${RELAY_ALARMS.taskFailuresIn15Minutes} relay tasks crashed or failed to start in 15 minutes (docs/OPERATIONS.md, "The relay will not start")`,
        metric: relayTaskFailures,
        threshold: RELAY_ALARMS.taskFailuresIn15Minutes,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    ];
    const wafSpike = new Alarm(this, 'WafBlockSpikeAlarm', {
      alarmDescription: `The API's web ACL blocked at least ${props.stage.wafBlockAlarmThreshold} requests in 5 minutes: a flood, a scraper, or a rule blocking real travellers`,
      metric: wafBlocked,
      threshold: props.stage.wafBlockAlarmThreshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const spend = new Alarm(this, 'DailySpendAlarm', {
      alarmDescription: `Estimated speech-to-text spend over ${props.stage.dailySpendAlarmUsd} USD in a day (speech seconds x the Deepgram streaming price)`,
      metric: speechCost,
      threshold: props.stage.dailySpendAlarmUsd,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const ceilings = new Alarm(this, 'DailyCeilingRefusalsAlarm', {
      alarmDescription: `At least ${props.stage.dailyCeilingAlarmThreshold} calls refused at a daily ceiling in an hour (translation, speech synthesis, photos, analysis): a script working through addresses or accounts, or ceilings too low for real travellers`,
      metric: ceilingRefusals,
      threshold: props.stage.dailyCeilingAlarmThreshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const alarms = [wafSpike, spend, ceilings, ...relayAlarms];
    for (const alarm of alarms) alarm.addAlarmAction(action);
    this.alarms = alarms;
  }
}
