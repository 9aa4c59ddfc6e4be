import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  GatewayVpcEndpointAwsService,
  IpAddresses,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import {
  AwsLogDriver,
  Cluster,
  ContainerImage,
  ContainerInsights,
  CpuArchitecture,
  FargateService,
  FargateTaskDefinition,
  OperatingSystemFamily,
  Secret as EcsSecret,
} from 'aws-cdk-lib/aws-ecs';
import {
  ApplicationLoadBalancer,
  ApplicationProtocol,
  ApplicationTargetGroup,
  ListenerAction,
  ListenerCondition,
  TargetType,
} from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import { Rule } from 'aws-cdk-lib/aws-events';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { LISTEN_PATH } from '@wayfarer/shared/api/speech-protocol';
import type { EnvVariableName } from '@wayfarer/lambdas/config';
import { RELAY_ACCESS } from '../area-access';
import { tableItemStatement } from '../constructs/area-function';
import { ORIGIN_VERIFY_HEADER } from '../constructs/api-firewall';
import { secretKeys } from '../function-environment';
import { relayImageDirectory, RELAY_PORT } from '../relay-image';
import { RELAY_DRAIN, RELAY_TASK } from '../relay-sizing';
import type { StageConfig } from '../stage-config';

/** CloudWatch namespace and metric names the relay publishes (EMF, dimension Stage): docs/DESIGN.md §2. */
export const RELAY_METRICS = {
  namespace: 'Wayfarer/Relay',
  connectionsRefused: 'RelayConnectionsRefused',
  providerErrors: 'RelayProviderErrors',
  sessions: 'RelaySessions',
} as const;

/** The relay VPC's range: literal, so the load balancer's one ingress rule names it (not the whole internet). */
export const RELAY_VPC_CIDR = '10.60.0.0/16';

/** Names the monitoring stack finds the relay's resources by, without a cross-stack reference. */
export const relayClusterName = (stage: string): string => `wayfarer-${stage}-relay`;
export const relayTaskStoppedRuleName = (stage: string): string => `wayfarer-${stage}-relay-task-stopped`;

/** ECS stop codes of a task that ended on its own (a crash, a failed start), not by a deploy or scale-in. */
export const RELAY_FAILURE_STOP_CODES = ['TaskFailedToStart', 'EssentialContainerExited'];

export interface RelayStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly table: ITableV2;
  readonly eventBus: IEventBus;
  /** `wayfarer/<stage>/deepgram-listen`: DEEPGRAM_API_KEY, for the relay alone. */
  readonly speechListenKey: ISecret;
  readonly ipHashKey: ISecret;
  /** CloudFront sends it; the listener forwards only requests carrying it. */
  readonly originVerify: ISecret;
  /** The Lambdas' plain settings (TABLE_NAME, EVENT_BUS_NAME, the allowances, ...): the relay reads the same names. */
  readonly environment: Partial<Record<EnvVariableName, string>>;
  readonly alarmTopic: ITopic;
  readonly logRetention: RetentionDays;
}

/** Variables the relay reads beyond lambdas/config.ts's. */
type RelayEnvironment = Partial<
  Record<EnvVariableName | 'RELAY_MAX_SESSIONS' | 'RELAY_DRAIN_SECONDS' | 'RELAY_METRICS_STAGE', string>
>;

/** The settings of baseEnvironment the relay reads (function-environment.ts); nothing else of it reaches the task. */
const RELAY_SHARED_SETTINGS = [
  'TABLE_NAME',
  'EVENT_BUS_NAME',
  'LOG_LEVEL',
  'ANON_DAILY_SECONDS',
  'USER_DAILY_SECONDS',
] as const satisfies readonly EnvVariableName[];

/**
 * The speech relay (docs/DESIGN.md §2): Fargate tasks behind an internal Application Load Balancer that only
 * CloudFront reaches (a VPC origin, stacks/web-stack.ts), in a VPC of its own with no NAT gateway.
 */
export class RelayStack extends Stack {
  readonly loadBalancer: ApplicationLoadBalancer;
  readonly service: FargateService;
  readonly taskDefinition: FargateTaskDefinition;
  readonly targetGroup: ApplicationTargetGroup;
  readonly vpc: Vpc;

