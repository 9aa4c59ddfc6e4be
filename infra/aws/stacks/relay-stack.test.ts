import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';
import { LISTEN_PATH } from '@wayfarer/shared/api/speech-protocol';
import { VIEWER_ADDRESS_HEADER } from '@wayfarer/shared/api/viewer-headers';
import { accessForArea, HANDLER_AREAS, RELAY_ACCESS } from '../area-access';
import {
  LEADING_KEYS,
  LEADING_KEYS_OPERATOR,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
} from '../constructs/area-function';
import { ORIGIN_VERIFY_HEADER } from '../constructs/api-firewall';
import { RELAY_PORT } from '../relay-image';
import { RELAY_DRAIN, RELAY_TASK } from '../relay-sizing';
import { resourcesOfType, synthWayfarer } from '../testing/synth-wayfarer';
import { RELAY_ALARMS } from './monitoring-stack';
import { RELAY_METRICS, RELAY_VPC_CIDR, relayTaskStoppedRuleName } from './relay-stack';

const { templates, stacks } = synthWayfarer({ context: { stage: 'relay' } });
const { relay, web, monitoring } = templates;
const everyTemplate = Object.values(templates);

type Properties = Record<string, unknown>;
const only = (template: typeof relay, type: string): Properties => {
  const found = Object.values(resourcesOfType(template, type));
  expect(found, type).toHaveLength(1);
  return found[0]?.Properties ?? {};
};
const mentions = (value: unknown, text: string) => JSON.stringify(value ?? null).includes(text);

// The listen key's logical id in the Data stack: every reference to it, imported or not, carries it.
const LISTEN_KEY = stacks.data.getLogicalId(stacks.data.speechListenKey.node.defaultChild as never);

const distribution = only(web, 'AWS::CloudFront::Distribution').DistributionConfig as Properties;
const behaviours = (distribution.CacheBehaviors ?? []) as Properties[];
const listenBehaviour = behaviours.find((behaviour) => behaviour.PathPattern === LISTEN_PATH);
const origins = distribution.Origins as Properties[];
const relayOrigin = origins.find((origin) => origin.Id === listenBehaviour?.TargetOriginId);

const container = ((only(relay, 'AWS::ECS::TaskDefinition').ContainerDefinitions as
  Properties[] | undefined) ?? [])[0] as Properties;
const environment = Object.fromEntries(
  ((container.Environment ?? []) as { Name: string; Value: unknown }[]).map((entry) => [
    entry.Name,
    entry.Value,
  ]),
);

/** Every IAM policy of every stack, with the roles it is attached to. */
const policies = everyTemplate.flatMap((template) =>
  Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).map((policy) => ({
    template,
    roles: (policy.Properties?.Roles ?? []) as unknown[],
    statements: ((policy.Properties?.PolicyDocument as Properties | undefined)?.Statement ??
      []) as Properties[],
  })),
);
const taskDefinition = only(relay, 'AWS::ECS::TaskDefinition');
const taskRoleRef = taskDefinition.TaskRoleArn as { 'Fn::GetAtt': [string, string] };
const executionRoleRef = taskDefinition.ExecutionRoleArn as { 'Fn::GetAtt': [string, string] };
const roleRef = (ref: { 'Fn::GetAtt': [string, string] }) => ({ Ref: ref['Fn::GetAtt'][0] });

