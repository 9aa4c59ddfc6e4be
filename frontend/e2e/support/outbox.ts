import type { APIRequestContext } from '@playwright/test';

export interface OutboxMail {
  readonly to: string;
  readonly subject: string;
  readonly link: string | null;
}

/**
 * The shared local cloud's mail outbox, read on its local port (E2E_LOCAL_ROUTES_PORT, playwright.config.ts): the
 * gateway serves `/__local/` only to direct connections, and the suite's runner is the proxy it believes.
 */
export async function sharedOutbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const port = process.env.E2E_LOCAL_ROUTES_PORT;
  if (!port) throw new Error('E2E_LOCAL_ROUTES_PORT is not set: run the suite through playwright.config.ts');
  const answer = await request.get(`http://127.0.0.1:${port}/__local/outbox`);
  if (!answer.ok()) throw new Error(`The outbox answered ${answer.status()}`);
  return (await answer.json()) as OutboxMail[];
}
