import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import {
  EVENT_BUS_NAME,
  eventRules,
  events,
  RATE_REFRESH_HANDLER,
  type EventPattern,
} from '@wayfarer/shared/events';
import { constructIdFor, createAreaFunction, type AreaResources } from '../constructs/area-function';
import { addProviderErrorMetric, addSpeechSecondsMetric } from '../constructs/observability';
import { ReliableTarget } from '../constructs/reliable-target';
import type { StageConfig } from '../stage-config';

export interface EventsStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly alarmTopic: ITopic;
  /** Everything a consumer needs except the bus, which this stack creates. */
  readonly resources: (eventBus: EventBus) => AreaResources;
}

/** Rates are published once a day by the feed; 00:30 UTC picks up the new day's figures. */
export const RATE_REFRESH_SCHEDULE = Schedule.cron({ minute: '30', hour: '0' });

/** EventBridge's pattern shape, from shared/events.ts's, key for key (no hand-written patterns). */
function toCdkPattern(pattern: EventPattern) {
  return { source: [...pattern.source], detailType: [...pattern['detail-type']] };
}

/**
 * The domain-event bus, one rule per event of the shared catalogue delivering to that event's consumer
 * (retries, a dead-letter queue and an alarm each), and the daily exchange-rate refresh.
 */
export class EventsStack extends Stack {
  readonly eventBus: EventBus;
  readonly consumers: readonly {
    readonly id: string;
    readonly function: NodejsFunction;
    readonly target: ReliableTarget;
  }[];

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    this.eventBus = new EventBus(this, 'Bus', { eventBusName: `${EVENT_BUS_NAME}-${props.stage.stage}` });
    const resources = props.resources(this.eventBus);

    this.consumers = eventRules.map((rule) => {
      const consumerId = constructIdFor(rule.consumer.id);
      const fn = createAreaFunction(this, rule.consumer, resources);
      this.observe(fn, rule.consumer.id, rule.consumer.area, props);
      if (rule.consumer.id === events.usageRecorded.consumer.id)
        addSpeechSecondsMetric(fn, props.stage.stage);
      const target = new ReliableTarget(this, `${consumerId}Delivery`, {
        function: fn,
        name: rule.consumer.id,
        alarmTopic: props.alarmTopic,
      });
      new Rule(this, `${consumerId}Rule`, {
        eventBus: this.eventBus,
        description: `${rule.name} -> ${rule.consumer.id}`,
        eventPattern: toCdkPattern(rule.pattern),
        targets: [target.target],
      });
      return { id: rule.consumer.id, function: fn, target };
    });

    const refreshRates = createAreaFunction(this, RATE_REFRESH_HANDLER, resources);
    this.observe(refreshRates, RATE_REFRESH_HANDLER.id, RATE_REFRESH_HANDLER.area, props);
    const refreshTarget = new ReliableTarget(this, 'RefreshRatesDelivery', {
      function: refreshRates,
      name: RATE_REFRESH_HANDLER.id,
      alarmTopic: props.alarmTopic,
    });
    // Scheduled rules live on the default bus: EventBridge only runs schedules there.
    new Rule(this, 'RefreshRatesSchedule', {
      description: 'Daily exchange-rate refresh',
      schedule: RATE_REFRESH_SCHEDULE,
      targets: [refreshTarget.target],
    });
  }

  /** Its provider's failures as a metric, and an alarm when Lambda throttles it (its events wait, then retry). */
  private observe(
    fn: NodejsFunction,
    handlerId: string,
    area: Parameters<typeof addProviderErrorMetric>[1],
    props: EventsStackProps,
  ): void {
    addProviderErrorMetric(fn, area, props.stage.stage);
    const throttles = new Alarm(this, `${constructIdFor(handlerId)}ThrottlesAlarm`, {
      alarmDescription: `${handlerId}: Lambda invocations throttled (account or reserved concurrency exhausted)`,
      metric: fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    throttles.addAlarmAction(new SnsAction(props.alarmTopic));
  }
}
