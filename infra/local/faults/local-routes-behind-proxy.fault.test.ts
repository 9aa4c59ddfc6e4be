import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './fault-cloud';
import { serveApp, type ServedApp } from '../served-app';
import { freePort } from '../free-port';

// `npm run serve` (what `npm start` runs once the app is built) behind a reverse proxy on this machine, as a
// self-hosted instance behind nginx: TRUSTED_PROXIES=127.0.0.1 names it. Whatever Host the proxy passes on (nginx's
// default is the upstream's own, localhost:PORT) and whether or not it adds X-Forwarded-For, nobody reaches
// `/__local/` through it; the mail still lands in the outbox, on the local port.

const PASSWORD = 'Travel!2024x';

let app: ServedApp | undefined;
let port: number;
let localRoutesPort: number;
let proxy: Server;
let proxyUrl: string;

/** nginx's `proxy_pass http://localhost:PORT`: Host becomes the upstream's; X-Forwarded-For when configured. */
function reverseProxy(request: IncomingMessage, response: ServerResponse): void {
  const headers: Record<string, string | string[] | undefined> = {
    ...request.headers,
    host: `localhost:${port}`,
  };
  if (request.headers['x-test-no-forwarded-for'] === undefined) {
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
  }
  delete headers['x-test-no-forwarded-for'];
  const upstream = forward(
    { host: '127.0.0.1', port, method: request.method, path: request.url, headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
}

beforeAll(async () => {
  localRoutesPort = await freePort();
  app = await serveApp({
    env: {
      LOG_LEVEL: 'warn',
      LOCAL_ROUTES_PORT: String(localRoutesPort),
      TRUSTED_PROXIES: '127.0.0.1',
      RATE_LIMITS: 'off',
    },
  });
  port = app.port;
  proxy = createServer(reverseProxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  await until(
    'GET /api/health through the proxy answers 200',
    async () => (await fetch(`${proxyUrl}/api/health`)).status === 200,
  );
}, 180_000);

afterAll(async () => {
  proxy?.close();
  await app?.stop();
});

describe('npm start behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  it('refuses /__local/outbox through the proxy, with or without X-Forwarded-For; the reset mail is in the outbox on the local port', async () => {
    const email = `behind-proxy-${Date.now()}@example.com`;
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const registered = await fetch(
      `${proxyUrl}/api/auth/register`,
      json({ email, password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(registered.status).toBe(200);
    expect((await fetch(`${proxyUrl}/api/auth/forgot-password`, json({ email }))).status).toBe(200);

    const outbox = `http://127.0.0.1:${localRoutesPort}/__local/outbox`;
    const resetLink = async () => {
      const mails = (await (await fetch(outbox)).json()) as { to: string; link: string | null }[];
      return mails.find((mail) => mail.to === email && mail.link?.includes('/reset-password?token='))?.link;
    };
    await until('the reset mail reaches the outbox', async () => (await resetLink()) !== undefined, 20_000);

    const throughProxy = await fetch(`${proxyUrl}/__local/outbox`);
    expect(throughProxy.status).toBe(403);
    expect(await throughProxy.json()).toEqual({ error: 'Forbidden' });
    const withoutForwardedFor = await fetch(`${proxyUrl}/__local/outbox`, {
      headers: { 'x-test-no-forwarded-for': '1' },
    });
    expect(withoutForwardedFor.status).toBe(403);
    // The local checkout, which would hand out the Pro plan for nothing, is refused the same way.
    expect((await fetch(`${proxyUrl}/__local/checkout?session=cs_x`)).status).toBe(403);
  }, 60_000);
});
