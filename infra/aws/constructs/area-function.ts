import { Arn, Duration, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { HandlerReference as SharedHandlerReference } from '@wayfarer/shared/api/route-types';
import { tableDefinition } from '@wayfarer/lambdas/adapters/aws/table-definition';
import { accessForArea, type SecretName, type TableAccess } from '../area-access';
import type { FunctionEnvironment } from '../function-environment';
import { RESERVED_CONCURRENCY } from '../stage-config';
import { HandlerFunction } from './handler-function';

/** A route's, consumer's or schedule's handler reference, as shared/ declares it, with the function's id. */
export interface HandlerReference extends SharedHandlerReference {
  readonly id: string;
}

export interface AreaResources {
  readonly table: ITableV2;
  readonly secrets: Readonly<Record<SecretName, ISecret>>;
  readonly eventBus: IEventBus;
  readonly userPoolArn: string;
  /** SES identities MAIL_FROM may send as (its address and domain); empty when no sender is configured. */
  readonly mailIdentities: readonly string[];
  readonly environment: FunctionEnvironment;
  readonly logRetention: RetentionDays;
}

/*
 * Exactly the Cognito admin calls lambdas/adapters/aws/cognito-identity.ts makes: registering (create, set the
 * password, remove a half-made account), signing in and refreshing (AdminInitiateAuth), reading an account,
 * setting the password on reset and signing the account out everywhere after it, marking the e-mail verified
 * (AdminUpdateUserAttributes; iam-policies.test.ts compares the two). RevokeToken needs no IAM permission: it is the client secret that authorises it.
 */
export const USER_POOL_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
];

/*
 * Exactly the DynamoDB calls lambdas/adapters/aws makes (iam-policies.test.ts maps its commands to these):
 * GetItem and Query to read items; PutItem, UpdateItem and DeleteItem to write them, which TransactWriteItems
 * also needs for its Put and Update parts (each part is authorised as that action, conditions included: AWS,
 * "Using IAM with DynamoDB transactions"); DescribeTable for the health check, which reads no item.
 */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query'];
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
export const TABLE_DESCRIBE_ACTIONS = ['dynamodb:DescribeTable'];
/** A daily ceiling's counter is charged with one conditional UpdateItem (signed-daily-counter.ts), nothing else. */
export const TABLE_COUNTER_ACTIONS = ['dynamodb:UpdateItem'];

/** The condition operator and key that confine a table grant to named partitions (docs/DESIGN.md §9). */
export const LEADING_KEYS_OPERATOR = 'ForAllValues:StringLike';
export const LEADING_KEYS = 'dynamodb:LeadingKeys';

/** `USER#` -> `USER#*` (every partition of that shape); `RATES` -> `RATES` (that one partition). */
export function leadingKeyPattern(partition: string): string {
  return partition.endsWith('#') ? `${partition}*` : partition;
}

const onlyPartitions = (partitions: readonly string[]) => ({
  [LEADING_KEYS_OPERATOR]: { [LEADING_KEYS]: partitions.map(leadingKeyPattern) },
});

/** Item calls on the table, read or read-write, on the named partitions only (the LeadingKeys condition). */
export function tableItemStatement(
  table: ITableV2,
  access: 'read' | 'readWrite',
  partitions: readonly string[],
): PolicyStatement {
  return new PolicyStatement({
    actions: access === 'readWrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
    resources: [table.tableArn],
    conditions: onlyPartitions(partitions),
  });
}

/**
 * The area's statements on the table: item calls on its partitions only, and Query on gsi1 (by the index's ARN,
 * where LeadingKeys is the gsi1pk the Query names) on its index partitions only. Scan, PartiQL and the batch
 * calls are never granted: ForAllValues is true of a request that names no partition key at all, so only calls
 * that always name one may carry it (DescribeTable, which names none, is the health check's own statement).
 */
function tableStatements(table: ITableV2, access: TableAccess): PolicyStatement[] {
  if (access === 'none') return [];
  if (access === 'describe') {
    return [new PolicyStatement({ actions: TABLE_DESCRIBE_ACTIONS, resources: [table.tableArn] })];
  }
  const statements = [tableItemStatement(table, access.access, access.partitions)];
  if (access.counters !== undefined && access.counters.length > 0) {
    statements.push(
      new PolicyStatement({
        actions: TABLE_COUNTER_ACTIONS,
        resources: [table.tableArn],
        conditions: onlyPartitions(access.counters),
      }),
    );
  }
  if (access.index !== undefined && access.index.length > 0) {
    statements.push(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: tableDefinition.globalSecondaryIndexes.map(
          (index) => `${table.tableArn}/index/${index.indexName}`,
        ),
        conditions: onlyPartitions(access.index),
      }),
    );
  }
  return statements;
}

/** `auth.forgotPassword` -> `AuthForgotPassword`: a readable construct id. */
export function constructIdFor(handlerId: string): string {
  return handlerId
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The Lambda for one handler export, with exactly the grants and sizing its area declares. */
export function createAreaFunction(
  scope: Construct,
  handler: HandlerReference,
  resources: AreaResources,
): NodejsFunction {
  const access = accessForArea(handler.area);
  const secretArns = access.secrets.map((name) => resources.secrets[name].secretArn);
  const { function: fn } = new HandlerFunction(scope, constructIdFor(handler.id), {
    handlerId: handler.id,
    area: handler.area,
    exportName: handler.export,
    environment: {
      ...resources.environment,
      ...(secretArns.length > 0 ? { SECRET_ARNS: secretArns.join(',') } : {}),
    },
    memorySize: access.memorySize,
    timeout: Duration.seconds(access.timeoutSeconds),
    logRetention: resources.logRetention,
    readsSecrets: secretArns.length > 0,
    // Guaranteed to what must never starve, a cap on the streams (stage-config.ts); the rest share the pool.
    reservedConcurrentExecutions: RESERVED_CONCURRENCY[handler.id],
  });

  for (const statement of tableStatements(resources.table, access.table)) fn.addToRolePolicy(statement);
  if (access.publishesEvents) resources.eventBus.grantPutEventsTo(fn);
  for (const name of access.secrets) resources.secrets[name].grantRead(fn);
  if (access.userPoolAdmin) {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: USER_POOL_ADMIN_ACTIONS, resources: [resources.userPoolArn] }),
    );
  }
  if (access.sendsMail && resources.mailIdentities.length > 0) {
    const stack = Stack.of(scope);
    const identityArns = resources.mailIdentities.map((identity) =>
      Arn.format({ service: 'ses', resource: 'identity', resourceName: identity }, stack),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: identityArns }));
  }
  return fn;
}
