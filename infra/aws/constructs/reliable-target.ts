import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface ReliableTargetProps {
  readonly function: IFunction;
  /** Human-readable name for the alarm ("consumers.usageRecorded"). */
  readonly name: string;
  readonly alarmTopic: ITopic;
}

/** Lambda retries of a failing consumer before its event goes to the dead-letter queue. */
export const CONSUMER_RETRY_ATTEMPTS = 2;

/**
 * An EventBridge target that does not lose events: EventBridge retries delivery, Lambda retries a failing
 * invocation, and whatever still fails lands in one dead-letter queue per consumer, kept 14 days, with an
 * alarm as soon as anything is in it. Consumers are idempotent (event id marks), so retries are safe.
 */
export class ReliableTarget extends Construct {
  readonly deadLetterQueue: Queue;
  readonly target: LambdaFunction;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: ReliableTargetProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    // Function errors: Lambda's own asynchronous retries, then the dead-letter queue.
    props.function.configureAsyncInvoke({
      retryAttempts: CONSUMER_RETRY_ATTEMPTS,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.deadLetterQueue),
    });
    // Delivery failures (throttled or missing function): EventBridge's retries, then the same queue.
    this.target = new LambdaFunction(props.function, {
      deadLetterQueue: this.deadLetterQueue,
      retryAttempts: 8,
      maxEventAge: Duration.hours(24),
    });
    this.alarm = new Alarm(this, 'DeadLettersAlarm', {
      alarmDescription: `${props.name}: events failed every retry and wait in the dead-letter queue`,
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.alarm.addAlarmAction(new SnsAction(props.alarmTopic));
  }
}
