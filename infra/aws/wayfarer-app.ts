import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { AreaResources } from './constructs/area-function';
import { baseEnvironment } from './function-environment';
import { expireEveryFunctionsLogs } from './constructs/log-retention';
import { acknowledgeReviewedFindings } from './reviewed-findings';
import { readStageConfig, type StageConfig } from './stage-config';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EventsStack } from './stacks/events-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { RelayStack } from './stacks/relay-stack';
import { WebStack } from './stacks/web-stack';

export interface WayfarerStacks {
  readonly config: StageConfig;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly events: EventsStack;
  readonly api: ApiStack;
  readonly relay: RelayStack;
  readonly web: WebStack;
  readonly monitoring: MonitoringStack;
}

function retentionFor(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays).filter(
    (value): value is RetentionDays => typeof value === 'number',
  );
  const match = allowed.find((value) => value === days);
  if (match === undefined) {
    throw new Error(
      `Context logRetentionDays must be one of CloudWatch's values (${allowed.join(', ')}), got ${days}`,
    );
  }
  return match;
}

/** SES identities a sender such as `Wayfarer <no-reply@example.com>` may be verified as: address, domain. */
export function mailIdentities(mailFrom: string | undefined): string[] {
  const address = /<([^>]+)>/.exec(mailFrom ?? '')?.[1] ?? mailFrom?.trim();
  const domain = address?.split('@')[1];
  return address && domain ? [address, domain] : [];
}

/**
 * The whole deployment: data -> auth -> events -> api -> relay -> web, and monitoring over them. Stack names carry the stage, so several
 * stages can share an account. Used by app.ts and by the template tests.
 */
export function buildWayfarer(app: App, options: { readonly deployWebAssets: boolean }): WayfarerStacks {
  const config = readStageConfig(app.node);
  const env: Environment = {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  };
  const prefix = `Wayfarer-${config.stage}`;
  const logRetention = retentionFor(config.logRetentionDays);

  const data = new DataStack(app, `${prefix}-Data`, { env, stage: config });
  const auth = new AuthStack(app, `${prefix}-Auth`, { env, stage: config });

  const resourcesFor = (eventBusName: string, eventBus: AreaResources['eventBus']): AreaResources => ({
    table: data.table,
    secrets: { ...data.secrets, cognitoClient: auth.clientSecret },
    eventBus,
    userPoolArn: auth.userPool.userPoolArn,
    mailIdentities: mailIdentities(config.mailFrom),
    logRetention,
    environment: baseEnvironment(config, {
      tableName: data.table.tableName,
      eventBusName,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
    }),
  });

  const events = new EventsStack(app, `${prefix}-Events`, {
    env,
    stage: config,
    alarmTopic: data.alarmTopic,
    resources: (bus) => resourcesFor(bus.eventBusName, bus),
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    stage: config,
    alarmTopic: data.alarmTopic,
    originVerify: data.originVerify,
    resources: resourcesFor(events.eventBus.eventBusName, events.eventBus),
  });
  const relay = new RelayStack(app, `${prefix}-Relay`, {
    env,
    stage: config,
    table: data.table,
    eventBus: events.eventBus,
    speechListenKey: data.speechListenKey,
    ipHashKey: data.secrets.ipHash,
    originVerify: data.originVerify,
    environment: resourcesFor(events.eventBus.eventBusName, events.eventBus).environment,
    alarmTopic: data.alarmTopic,
    logRetention,
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    stage: config,
    api: api.api,
    originVerify: data.originVerify,
    deployAssets: options.deployWebAssets,
    relayLoadBalancer: relay.loadBalancer,
  });

  // Last: it names what the others build (by convention, not by import), so it deploys once they exist.
  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    stage: config,
    alarmTopic: data.alarmTopic,
  });
  monitoring.addDependency(api);
  monitoring.addDependency(events);
  monitoring.addDependency(relay);

  for (const stack of [data, auth, events, api, relay, web, monitoring])
    expireEveryFunctionsLogs(stack, logRetention);

  acknowledgeReviewedFindings(app, { data, auth, events, api, relay, web });
  Tags.of(app).add('app', 'wayfarer');
  Tags.of(app).add('stage', config.stage);
  return { config, data, auth, events, api, relay, web, monitoring };
}
