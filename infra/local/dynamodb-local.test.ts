import { describe, expect, it } from 'vitest';
import { OrphanGuard } from './child-processes';
import { dynamoDbLocalArgs, startDynamoDbLocal } from './dynamodb-local';
import { PrerequisiteError } from './preflight';

describe('DynamoDB Local on loopback only', () => {
  it('always starts through the launcher that binds 127.0.0.1, never the jar’s own every-interface launcher', async () => {
    const { args } = await dynamoDbLocalArgs(8000, '/tmp/db');
    expect(args).not.toContain('-jar');
    expect(args.some((arg) => arg.endsWith('loopback-dynamodb-local.java'))).toBe(true);
  });

  it('refuses to start on a Java runtime that cannot run the launcher, rather than listen on every interface', async () => {
    const guard = new OrphanGuard();
    try {
      await expect(
        startDynamoDbLocal({
          port: 1,
          dataDir: '/tmp/wayfarer-never-used',
          logDir: '/tmp/wayfarer-never-used',
          java: 'java',
          loopbackOnly: false,
          region: 'eu-west-1',
          guard,
        }),
      ).rejects.toBeInstanceOf(PrerequisiteError);
    } finally {
      await guard.close();
    }
  });
});
