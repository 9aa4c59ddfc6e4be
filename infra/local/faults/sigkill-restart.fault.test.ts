import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaseStore } from '@wayfarer/lambdas/adapters/aws/lease-store';
import { createTable } from '@wayfarer/lambdas/adapters/aws/table';
import { tableDefinition } from '@wayfarer/lambdas/adapters/aws/table-definition';
import { usageDay } from '@wayfarer/lambdas/domain/allowance';
import { LOCAL_CREDENTIALS } from '../dynamodb-local';
import { freePort } from '../free-port';
import { serveApp, type ServedApp } from '../served-app';
import { call, listen, payCheckout, speakOnce, until } from './fault-cloud';

const PASSWORD = 'Travel!2024x';
let dataDir: string;
let port: number;
let server: ServedApp | undefined;

/** `npm run serve` (what `npm start` runs once the web app is built) on this test's port and DATA_DIR. */
function serve(): Promise<ServedApp> {
  return serveApp({ port, dataDir, env: { LOG_LEVEL: 'warn' }, timeoutMs: 150_000 });
}

async function ledgerOf(sub: string) {
  const ports = JSON.parse(await readFile(path.join(dataDir, 'ports.json'), 'utf8')) as { dynamodb: number };
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${ports.dynamodb}`,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    const table = createTable(DynamoDBDocumentClient.from(client), tableDefinition.localTableName);
    return await createLeaseStore(table).ledger(sub, usageDay(new Date()));
  } finally {
    client.destroy();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-sigkill-'));
  port = await freePort();
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start killed with SIGKILL mid-session', () => {
  it('started again on the same DATA_DIR, it has every account, usage record and subscription', async () => {
    const url = `http://127.0.0.1:${port}`;
    server = await serve();

    const email = `sigkill-${Date.now()}@example.com`;
    const registered = await call(url, 'POST', '/api/auth/register', {
      json: { email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status).toBe(200);
    const token = (registered.body as { token: string }).token;
    const sub = (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }
    ).sub;

    // A session spoken through the relay and closed, counted by the consumer; a subscription bought; then the next
    // session, open (its lease written) when the process dies.
    expect(await speakOnce(url, token, 1)).toMatchObject({ ticket: { status: 200 }, closeCode: 1000 });
    await payCheckout(url, token);
    const subscriptionBefore = await call(url, 'GET', '/api/stripe/subscription', { token });
    expect(subscriptionBefore.status).toBe(200);
    await until('the usage is counted', async () => (await ledgerOf(sub)).countedSeconds > 0);
    const ticket = await call(url, 'POST', '/api/speech/ticket', { token });
    expect(ticket.status).toBe(200);
    const open = await listen(url, (ticket.body as { ticket: string }).ticket);
    await open.accepted;
    const before = await ledgerOf(sub);
    expect(before.leases.filter((lease) => lease.closed === undefined)).toHaveLength(1);

    // SIGKILL to the whole group (the server and its children): no handler runs, nothing is flushed or stopped in order.
    await server.stop({ signal: 'SIGKILL' });

    server = await serve();

    const login = await call(url, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const again = (login.body as { token: string }).token;
    expect(await call(url, 'GET', '/api/stripe/subscription', { token: again })).toMatchObject({
      status: 200,
      body: subscriptionBefore.body,
    });
    const after = await ledgerOf(sub);
    expect(after.countedSeconds).toBe(before.countedSeconds);
    expect(after.leases).toEqual(before.leases);
    // The lease the killed session left open keeps the figure last written (the allowance charges it until its
    // time to live), and the next session is served and counted.
    expect(await speakOnce(url, again, 1)).toMatchObject({ ticket: { status: 200 }, closeCode: 1000 });
    await until(
      'the next session is counted',
      async () => (await ledgerOf(sub)).countedSeconds > after.countedSeconds,
    );
  });
});
