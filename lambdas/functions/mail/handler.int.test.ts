import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '@wayfarer/shared/events';
import { callApi, GOOD_PASSWORD, localCloudUrl, uniqueEmail } from '../../testing/local-cloud-api';
import { passwordResetRequested } from './handler';

// The password-reset consumer over DynamoDB Local and the SES outbox, called directly (the
// bus delivers at least once, so the same event may arrive twice).

const url = localCloudUrl();

function resetRequested(email: string, id = randomUUID()): EventBridgeEvent<string, unknown> {
  return {
    version: '0',
    id,
    'detail-type': 'password-reset.requested',
    source: EVENT_SOURCE,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail: { email },
  };
}

async function outboxFor(email: string): Promise<{ to: string; link: string | null }[]> {
  const response = await fetch(new URL('/__local/outbox', url));
  expect(response.status).toBe(200);
  return ((await response.json()) as { to: string; link: string | null }[]).filter(
    (mail) => mail.to === email,
  );
}

async function registered(label: string): Promise<string> {
  const email = uniqueEmail(label);
  const answer = await callApi(url, 'POST', '/api/auth/register', {
    json: { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return email;
}

describe('passwordResetRequested consumer', () => {
  it('mails one reset link when the bus delivers the same event twice', async () => {
    const email = await registered('redelivered');
    const event = resetRequested(email);

    await passwordResetRequested(event);
    await passwordResetRequested(event);

    const mail = await outboxFor(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.link).toMatch(/\/reset-password\?token=[\w-]{40,}$/);
  });

  it('sends nothing for an address without an account', async () => {
    const email = uniqueEmail('nobody');

    await passwordResetRequested(resetRequested(email));

    expect(await outboxFor(email)).toEqual([]);
  });

  it('mails a link whose token resets the password', async () => {
    const email = await registered('usable');

    await passwordResetRequested(resetRequested(email));

    const token = new URL((await outboxFor(email))[0]?.link ?? '').searchParams.get('token') ?? '';
    const reset = await callApi(url, 'POST', '/api/auth/reset-password', {
      json: { token, password: 'Voyage$2025y' },
    });
    expect(reset.status).toBe(200);
  });
});
