import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable, userProfileKey } from '@wayfarer/lambdas/adapters/aws/table';
import { PortInUseError } from './loopback';
import { startLocalCloud, type LocalCloud } from './local-cloud';
import { PrerequisiteError } from './preflight';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-lifecycle-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function tableOf(cloud: LocalCloud) {
  const client = new DynamoDBClient({
    endpoint: cloud.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: cloud.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { table: createTable(DynamoDBDocumentClient.from(client), cloud.env.TABLE_NAME as string), client };
}

function cognitoOf(cloud: LocalCloud) {
  return new CognitoIdentityProviderClient({
    endpoint: cloud.cognito.endpoint,
    region: cloud.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

describe('startLocalCloud', () => {
  it('keeps table records and users across a stop and a start on the same DATA_DIR', async () => {
    const email = 'persist@example.com';
    // No local sockets: what persists is the table, the users and the secrets, and the speech model is no part of
    // them (its wait at start-up is the next test's, and the e2e suite's).
    const first = await startLocalCloud({ port: 0, host: '127.0.0.1', dataDir, sockets: [] });
    const firstSecret = first.env.IP_HASH_SECRET;
    const firstClientSecret = first.env.COGNITO_CLIENT_SECRET;
    try {
      const { table, client } = tableOf(first);
      await table.put({ ...userProfileKey('persisted-sub'), email, subscriptionStatus: 'none' });
      client.destroy();
      const cognito = cognitoOf(first);
      await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: first.cognito.userPoolId,
          Username: email,
          UserAttributes: [{ Name: 'email', Value: email }],
          MessageAction: 'SUPPRESS',
        }),
      );
      cognito.destroy();
    } finally {
      await first.stop();
    }

    const second = await startLocalCloud({ port: 0, host: '127.0.0.1', dataDir, sockets: [] });
    try {
      const { table, client } = tableOf(second);
      expect(await table.get(userProfileKey('persisted-sub'))).toMatchObject({ email, subscriptionStatus: 'none' });
      client.destroy();
      const cognito = cognitoOf(second);
      const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: second.cognito.userPoolId, Username: email }));
      cognito.destroy();
      expect(user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value).toBe(email);
      expect(second.env.IP_HASH_SECRET).toBe(firstSecret);
      // The app client keeps its secret, as a Cognito client does: sessions signed in before a restart still refresh.
      expect(second.env.COGNITO_CLIENT_SECRET).toMatch(/^[0-9a-f]{48}$/);
      expect(second.env.COGNITO_CLIENT_SECRET).toBe(firstClientSecret);
      await second.whenReady();
      const health = await fetch(`${second.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await second.stop();
    }
    // Two full starts and stops: on a busy 2-core machine that alone can pass the default 30 s.
  }, 120_000);

  it('answers /api/health with 503 until every local socket has loaded its model, then 200', async () => {
    let loaded!: () => void;
    const modelLoaded = new Promise<void>((resolve) => (loaded = resolve));
    const slowSocket = () => ({ handleUpgrade: () => false, ready: () => modelLoaded, close: async () => {} });
    const cloud = await startLocalCloud({ port: 0, host: '127.0.0.1', dataDir, sockets: [slowSocket] });
    try {
      expect((await fetch(`${cloud.url}/api/health`)).status).toBe(503);
      loaded();
      await cloud.whenReady();
      expect((await fetch(`${cloud.url}/api/health`)).status).toBe(200);
    } finally {
      await cloud.stop();
    }
  }, 60_000);

  it('still serves when a local socket fails to load its model (that feature alone is lost)', async () => {
    const brokenSocket = () => ({
      handleUpgrade: () => false,
      ready: () => Promise.reject(new Error('model files missing')),
      close: async () => {},
    });
    const cloud = await startLocalCloud({ port: 0, host: '127.0.0.1', dataDir, sockets: [brokenSocket] });
    try {
      await cloud.whenReady();
      expect((await fetch(`${cloud.url}/api/health`)).status).toBe(200);
    } finally {
      await cloud.stop();
    }
  }, 60_000);

  it('fails at once with a clear message when the port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const started = Date.now();
      const attempt = startLocalCloud({ port, host: '127.0.0.1', dataDir });
      await expect(attempt).rejects.toThrow(PortInUseError);
      await expect(attempt).rejects.toThrow(new RegExp(`Port ${port} .* already in use`));
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('fails at once with a clear message when Java is missing', async () => {
    const saved = process.env.JAVA_HOME;
    process.env.JAVA_HOME = path.join(dataDir, 'no-java-here');
    try {
      const attempt = startLocalCloud({ port: 0, host: '127.0.0.1', dataDir });
      await expect(attempt).rejects.toThrow(PrerequisiteError);
      await expect(attempt).rejects.toThrow(/Java was not found/);
    } finally {
      if (saved === undefined) delete process.env.JAVA_HOME;
      else process.env.JAVA_HOME = saved;
    }
  });
});
