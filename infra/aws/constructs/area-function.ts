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
import { accessForArea, type SecretName } from '../area-access';
import type { FunctionEnvironment } from '../function-environment';
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
 * setting the password on reset (iam-policies.test.ts compares the two). RevokeToken needs no IAM permission:
 * it is the client secret that authorises it.
 */
export const USER_POOL_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminSetUserPassword',
];

/*
 * Exactly the DynamoDB calls lambdas/adapters/aws makes (iam-policies.test.ts maps its commands to these):
 * GetItem, Query and DescribeTable (health) to read; PutItem, UpdateItem and DeleteItem to write, which
 * TransactWriteItems also needs for its Put and Update parts. Granted on the table and its one index by name,
 * not `index/*` as the table's grant helpers would.
 */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:DescribeTable'];
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

function tableStatement(table: ITableV2, access: 'read' | 'readWrite'): PolicyStatement {
  return new PolicyStatement({
    actions: access === 'readWrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
    resources: [
      table.tableArn,
      ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
    ],
  });
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
  });

  if (access.table !== 'none') fn.addToRolePolicy(tableStatement(resources.table, access.table));
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
