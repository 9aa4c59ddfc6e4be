import { Annotations, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { tableDefinition } from '@wayfarer/lambdas/adapters/aws/table-definition';
import { secretIdOf, type SecretName } from '../area-access';
import { secretKeys } from '../function-environment';
import type { StageConfig } from '../stage-config';

export type DataSecretName = Exclude<SecretName, 'cognitoClient'>;

/** `wayfarer/<stage>/deepgram-listen`: the speech relay's Deepgram key (docs/OPERATIONS.md rotates it by name). */
export const SPEECH_LISTEN_SECRET_NAME = 'deepgram-listen';

export interface DataStackProps extends StackProps {
  readonly stage: StageConfig;
}

/**
 * What outlives a code deploy: the single table, the secrets the operator fills in, and the alarm topic.
 * In prod the table is deletion-protected and everything here is retained if the stack goes away.
 */
export class DataStack extends Stack {
  readonly table: TableV2;
  /** Every secret but the app client's, which the auth stack keeps beside its client. */
  readonly secrets: Readonly<Record<DataSecretName, Secret>>;
  readonly originVerify: Secret;
  /**
   * The Deepgram key that opens speech sockets (`DEEPGRAM_API_KEY`), read only by the speech relay's roles
   * (stacks/relay-stack.ts); apart from the providers secret, whose Deepgram key is the text-to-speech one.
   */
  readonly speechListenKey: Secret;
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const removalPolicy = stage.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
      })),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      // Traffic is spiky and small: pay per request, no capacity planning.
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.isProduction,
      removalPolicy,
    });

    this.secrets = {
      providers: this.operatorSecret('ProviderKeys', 'providers', stage, removalPolicy),
      stripe: this.operatorSecret('StripeKeys', 'stripe', stage, removalPolicy),
      admin: this.operatorSecret('AdminPasswordHash', 'admin', stage, removalPolicy),
      // Nobody needs to know this one: Secrets Manager generates it once.
      ipHash: new Secret(this, 'IpHashKey', {
        secretName: secretIdOf(stage.stage, 'ipHash'),
        description: 'Key of the hash that stands in for anonymous callers\u2019 IPs',
        generateSecretString: {
          secretStringTemplate: '{}',
          generateStringKey: secretKeys.ipHash[0],
          passwordLength: 48,
          excludePunctuation: true,
        },
        removalPolicy,
      }),
    };

    // Shared by CloudFront (which sends it to the API origin) and the API's web ACL (which requires it); no
    // Lambda reads it. Generated once; rotating it means a redeploy of both stacks.
    this.originVerify = new Secret(this, 'OriginVerify', {
      secretName: `wayfarer/${stage.stage}/origin-verify`,
      description: 'Header value CloudFront adds to API requests; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy,
    });

    // Not an area's secret (area-access.ts cannot name it): ECS hands it to the relay's container at start. The
    // placeholder holds the key with an empty value, so the relay starts (and refuses speech, saying why) before
    // the operator sets it; a missing JSON key would keep every task from starting.
    this.speechListenKey = new Secret(this, 'SpeechListenKey', {
      secretName: `wayfarer/${stage.stage}/${SPEECH_LISTEN_SECRET_NAME}`,
      description: `Wayfarer Deepgram listen key: JSON with ${secretKeys.speechListen.join(', ')}; read by the speech relay only; set by the operator`,
      secretObjectValue: { [secretKeys.speechListen[0]]: SecretValue.unsafePlainText('') },
      removalPolicy,
    });

    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: `Wayfarer ${stage.stage} alarms`,
      enforceSSL: true,
    });
    if (stage.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(stage.alarmEmail));
    else {
      // Every alarm of every stack goes to this topic only: without a subscriber, nobody is told.
      Annotations.of(this).addWarningV2(
        'wayfarer:alarm-email-missing',
        `No alarmEmail context value: the ${stage.stage} alarm topic has no subscriber, so every alarm reaches nobody. ` +
          'Deploy with -c alarmEmail=<on-call address> (and confirm the subscription mail), or subscribe to the topic by hand.',
      );
    }
  }

  /** A secret whose JSON keys the operator fills after the first deploy (README, Deploy to AWS, "Secrets"). */
  private operatorSecret(
    id: string,
    name: DataSecretName,
    stage: StageConfig,
    removalPolicy: RemovalPolicy,
  ): Secret {
    return new Secret(this, id, {
      secretName: secretIdOf(stage.stage, name),
      description: `Wayfarer ${name}: JSON with ${secretKeys[name].join(', ')}; set by the operator`,
      // A placeholder with empty values: the Lambdas treat blank as "not configured" and use their fallbacks.
      secretObjectValue: {},
      removalPolicy,
    });
  }
}
