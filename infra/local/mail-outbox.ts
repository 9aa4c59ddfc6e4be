/**
 * The local stand-in for SES: the unmodified SESv2 client (AWS_ENDPOINT_URL_SESV2 points here) sends its
 * SendEmail call to this gateway, and the mail lands in an outbox listed at GET /__local/outbox (docs/TESTIDS.md,
 * local run contract) instead of anyone's inbox. The outbox lives in memory: it is for the run at hand.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalRoute } from '@wayfarer/engines/engine';

// Spelled out rather than built from LOCAL_ROUTE_PREFIX: local-routes.ts imports this module to list them.
/** What the SDK is told is SES's endpoint; it appends SES's own path (/v2/email/outbound-emails). */
export const LOCAL_SES_PATH = '/__local/ses';
export const OUTBOX_PATH = '/__local/outbox';

const MAX_KEPT = 200;
const MAX_BODY_BYTES = 256 * 1024;

export interface OutboxMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The first link in the text (a reset link), or null. */
  readonly link: string | null;
  readonly sentAt: string;
}

const outbox: OutboxMail[] = [];

interface SendEmailBody {
  Destination?: { ToAddresses?: unknown };
  Content?: { Simple?: { Subject?: { Data?: unknown }; Body?: { Text?: { Data?: unknown } } } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('Mail too large for the local outbox');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** Records one SendEmail call (simple content only, which is all the app sends). */
export function recordSendEmail(body: SendEmailBody, sentAt = new Date()): OutboxMail | undefined {
  const recipients = body.Destination?.ToAddresses;
  const subject = body.Content?.Simple?.Subject?.Data;
  const text = body.Content?.Simple?.Body?.Text?.Data;
  if (!Array.isArray(recipients) || typeof subject !== 'string' || typeof text !== 'string') return undefined;
  const link = /https?:\/\/\S+/.exec(text)?.[0] ?? null;
  let latest: OutboxMail | undefined;
  for (const to of recipients) {
    if (typeof to !== 'string') continue;
    latest = { to, subject, text, link, sentAt: sentAt.toISOString() };
    outbox.unshift(latest);
  }
  outbox.splice(MAX_KEPT);
  return latest;
}

/** Newest first. */
export function outboxMail(): readonly OutboxMail[] {
  return [...outbox];
}

export const mailOutboxRoutes: readonly LocalRoute[] = [
  {
    method: 'POST',
    path: `${LOCAL_SES_PATH}/v2/email/outbound-emails`,
    async handle(request, response) {
      let body: SendEmailBody;
      try {
        body = JSON.parse(await readBody(request)) as SendEmailBody;
      } catch {
        return answer(response, 400, { message: 'Expected a SendEmail JSON body' });
      }
      if (!recordSendEmail(body)) return answer(response, 400, { message: 'Expected simple content' });
      answer(response, 200, { MessageId: randomUUID() });
    },
  },
  {
    method: 'GET',
    path: OUTBOX_PATH,
    handle(_request, response) {
      answer(response, 200, outboxMail());
    },
  },
];
