import { describe, expect, it } from 'vitest';
import { eventRules, events as catalogue, RATE_REFRESH_HANDLER } from '@wayfarer/shared/events';
import { routes } from '@wayfarer/shared/api/routes';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { requestContext } from '@wayfarer/lambdas/http/request-context';
import { createLogger } from '@wayfarer/lambdas/logger';
import {
  ACCESS_LOG_METRICS,
  DAILY_CEILING_AREAS,
  DAILY_CEILING_REFUSALS_METRIC,
  metricsNamespace,
  PROVIDER_OF_AREA,
  PROVIDERS,
  providerErrorsMetric,
  SPEECH_SECONDS_METRIC,
  webAclName,
} from './constructs/observability';
import { dashboardName } from './stacks/monitoring-stack';
import { resourcesOfType, synthWayfarer } from './testing/synth-wayfarer';

/*
 * An operator can see and is told: A dashboard per deployment, alarms that all mail the one topic
 * whose address is a context value, the metrics they read made from the structured logs, and logs that expire.
 */
const STAGE = 'ops';
const EMAIL = 'oncall@example.com';
const { templates, stacks } = synthWayfarer({
  context: {
    stage: STAGE,
    alarmEmail: EMAIL,
    logRetentionDays: 90,
    dailySpendAlarmUsd: 40,
    dailyCeilingAlarmThreshold: 70,
  },
});
/** The routes whose only 429 is a daily ceiling's (the per-viewer limits' 429s come from the WAF). */
const ceilingRoutes = routes.filter((route) =>
  (DAILY_CEILING_AREAS as readonly string[]).includes(route.handler.area),
);
const all = Object.entries(templates);

type Properties = Record<string, unknown>;
const propertiesOf = (template: (typeof templates)[keyof typeof templates], type: string) =>
  Object.entries(resourcesOfType(template, type)).map(([id, r]) => [id, r.Properties ?? {}] as const);

const dashboards = propertiesOf(templates.monitoring, 'AWS::CloudWatch::Dashboard');
/** The dashboard's JSON with CloudFormation's tokens (the region) put back as text. */
const dashboardBody = (() => {
  const body = dashboards[0]?.[1].DashboardBody as { 'Fn::Join': [string, unknown[]] } | undefined;
  const text = (body?.['Fn::Join'][1] ?? [])
    .map((part) => (typeof part === 'string' ? part : 'REGION'))
    .join('');
  return JSON.stringify(JSON.parse(text));
})();
const alarmsByStack = all.map(
  ([name, template]) => [name, propertiesOf(template, 'AWS::CloudWatch::Alarm')] as const,
);
const allAlarms = alarmsByStack.flatMap(([, alarms]) => alarms.map(([, alarm]) => alarm));
const describedAs = (pattern: RegExp) =>
  allAlarms.filter((alarm) => pattern.test(String(alarm.AlarmDescription)));

describe('the dashboard', () => {
  it('exists once per deployment, named after the stage', () => {
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]?.[1].DashboardName).toBe(dashboardName(STAGE));
  });

  it.each([
    ['requests, 4xx and 5xx', ['"Count"', '"4XXError"', '"5XXError"']],
    [
      '4xx and 5xx by route',
      [ACCESS_LOG_METRICS.clientErrors, ACCESS_LOG_METRICS.serverErrors, 'Method,Resource'],
    ],
    ['p50 and p99 latency', ['"Latency"', '"stat":"p50"', '"stat":"p99"']],
    [
      'Lambda errors and throttles',
      ['{AWS/Lambda,FunctionName} MetricName=\\"Errors\\"', 'MetricName=\\"Throttles\\"'],
    ],
    ['dead-letter queue depth', ['ApproximateNumberOfMessagesVisible']],
    ['WAF blocks by rule', ['BlockedRequests', 'Region,Rule,WebACL', webAclName(STAGE)]],
    ['provider errors by provider', PROVIDERS.map(providerErrorsMetric)],
    ['speech seconds a day and their cost', [SPEECH_SECONDS_METRIC, 'seconds / 60 *']],
    [
      'daily-ceiling refusals by route',
      [DAILY_CEILING_REFUSALS_METRIC, `{${metricsNamespace(STAGE)},RouteId}`],
    ],
  ])('shows %s', (_what, needles) => {
    for (const needle of needles) expect(dashboardBody).toContain(needle);
  });
});