describe('speech relay stack', () => {
  it('runs the relay as a Fargate service behind an internal Application Load Balancer, health-checked on /health', () => {
    relay.hasResourceProperties('AWS::ECS::Service', { LaunchType: 'FARGATE' });
    relay.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', {
      Scheme: 'internal',
      Type: 'application',
    });
    relay.hasResourceProperties('AWS::ElasticLoadBalancingV2::TargetGroup', {
      Port: RELAY_PORT,
      TargetType: 'ip',
      HealthCheckPath: '/health',
      Matcher: { HttpCode: '200' },
    });
    expect(taskDefinition).toMatchObject({
      Cpu: String(RELAY_TASK.cpu),
      Memory: String(RELAY_TASK.memoryMiB),
      RuntimePlatform: { CpuArchitecture: 'ARM64' },
    });
    expect(container.PortMappings).toEqual([expect.objectContaining({ ContainerPort: RELAY_PORT })]);
    // No NAT gateway: tasks reach Deepgram and AWS from public subnets; DynamoDB through the gateway endpoint.
    relay.resourceCountIs('AWS::EC2::NatGateway', 0);
    relay.hasResourceProperties('AWS::EC2::VPCEndpoint', { VpcEndpointType: 'Gateway' });
    relay.hasResourceProperties('AWS::ECS::Service', {
      NetworkConfiguration: { AwsvpcConfiguration: { AssignPublicIp: 'ENABLED' } },
    });
  });

  it('admits only the load balancer to the tasks, and only the VPC (CloudFront VPC origin) to the load balancer', () => {
    const groups = resourcesOfType(relay, 'AWS::EC2::SecurityGroup');
    const ingress = [
      ...Object.values(groups).flatMap(
        (group) => (group.Properties?.SecurityGroupIngress ?? []) as Properties[],
      ),
      ...Object.values(resourcesOfType(relay, 'AWS::EC2::SecurityGroupIngress')).map(
        (rule) => rule.Properties ?? {},
      ),
    ];
    for (const rule of ingress) {
      expect(rule.CidrIp, JSON.stringify(rule)).not.toBe('0.0.0.0/0');
      expect(rule.CidrIpv6).toBeUndefined();
    }
    expect(ingress).toContainEqual(
      expect.objectContaining({ FromPort: RELAY_PORT, SourceSecurityGroupId: expect.anything() }),
    );
    expect(ingress).toContainEqual(expect.objectContaining({ FromPort: 80, CidrIp: RELAY_VPC_CIDR }));
  });

  it('routes /v1/listen at CloudFront to the relay load balancer (VPC origin), uncached, with the handshake and the viewer address', () => {
    expect(listenBehaviour).toBeDefined();
    expect(listenBehaviour?.ViewerProtocolPolicy).toBe('https-only');
    // The managed CachingDisabled policy.
    expect(listenBehaviour?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(relayOrigin?.VpcOriginConfig).toBeDefined();
    const vpcOrigin = only(web, 'AWS::CloudFront::VpcOrigin').VpcOriginEndpointConfig as Properties;
    expect(vpcOrigin.OriginProtocolPolicy).toBe('http-only');
    // The load balancer of the relay stack, by its exported ARN.
    expect(mentions(vpcOrigin.Arn, 'LoadBalancer')).toBe(true);
    expect(mentions(vpcOrigin.Arn, 'Relay')).toBe(true);

    const policyId = (listenBehaviour?.OriginRequestPolicyId as { Ref: string }).Ref;
    const policy = resourcesOfType(web, 'AWS::CloudFront::OriginRequestPolicy')[policyId]?.Properties
      ?.OriginRequestPolicyConfig as Properties;
    const headers = ((policy.HeadersConfig as Properties).Headers as string[]).map((name) =>
      name.toLowerCase(),
    );
    // CloudFront, "Use WebSockets with CloudFront distributions": Key and Version must reach the origin.
    expect(headers).toEqual(
      expect.arrayContaining([
        'sec-websocket-key',
        'sec-websocket-version',
        'sec-websocket-protocol',
        VIEWER_ADDRESS_HEADER,
      ]),
    );
    expect((policy.QueryStringsConfig as Properties).QueryStringBehavior).toBe('all');
  });

  it('refuses at the listener, with a fixed 403, every request without the origin secret or off the listen path', () => {
    relay.hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', {
      Port: 80,
      DefaultActions: [
        Match.objectLike({
          Type: 'fixed-response',
          FixedResponseConfig: Match.objectLike({ StatusCode: '403' }),
        }),
      ],
    });
    const rules = Object.values(resourcesOfType(relay, 'AWS::ElasticLoadBalancingV2::ListenerRule'));
    expect(rules).toHaveLength(1);
    const conditions = (rules[0]?.Properties?.Conditions ?? []) as Properties[];
    const header = conditions.find((condition) => condition.Field === 'http-header');
    expect(header?.HttpHeaderConfig).toMatchObject({ HttpHeaderName: ORIGIN_VERIFY_HEADER });
    const value = JSON.stringify((header?.HttpHeaderConfig as Properties).Values);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(/OriginVerify/);
    expect(conditions).toContainEqual(
      expect.objectContaining({ Field: 'path-pattern', PathPatternConfig: { Values: [LISTEN_PATH] } }),
    );
    expect(rules[0]?.Properties?.Actions).toEqual([expect.objectContaining({ Type: 'forward' })]);
    // And CloudFront sends that secret to the relay origin.
    expect(relayOrigin?.OriginCustomHeaders).toEqual([
      expect.objectContaining({ HeaderName: ORIGIN_VERIFY_HEADER }),
    ]);
    expect(JSON.stringify(relayOrigin?.OriginCustomHeaders)).toMatch(/OriginVerify/);
  });

  it('lets only the relay task’s execution role read the Deepgram listen key, handed to the container by ECS', () => {
    expect(LISTEN_KEY).toMatch(/SpeechListenKey/);
    const readers = policies.filter((policy) => mentions(policy.statements, LISTEN_KEY));
    expect(readers).toHaveLength(1);
    expect(readers[0]?.template).toBe(relay);
    expect(readers[0]?.roles).toEqual([roleRef(executionRoleRef)]);
    const statements = readers[0]?.statements.filter((statement) => mentions(statement, LISTEN_KEY)) ?? [];
    for (const statement of statements) {
      expect([...(statement.Action as string[])].sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
    }
    const secrets = (container.Secrets ?? []) as { Name: string; ValueFrom: unknown }[];
    expect(secrets.map((secret) => secret.Name).sort()).toEqual(['DEEPGRAM_API_KEY', 'IP_HASH_SECRET']);
    const listen = secrets.find((secret) => secret.Name === 'DEEPGRAM_API_KEY');
    expect(mentions(listen?.ValueFrom, LISTEN_KEY)).toBe(true);
    expect(mentions(listen?.ValueFrom, ':DEEPGRAM_API_KEY::')).toBe(true);
    // Set variables win in lambdas/config.ts: no SECRET_ARNS, no extension, no key in plain environment.
    expect(environment.SECRET_ARNS).toBeUndefined();
    expect(environment.DEEPGRAM_API_KEY).toBeUndefined();
  });

  it('gives no Lambda function the listen key, in its role or its environment', () => {
    const functions = everyTemplate.flatMap((template) =>
      Object.values(resourcesOfType(template, 'AWS::Lambda::Function')),
    );
    expect(functions.length).toBeGreaterThan(20);
    for (const fn of functions) {
      expect(mentions(fn.Properties?.Environment, LISTEN_KEY)).toBe(false);
      expect(mentions(fn.Properties?.Environment, 'DEEPGRAM_API_KEY')).toBe(false);
    }
    const lambdaRoles = functions.map((fn) => JSON.stringify(fn.Properties?.Role));
    for (const policy of policies.filter((candidate) => mentions(candidate.statements, LISTEN_KEY))) {
      for (const role of policy.roles)
        expect(lambdaRoles).not.toContain(
          JSON.stringify({ 'Fn::GetAtt': [(role as { Ref: string }).Ref, 'Arn'] }),
        );
    }
  });

  it('leaves no function that could issue a Deepgram key: the speech area reads no Deepgram secret at all', () => {
    expect(accessForArea('speech').secrets).not.toContain('providers');
    const providers = stacks.data.getLogicalId(stacks.data.secrets.providers.node.defaultChild as never);
    const speechRoutes = routes.filter((route) => route.handler.area === 'speech');
    for (const route of speechRoutes) {
      const fn = stacks.api.routeFunctions.get(route.id);
      const role = fn?.role?.node.defaultChild;
      const policy = policies.filter((candidate) =>
        candidate.roles.some((ref) => mentions(ref, stacks.api.getLogicalId(role as never))),
      );
      expect(policy.length, route.id).toBeGreaterThan(0);
      for (const attached of policy) {
        expect(mentions(attached.statements, providers), route.id).toBe(false);
        expect(mentions(attached.statements, LISTEN_KEY), route.id).toBe(false);
      }
    }
    // The speak key (the providers secret's DEEPGRAM_API_KEY) is read by exactly the areas that declare it.
    const readersOfProviders = HANDLER_AREAS.filter((area) =>
      accessForArea(area).secrets.includes('providers'),
    );
    expect(readersOfProviders.sort()).toEqual(['analysis', 'capabilities', 'translate', 'tts', 'vision']);
    // No function is told where Deepgram's key API is.
    for (const template of everyTemplate) {
      for (const fn of Object.values(resourcesOfType(template, 'AWS::Lambda::Function'))) {
        expect(mentions(fn.Properties?.Environment, 'DEEPGRAM_API_URL')).toBe(false);
      }
    }
  });

  it('grants the relay exactly the USAGE#, TICKET# and SPEECH# items, and PutEvents on the bus', () => {
    const taskPolicies = policies.filter((policy) => mentions(policy.roles, taskRoleRef['Fn::GetAtt'][0]));
    expect(taskPolicies).toHaveLength(1);
    const statements = taskPolicies[0]?.statements ?? [];
    const table = statements.filter((statement) => mentions(statement.Action, 'dynamodb:'));
    expect(table).toHaveLength(1);
    expect([...((table[0]?.Action ?? []) as string[])].sort()).toEqual(
      [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS].sort(),
    );
    expect(table[0]?.Condition).toEqual({
      [LEADING_KEYS_OPERATOR]: { [LEADING_KEYS]: ['USAGE#*', 'TICKET#*', 'SPEECH#*'] },
    });
    expect(RELAY_ACCESS.table.partitions).toEqual(['USAGE#', 'TICKET#', 'SPEECH#']);
    const events = statements.filter((statement) => mentions(statement.Action, 'events:'));
    expect(events).toEqual([expect.objectContaining({ Action: 'events:PutEvents' })]);
    expect(statements).toHaveLength(2);
  });

  it('gives the relay the settings the Lambdas read, by the same names, and the relay’s own', () => {
    expect(environment).toMatchObject({
      STT_ENGINE: 'cloud',
      RELAY_MAX_SESSIONS: String(RELAY_TASK.maxSessions),
      RELAY_DRAIN_SECONDS: String(RELAY_DRAIN.drainSeconds),
      RELAY_METRICS_STAGE: 'relay',
    });
    for (const name of ['TABLE_NAME', 'EVENT_BUS_NAME', 'AWS_REGION'])
      expect(environment[name], name).toBeDefined();
    expect(environment.PORT ?? String(RELAY_PORT)).toBe(String(RELAY_PORT));
  });

  it('scales on sessions a task (the relay’s own gauge) and on CPU', () => {
    relay.hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', { MinCapacity: 1 });
    relay.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      PolicyType: 'TargetTrackingScaling',
      TargetTrackingScalingPolicyConfiguration: Match.objectLike({
        TargetValue: RELAY_TASK.targetSessions,
        CustomizedMetricSpecification: Match.objectLike({
          Namespace: RELAY_METRICS.namespace,
          MetricName: RELAY_METRICS.sessions,
          Statistic: 'Average',
          Dimensions: [{ Name: 'Stage', Value: 'relay' }],
        }),
      }),
    });
    relay.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      TargetTrackingScalingPolicyConfiguration: Match.objectLike({
        TargetValue: RELAY_TASK.targetCpuPercent,
        PredefinedMetricSpecification: { PredefinedMetricType: 'ECSServiceAverageCPUUtilization' },
      }),
    });
    expect(RELAY_TASK.targetSessions).toBeLessThan(RELAY_TASK.maxSessions);
  });

  it('drains longer than the relay does: deregistration delay and stop timeout cover RELAY_DRAIN_SECONDS', () => {
    const attributes = (only(relay, 'AWS::ElasticLoadBalancingV2::TargetGroup').TargetGroupAttributes ??
      []) as { Key: string; Value: string }[];
    const delay = Number(
      attributes.find((attribute) => attribute.Key === 'deregistration_delay.timeout_seconds')?.Value,
    );
    // The relay learns of the deregistration by polling its task's status: the poll, then the drain, then a margin.
    expect(delay).toBeGreaterThan(RELAY_DRAIN.statusPollSeconds + RELAY_DRAIN.drainSeconds);
    expect(container.StopTimeout).toBeGreaterThanOrEqual(RELAY_DRAIN.drainSeconds);
    expect(container.StopTimeout).toBeLessThanOrEqual(120); // Fargate's most
    expect(environment.RELAY_DRAIN_SECONDS).toBe(String(RELAY_DRAIN.drainSeconds));
    // A deploy starts new tasks before it stops old ones, and rolls back by itself if they never turn healthy.
    relay.hasResourceProperties('AWS::ECS::Service', {
      DeploymentConfiguration: Match.objectLike({
        MinimumHealthyPercent: 100,
        DeploymentCircuitBreaker: { Enable: true, Rollback: true },
      }),
    });
  });

  it('alarms on refused sockets, Deepgram errors, task restarts and no healthy task', () => {
    const alarms = Object.values(resourcesOfType(monitoring, 'AWS::CloudWatch::Alarm')).map(
      (alarm) => alarm.Properties ?? {},
    );
    const byMetric = (name: string) => alarms.find((alarm) => alarm.MetricName === name);
    expect(byMetric(RELAY_METRICS.connectionsRefused)).toMatchObject({
      Namespace: RELAY_METRICS.namespace,
      Dimensions: [{ Name: 'Stage', Value: 'relay' }],
      Threshold: RELAY_ALARMS.connectionsRefusedIn5Minutes,
    });
    expect(byMetric(RELAY_METRICS.providerErrors)).toMatchObject({
      Namespace: RELAY_METRICS.namespace,
      Threshold: RELAY_ALARMS.providerErrorsIn5Minutes,
    });
    expect(byMetric('MatchedEvents')).toMatchObject({
      Namespace: 'AWS/Events',
      Dimensions: [{ Name: 'RuleName', Value: relayTaskStoppedRuleName('relay') }],
    });
    for (const alarm of alarms.filter((candidate) => String(candidate.MetricName).startsWith('Relay'))) {
      expect(alarm.AlarmActions).toBeDefined();
    }
    relay.hasResourceProperties('AWS::Events::Rule', {
      Name: relayTaskStoppedRuleName('relay'),
      EventPattern: Match.objectLike({
        source: ['aws.ecs'],
        detail: Match.objectLike({
          lastStatus: ['STOPPED'],
          stopCode: ['TaskFailedToStart', 'EssentialContainerExited'],
        }),
      }),
    });
    relay.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'HealthyHostCount',
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 1,
      AlarmActions: Match.anyValue(),
    });
  });
});