  constructor(scope: Construct, id: string, props: RelayStackProps) {
    super(scope, id, props);
    const { stage } = props;

    // Two zones. Tasks sit in public subnets with a public address (the cheapest way out to Deepgram, Secrets
    // Manager, ECR, EventBridge and CloudWatch Logs: no NAT gateway, no interface endpoints); nothing reaches them
    // from outside, their security group admits the load balancer only. The load balancer sits in isolated subnets
    // and is internal: CloudFront reaches it as a VPC origin, the internet cannot. DynamoDB through the free gateway
    // endpoint.
    this.vpc = new Vpc(this, 'Vpc', {
      ipAddresses: IpAddresses.cidr(RELAY_VPC_CIDR),
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [
        { name: 'tasks', subnetType: SubnetType.PUBLIC, cidrMask: 24 },
        { name: 'origin', subnetType: SubnetType.PRIVATE_ISOLATED, cidrMask: 24 },
      ],
      gatewayEndpoints: { DynamoDb: { service: GatewayVpcEndpointAwsService.DYNAMODB } },
    });

    const albSecurityGroup = new SecurityGroup(this, 'LoadBalancerSecurityGroup', {
      vpc: this.vpc,
      description: 'Relay load balancer: HTTP from inside the VPC only (CloudFront VPC origin)',
      allowAllOutbound: false,
    });
    // CloudFront's VPC-origin interfaces live in the VPC's own subnets: the VPC's range is the only source.
    albSecurityGroup.addIngressRule(Peer.ipv4(RELAY_VPC_CIDR), Port.tcp(80), 'CloudFront VPC origin');
    const taskSecurityGroup = new SecurityGroup(this, 'TaskSecurityGroup', {
      vpc: this.vpc,
      description: 'Relay tasks: the load balancer in; HTTPS out (Deepgram and AWS APIs)',
      allowAllOutbound: false,
    });
    taskSecurityGroup.addIngressRule(albSecurityGroup, Port.tcp(RELAY_PORT), 'From the load balancer');
    taskSecurityGroup.addEgressRule(
      Peer.anyIpv4(),
      Port.tcp(443),
      'Deepgram, Secrets Manager, ECR, EventBridge, Logs',
    );
    albSecurityGroup.addEgressRule(taskSecurityGroup, Port.tcp(RELAY_PORT), 'To the relay tasks');

    const cluster = new Cluster(this, 'Cluster', {
      vpc: this.vpc,
      clusterName: relayClusterName(stage.stage),
      containerInsightsV2: ContainerInsights.ENABLED,
    });

    this.taskDefinition = new FargateTaskDefinition(this, 'Task', {
      cpu: RELAY_TASK.cpu,
      memoryLimitMiB: RELAY_TASK.memoryMiB,
      runtimePlatform: {
        cpuArchitecture: CpuArchitecture.ARM64,
        operatingSystemFamily: OperatingSystemFamily.LINUX,
      },
    });
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const shared = Object.fromEntries(
      RELAY_SHARED_SETTINGS.flatMap((name) => {
        const value = props.environment[name];
        return value === undefined ? [] : [[name, value]];
      }),
    );
    const environment: RelayEnvironment = {
      ...shared,
      AWS_REGION: this.region,
      STT_ENGINE: 'cloud',
      RELAY_MAX_SESSIONS: String(RELAY_TASK.maxSessions),
      RELAY_DRAIN_SECONDS: String(RELAY_DRAIN.drainSeconds),
      RELAY_METRICS_STAGE: stage.stage,
    };
    // ECS reads these with the execution role when a task starts; config.ts lets set variables win, so the relay
    // reads no SECRET_ARNS and needs no extension. A rotated value reaches tasks started after it.
    const [listenKeyName] = secretKeys.speechListen;
    const [ipHashName] = secretKeys.ipHash;
    this.taskDefinition.addContainer('Relay', {
      image: ContainerImage.fromAsset(relayImageDirectory({ bundle: this.bundlingRequired }), {
        platform: Platform.LINUX_ARM64,
      }),
      essential: true,
      portMappings: [{ containerPort: RELAY_PORT }],
      environment: environment as Record<string, string>,
      secrets: {
        [listenKeyName]: EcsSecret.fromSecretsManager(props.speechListenKey, listenKeyName),
        [ipHashName]: EcsSecret.fromSecretsManager(props.ipHashKey, ipHashName),
      },
      logging: new AwsLogDriver({ logGroup, streamPrefix: 'relay' }),
      readonlyRootFilesystem: true,
      stopTimeout: Duration.seconds(RELAY_DRAIN.stopTimeoutSeconds),
    });

    const taskRole = this.taskDefinition.taskRole;
    const { table } = RELAY_ACCESS;
    taskRole.addToPrincipalPolicy(tableItemStatement(props.table, table.access, table.partitions));
    if (RELAY_ACCESS.publishesEvents) props.eventBus.grantPutEventsTo(taskRole);

    this.service = new FargateService(this, 'Service', {
      cluster,
      taskDefinition: this.taskDefinition,
      assignPublicIp: true,
      vpcSubnets: { subnetType: SubnetType.PUBLIC },
      securityGroups: [taskSecurityGroup],
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
      circuitBreaker: { rollback: true },
      healthCheckGracePeriod: Duration.seconds(30),
    });

    this.loadBalancer = new ApplicationLoadBalancer(this, 'LoadBalancer', {
      vpc: this.vpc,
      internetFacing: false,
      vpcSubnets: { subnetType: SubnetType.PRIVATE_ISOLATED },
      securityGroup: albSecurityGroup,
      // Audio flows many times a second and the client's KeepAlive every few seconds: a minute of nothing is a
      // dead connection. The relay's own idle limit (shorter) closes it first, with its code.
      idleTimeout: Duration.seconds(120),
      dropInvalidHeaderFields: true,
    });
    this.targetGroup = new ApplicationTargetGroup(this, 'Targets', {
      vpc: this.vpc,
      port: RELAY_PORT,
      protocol: ApplicationProtocol.HTTP,
      targetType: TargetType.IP,
      targets: [this.service],
      deregistrationDelay: Duration.seconds(RELAY_DRAIN.deregistrationDelaySeconds),
      healthCheck: {
        path: '/health',
        healthyHttpCodes: '200',
        interval: Duration.seconds(10),
        timeout: Duration.seconds(5),
        healthyThresholdCount: 2,
        unhealthyThresholdCount: 2,
      },
    });
    const listener = this.loadBalancer.addListener('Http', {
      port: 80,
      protocol: ApplicationProtocol.HTTP,
      open: false,
      // Anything without CloudFront's secret, or on another path, gets a fixed 403.
      defaultAction: ListenerAction.fixedResponse(403, {
        contentType: 'application/json',
        messageBody: '{"error":"forbidden"}',
      }),
    });
    listener.addAction('FromCloudFront', {
      priority: 1,
      conditions: [
        ListenerCondition.httpHeader(ORIGIN_VERIFY_HEADER, [props.originVerify.secretValue.unsafeUnwrap()]),
        ListenerCondition.pathPatterns([LISTEN_PATH]),
      ],
      action: ListenerAction.forward([this.targetGroup]),
    });

    const scaling = this.service.autoScaleTaskCount({
      minCapacity: stage.relayMinTasks,
      maxCapacity: Math.max(stage.relayMaxTasks, stage.relayMinTasks),
    });
    // Sessions a task, from the relay's own gauge (each task publishes its open sessions every minute, so the
    // average is per task); an ALB's connection count is per load balancer, and its request count per target
    // counts a socket once, at its upgrade.
    scaling.scaleToTrackCustomMetric('Sessions', {
      metric: this.sessionsMetric(stage.stage),
      targetValue: RELAY_TASK.targetSessions,
      scaleOutCooldown: Duration.seconds(60),
      // Scaling in stops a task: its sessions drain and reconnect elsewhere. Slowly, then.
      scaleInCooldown: Duration.minutes(10),
    });
    scaling.scaleOnCpuUtilization('Cpu', {
      targetUtilizationPercent: RELAY_TASK.targetCpuPercent,
      scaleOutCooldown: Duration.seconds(60),
      scaleInCooldown: Duration.minutes(10),
    });

    // A task that stopped by itself (crashed, or never started) is an event on the default bus; the rule has no
    // target, its MatchedEvents metric is what the monitoring stack's restart alarm counts.
    new Rule(this, 'TaskStopped', {
      ruleName: relayTaskStoppedRuleName(stage.stage),
      description: 'Relay tasks that stopped on their own: a crash or a failed start',
      eventPattern: {
        source: ['aws.ecs'],
        detailType: ['ECS Task State Change'],
        detail: {
          clusterArn: [cluster.clusterArn],
          lastStatus: ['STOPPED'],
          stopCode: RELAY_FAILURE_STOP_CODES,
        },
      },
    });

    // No healthy task: every speech socket fails. The relay will not start (docs/OPERATIONS.md runbook).
    const noHealthyTask = new Alarm(this, 'RelayNoHealthyTaskAlarm', {
      alarmDescription:
        'No relay task has passed its health check for 3 minutes: speech is down (docs/OPERATIONS.md, "The relay will not start")',
      metric: this.targetGroup.metrics.healthyHostCount({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.BREACHING,
    });
    noHealthyTask.addAlarmAction(new SnsAction(props.alarmTopic));
  }

  private sessionsMetric(stage: string): Metric {
    return relayMetric(stage, RELAY_METRICS.sessions, 'Average', Duration.minutes(1));
  }
}

/** One of the relay's metrics (RELAY_METRICS), for a stage. */
export function relayMetric(stage: string, metricName: string, statistic: string, period: Duration): Metric {
  return new Metric({
    namespace: RELAY_METRICS.namespace,
    metricName,
    dimensionsMap: { Stage: stage },
    statistic,
    period,
  });
}
