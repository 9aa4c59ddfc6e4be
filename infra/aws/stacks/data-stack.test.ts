import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { tableDefinition } from '@wayfarer/lambdas/adapters/aws/table-definition';
import { secretKeys } from '../function-environment';
import { readStageConfig } from '../stage-config';
import { DataStack } from './data-stack';

// The data stack stands alone: synthesizing it directly keeps this file fast and lets it compare stages.
function synthData(stage: string): Template {
  const app = new App({ context: { stage } });
  return Template.fromStack(new DataStack(app, `Data-${stage}`, { stage: readStageConfig(app.node) }));
}

const dev = synthData('dev');
const prod = synthData('prod');

describe('data stack', () => {
  it('builds the single table from the shared definition: keys, gsi1, TTL and point-in-time recovery', () => {
    const [gsi] = tableDefinition.globalSecondaryIndexes;
    dev.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: gsi?.indexName,
          KeySchema: [
            { AttributeName: gsi?.partitionKey, KeyType: 'HASH' },
            { AttributeName: gsi?.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ],
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      BillingMode: 'PAY_PER_REQUEST',
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it('protects the prod table from deletion and retains it; dev can be torn down', () => {
    prod.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
    });
    prod.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain' });
    dev.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  });

  it('keeps provider keys, Stripe keys and the admin password hash in Secrets Manager, never in the template', () => {
    const secrets = Object.values(dev.findResources('AWS::SecretsManager::Secret'));
    // One per group of keys but the app client's (the auth stack keeps it beside its client; the relay's listen
    // key is a group), and the origin-verify value CloudFront, the API's web ACL and the relay's listener share.
    expect(secrets).toHaveLength(Object.keys(secretKeys).length - 1 + 1);
    for (const secret of secrets) {
      const value = (secret as { Properties: { SecretString?: string } }).Properties.SecretString;
      // Operator-filled secrets start as `{}` (the listen key's with its key, empty: ECS needs the key to start a
      // task); the generated ones have no SecretString at all.
      if (value === undefined) continue;
      expect(Object.values(JSON.parse(value) as Record<string, string>).every((entry) => entry === '')).toBe(true);
    }
  });
});
