import { describe, expect, it } from 'vitest';
import { ECB_DAILY_RATES_URL } from '@wayfarer/lambdas/adapters/ecb-reference-rates';
import { EVENT_BUS_NAME, eventRules, rulePattern } from '@wayfarer/shared/events';
import { CONSUMER_RETRY_ATTEMPTS } from '../constructs/reliable-target';
import { resourcesOfType, synthWayfarer } from '../testing/synth-wayfarer';

const { templates } = synthWayfarer();
const events = templates.events;

type Properties = Record<string, unknown>;
const rules = Object.values(resourcesOfType(events, 'AWS::Events::Rule')).map(
  (rule) => rule.Properties ?? {},
);
const functions = resourcesOfType(events, 'AWS::Lambda::Function');
const invokeConfigs = Object.values(resourcesOfType(events, 'AWS::Lambda::EventInvokeConfig')).map(
  (config) => config.Properties ?? {},
);
const alarms = Object.values(resourcesOfType(events, 'AWS::CloudWatch::Alarm')).map(
  (alarm) => alarm.Properties ?? {},
);
const busRules = rules.filter((rule) => rule.EventPattern !== undefined);

function ref(value: unknown): string {
  const reference = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  return reference.Ref ?? reference['Fn::GetAtt']?.[0] ?? '';
}

function functionFor(handlerId: string): string {
  const entry = Object.entries(functions).find(
    ([, fn]) => fn.Properties?.Description === `Wayfarer ${handlerId}`,
  );
  return entry?.[0] ?? '';
}

describe('events stack', () => {
  it('creates the bus named after the shared catalogue, suffixed by stage', () => {
    events.hasResourceProperties('AWS::Events::EventBus', { Name: `${EVENT_BUS_NAME}-dev` });
  });

  it('has exactly the rules of the shared catalogue, with the same EventPattern', () => {
    expect(busRules.map((rule) => rule.EventPattern)).toEqual(
      eventRules.map((rule) => rulePattern(rule.name)),
    );
  });

  it.each(eventRules.map((rule) => [rule.consumer.id, rule] as const))(
    '%s: its rule targets its handler export, with retries and a dead-letter queue on delivery and on failure',
    (_id, rule) => {
      const logicalId = functionFor(rule.consumer.id);
      expect(functions[logicalId]?.Properties?.Handler).toBe(`index.${rule.consumer.export}`);

      const busRule = busRules.find((candidate) =>
        JSON.stringify(candidate.EventPattern).includes(
          JSON.stringify(rulePattern(rule.name)['detail-type']),
        ),
      );
      const [target] = (busRule?.Targets ?? []) as Properties[];
      expect(ref(target?.Arn)).toBe(logicalId);
      const deadLetters = ref((target?.DeadLetterConfig as Properties | undefined)?.Arn);
      expect(deadLetters).not.toBe('');
      expect((target?.RetryPolicy as Properties).MaximumRetryAttempts).toBeGreaterThan(0);

      const invokeConfig = invokeConfigs.find((config) => ref(config.FunctionName) === logicalId);
      expect(invokeConfig?.MaximumRetryAttempts).toBe(CONSUMER_RETRY_ATTEMPTS);
      const onFailure = (invokeConfig?.DestinationConfig as { OnFailure: { Destination: unknown } })
        .OnFailure;
      expect(ref(onFailure.Destination)).toBe(deadLetters);

      const alarm = alarms.find((candidate) => JSON.stringify(candidate.Dimensions).includes(deadLetters));
      expect(alarm?.MetricName).toBe('ApproximateNumberOfMessagesVisible');
      expect(alarm?.AlarmActions).toBeDefined();
    },
  );

  it('refreshes exchange rates daily through rates/handler.ts refreshRates, with the same safety net', () => {
    const schedule = rules.find((rule) => rule.ScheduleExpression !== undefined);
    expect(schedule?.ScheduleExpression).toBe('cron(30 0 * * ? *)');
    const [target] = (schedule?.Targets ?? []) as Properties[];
    expect(functions[ref(target?.Arn)]?.Properties?.Handler).toBe('index.refreshRates');
    expect(target?.DeadLetterConfig).toBeDefined();
  });

  it("points the rate refresh at the ECB's daily reference rates", () => {
    const schedule = rules.find((rule) => rule.ScheduleExpression !== undefined);
    const [target] = (schedule?.Targets ?? []) as Properties[];
    const environment = functions[ref(target?.Arn)]?.Properties?.Environment as
      | { Variables: Record<string, unknown> }
      | undefined;
    expect(environment?.Variables['RATES_FEED_URL']).toBe(ECB_DAILY_RATES_URL);
  });
});