describe('the alarms', () => {
  it('every alarm of every stack mails the alarm topic', () => {
    expect(allAlarms.length).toBeGreaterThan(routes.length);
    for (const [stack, alarms] of alarmsByStack) {
      for (const [id, alarm] of alarms) {
        const actions = JSON.stringify(alarm.AlarmActions ?? []);
        // The topic lives in the Data stack: every other stack imports it.
        expect(actions, `${stack}/${id}`).toMatch(/AlarmTopic/);
      }
    }
  });

  it('the topic mails the address given as the alarmEmail context value', () => {
    templates.data.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: EMAIL });
  });

  it('5xx: a rate of the API’s answers', () => {
    const [alarm] = describedAs(/5xx to more than/);
    expect(JSON.stringify(alarm?.Metrics)).toContain('100 * errors / requests');
  });

  it('dead-letter queue depth above 0, one per queue', () => {
    expect(describedAs(/dead-letter queue/)).toHaveLength(eventRules.length + 1);
    for (const alarm of describedAs(/dead-letter queue/)) expect(alarm.Threshold).toBe(1);
  });

  it('throttles of every function, routes and consumers', () => {
    const throttled = describedAs(/throttled/).map((alarm) => String(alarm.AlarmDescription).split(':')[0]);
    expect(throttled.sort()).toEqual(
      [
        ...routes.map((route) => route.id),
        ...eventRules.map((rule) => rule.consumer.id),
        RATE_REFRESH_HANDLER.id,
      ].sort(),
    );
  });

  it('WAF block spikes on the API’s web ACL', () => {
    const [alarm] = describedAs(/web ACL blocked/);
    expect(alarm?.MetricName).toBe('BlockedRequests');
    expect(JSON.stringify(alarm?.Dimensions)).toContain(webAclName(STAGE));
  });

  it('the daily spend estimate, above the dailySpendAlarmUsd context value', () => {
    const [alarm] = describedAs(/spend/);
    expect(alarm?.Threshold).toBe(40);
    expect(JSON.stringify(alarm?.Metrics)).toContain(SPEECH_SECONDS_METRIC);
    expect(JSON.stringify(alarm?.Metrics)).toContain('"Period":86400');
  });

  it('daily-ceiling refusals: every ceiling route’s refusals in an hour, at least the dailyCeilingAlarmThreshold context value', () => {
    const [alarm] = describedAs(/daily ceiling/);
    expect(alarm?.Threshold).toBe(70);
    expect(alarm?.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    const metrics = (alarm?.Metrics ?? []) as Properties[];
    const stats = metrics.flatMap((query) =>
      query.MetricStat === undefined ? [] : [query.MetricStat as { Metric: Properties; Period: number }],
    );
    expect(stats.map((stat) => stat.Metric.Dimensions)).toEqual(
      expect.arrayContaining(ceilingRoutes.map((route) => [{ Name: 'RouteId', Value: route.id }])),
    );
    expect(stats).toHaveLength(ceilingRoutes.length);
    for (const stat of stats) {
      expect(stat.Metric).toMatchObject({
        MetricName: DAILY_CEILING_REFUSALS_METRIC,
        Namespace: metricsNamespace(STAGE),
      });
      expect(stat.Period).toBe(3600);
    }
    const [watched] = metrics.filter((query) => query.ReturnData !== false);
    expect(String(watched?.Expression)).toMatch(/^SUM\(FILL\(\[.+\], 0\)\)$/);
  });
});

