import { describe, expect, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';
import { eventRules } from '@wayfarer/shared/events';
import {
  BUFFERED_INTEGRATION_TIMEOUT_SECONDS,
  STREAMING_INTEGRATION_TIMEOUT_SECONDS,
} from './stacks/api-stack';
import { resourcesOfType, synthWayfarer } from './testing/synth-wayfarer';

/*
 * The fault promises in production, by construction: nothing a consumer fails on is lost (retries, then a
 * dead-letter queue that raises an alarm), no Lambda outlives the API call that waits for it, and the table
 * can be restored to any second of the last 35 days and cannot be deleted by accident.
 */
const { templates } = synthWayfarer({ context: { stage: 'prod', alarmEmail: 'oncall@example.com' } });
const { events, api, data } = templates;

type Properties = Record<string, unknown>;
const props = (resources: Record<string, { Properties?: Properties }>) =>
  Object.entries(resources).map(([id, resource]) => [id, resource.Properties ?? {}] as const);

function ref(value: unknown): string {
  const reference = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] } | undefined;
  return reference?.Ref ?? reference?.['Fn::GetAtt']?.[0] ?? '';
}

const rules = props(resourcesOfType(events, 'AWS::Events::Rule'));
const queues = props(resourcesOfType(events, 'AWS::SQS::Queue'));
const eventAlarms = props(resourcesOfType(events, 'AWS::CloudWatch::Alarm'));
const eventFunctions = props(resourcesOfType(events, 'AWS::Lambda::Function'));
const invokeConfigs = props(resourcesOfType(events, 'AWS::Lambda::EventInvokeConfig'));
const apiFunctions = resourcesOfType(api, 'AWS::Lambda::Function');
const methods = props(resourcesOfType(api, 'AWS::ApiGateway::Method'));

describe('production fault promises (by construction)', () => {
  it('every event rule (the catalogue and the schedule) retries delivery and dead-letters what still fails', () => {
    // One rule per catalogue event, and the daily rate refresh.
    expect(rules).toHaveLength(eventRules.length + 1);
    for (const [id, rule] of rules) {
      const targets = rule.Targets as Properties[];
      expect(targets.length, id).toBeGreaterThan(0);
      for (const target of targets) {
        const retry = target.RetryPolicy as Properties | undefined;
        expect(retry?.MaximumRetryAttempts, id).toBeGreaterThan(0);
        expect(retry?.MaximumEventAgeInSeconds, id).toBeGreaterThan(0);
        expect(ref((target.DeadLetterConfig as Properties | undefined)?.Arn), id).not.toBe('');
      }
    }
  });

  it('every consumer function retries a failed invocation and then sends the event to a dead-letter queue', () => {
    expect(eventFunctions).toHaveLength(eventRules.length + 1);
    for (const [id] of eventFunctions) {
      const config = invokeConfigs.find(([, candidate]) => ref(candidate.FunctionName) === id)?.[1];
      expect(config?.MaximumRetryAttempts, id).toBeGreaterThan(0);
      const onFailure = (config?.DestinationConfig as { OnFailure?: { Destination?: unknown } } | undefined)
        ?.OnFailure?.Destination;
      expect(queues.map(([queueId]) => queueId)).toContain(ref(onFailure));
    }
  });

  it('every dead-letter queue has an alarm at one message, sent to the alarm topic', () => {
    expect(queues.length).toBeGreaterThan(0);
    for (const [queueId] of queues) {
      const alarm = eventAlarms.find(([, candidate]) =>
        JSON.stringify(candidate.Dimensions ?? []).includes(queueId),
      )?.[1];
      expect(alarm?.MetricName, queueId).toBe('ApproximateNumberOfMessagesVisible');
      expect(alarm?.Threshold).toBe(1);
      expect(alarm?.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
      expect(JSON.stringify(alarm?.AlarmActions)).toMatch(/AlarmTopic/);
    }
  });

  it('every buffered route’s Lambda times out before API Gateway’s 29 s, and every streaming one before its integration', () => {
    for (const [, method] of methods) {
      const integration = method.Integration as Properties;
      const functionId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(integration.Uri))?.[1] ?? '';
      const timeout = apiFunctions[functionId]?.Properties?.Timeout as number;
      const streaming = integration.ResponseTransferMode === 'STREAM';
      const integrationMs = integration.TimeoutInMillis as number;
      expect(integrationMs).toBe(
        (streaming ? STREAMING_INTEGRATION_TIMEOUT_SECONDS : BUFFERED_INTEGRATION_TIMEOUT_SECONDS) * 1000,
      );
      expect(timeout * 1000, String(method.OperationName)).toBeLessThan(integrationMs);
    }
    expect(methods).toHaveLength(routes.length);
    expect(BUFFERED_INTEGRATION_TIMEOUT_SECONDS).toBe(29);
  });

  it('the table has point-in-time recovery and deletion protection, and outlives its stack', () => {
    const tables = Object.values(data.findResources('AWS::DynamoDB::GlobalTable')) as {
      Properties: { Replicas: Properties[] };
      DeletionPolicy?: string;
    }[];
    expect(tables).toHaveLength(1);
    const [table] = tables;
    for (const replica of table?.Properties.Replicas ?? []) {
      expect(replica.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(replica.DeletionProtectionEnabled).toBe(true);
    }
    expect(table?.DeletionPolicy).toBe('Retain');
  });
});