describe('the metrics made from the logs', () => {
  const filters = all.flatMap(([, template]) => propertiesOf(template, 'AWS::Logs::MetricFilter'));
  const transformations = filters.map(
    ([, filter]) => (filter.MetricTransformations as Properties[])[0] ?? {},
  );

  it('requests, 4xx and 5xx by route from the access log, whose status is a number', () => {
    for (const name of Object.values(ACCESS_LOG_METRICS)) {
      const transformation = transformations.find((candidate) => candidate.MetricName === name);
      expect(transformation?.MetricNamespace).toBe(metricsNamespace(STAGE));
      expect(transformation?.Dimensions).toEqual(
        expect.arrayContaining([
          { Key: 'Resource', Value: '$.resource' },
          { Key: 'Method', Value: '$.method' },
        ]),
      );
    }
    const stage = Object.values(resourcesOfType(templates.api, 'AWS::ApiGateway::Stage'))[0]?.Properties;
    const format = (stage?.AccessLogSetting as Properties).Format as string;
    expect(format).toContain('"status":$context.status,');
    expect(() => JSON.parse(format.replaceAll(/\$context\.(status|responseLatency)/g, '1'))).not.toThrow();
  });

  it('speech seconds from the usage consumer’s log', () => {
    const usageConsumer = stacks.events.consumers.find((c) => c.id === catalogue.usageRecorded.consumer.id);
    const filter = filters.find(
      ([, candidate]) => candidate.FilterPattern === '{ $.message = "speech counted" }',
    );
    expect(filter?.[1].MetricTransformations).toEqual([
      expect.objectContaining({ MetricName: SPEECH_SECONDS_METRIC, MetricValue: '$.speechSeconds' }),
    ]);
    expect(usageConsumer).toBeDefined();
    expect((filter?.[1].LogGroupName as { Ref?: string } | undefined)?.Ref).toMatch(
      /^ConsumersUsageRecordedLogs/,
    );
  });

  it('daily-ceiling refusals: the 429 request lines of every translate, speech synthesis, photo and analysis function, by route', () => {
    const refusals = filters.filter(([, filter]) =>
      (filter.MetricTransformations as Properties[]).some(
        (t) => t.MetricName === DAILY_CEILING_REFUSALS_METRIC,
      ),
    );
    const logGroups = ceilingRoutes.map((route) => {
      const fn = stacks.api.routeFunctions.get(route.id);
      return fn === undefined ? undefined : stacks.api.resolve(fn.logGroup.logGroupName);
    });
    expect(refusals.map(([, filter]) => filter.LogGroupName)).toEqual(expect.arrayContaining(logGroups));
    expect(refusals).toHaveLength(ceilingRoutes.length);
    for (const [, filter] of refusals) {
      expect(filter.FilterPattern).toBe('{ ($.message = "request") && ($.status = 429) }');
      expect(filter.MetricTransformations).toEqual([
        {
          MetricName: DAILY_CEILING_REFUSALS_METRIC,
          MetricNamespace: metricsNamespace(STAGE),
          MetricValue: '1',
          Dimensions: [{ Key: 'RouteId', Value: '$.routeId' }],
        },
      ]);
    }
  });

  it('the request line a refused call writes carries the fields the refusal filter reads', () => {
    const lines: string[] = [];
    const logger = createLogger({ sink: (line) => lines.push(line) });
    const [route] = ceilingRoutes;
    if (route === undefined) throw new Error('no route has a daily ceiling');
    const middleware = requestContext(route, logger);
    const event = {} as APIGatewayProxyEvent;
    // The middleware's `after`, as middy calls it once the route answered 429.
    void middleware.after?.({ event, response: { statusCode: 429 } } as never);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ message: 'request', status: 429, routeId: route.id }),
    ]);
  });

  it('provider errors on the log of every function that calls a provider', () => {
    const withProvider = [
      ...routes.map((route) => route.handler.area),
      ...eventRules.map((rule) => rule.consumer.area),
      RATE_REFRESH_HANDLER.area,
    ].filter((area) => PROVIDER_OF_AREA[area] !== undefined);
    const providerFilters = transformations.filter((t) => String(t.MetricName).startsWith('ProviderErrors-'));
    expect(providerFilters).toHaveLength(withProvider.length);
  });
});

describe('logs expire', () => {
  it('every function of every stack writes to a log group of its own with the configured retention', () => {
    let functions = 0;
    for (const [stack, template] of all) {
      const groups = Object.fromEntries(propertiesOf(template, 'AWS::Logs::LogGroup'));
      for (const [id, fn] of propertiesOf(template, 'AWS::Lambda::Function')) {
        functions++;
        const group = (fn.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup?.Ref ?? '';
        expect(groups[group]?.RetentionInDays, `${stack}/${id}`).toBe(90);
      }
    }
    expect(functions).toBeGreaterThanOrEqual(routes.length + eventRules.length + 1);
  });
});
