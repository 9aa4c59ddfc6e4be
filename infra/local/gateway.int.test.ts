import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, createLocalPortListener, isDirectLoopback } from './gateway';
import type { LocalRoute } from './local-routes';
import { listenOnLoopback, type Listening } from './loopback';
import {
  installAwsLambdaShim,
  type HandlerFunction,
  type HandlerRef,
  type LambdaResponseStream,
} from './lambda-runtime';
import { quietLogger } from './log';
import { createStaticSite } from './static-site';

interface AwsLambdaGlobal {
  streamifyResponse<T>(handler: T): T;
  HttpResponseStream: {
    from(stream: LambdaResponseStream, prelude: Record<string, unknown>): LambdaResponseStream;
  };
}

installAwsLambdaShim();
const awslambda = (globalThis as unknown as { awslambda: AwsLambdaGlobal }).awslambda;

const events: APIGatewayProxyEvent[] = [];
let releaseSecondChunk: () => void = () => undefined;

// Stand-ins for handler modules, keyed `<area>.<export>` as the route table names them.
const fakeHandlers: Record<string, HandlerFunction> = {
  'health.check': async () => ({
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"ok":true}',
  }),
  'analysis.prices': async (event) => {
    events.push(event as APIGatewayProxyEvent);
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      multiValueHeaders: { 'set-cookie': ['a=1', 'b=2'] },
      body: JSON.stringify({ echoed: (event as APIGatewayProxyEvent).body }),
    };
  },
  'vision.translateImage': async (event) => {
    events.push(event as APIGatewayProxyEvent);
    return { statusCode: 200, body: Buffer.from('binary!').toString('base64'), isBase64Encoded: true };
  },
  'analysis.emergency': async () => ({ status: 'not a proxy result' }),
  'translate.stream': awslambda.streamifyResponse(async (_event: unknown, stream: LambdaResponseStream) => {
    const body = awslambda.HttpResponseStream.from(stream, {
      statusCode: 201,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-test': 'yes' },
    });
    body.write('0:"first"\n');
    await new Promise<void>((resolve) => {
      releaseSecondChunk = resolve;
    });
    await pipeline(Readable.from(['0:"second"\n']), body);
  }) as HandlerFunction,
};

async function fakeLoad(ref: HandlerRef): Promise<HandlerFunction> {
  const handler = fakeHandlers[`${ref.area}.${ref.export}`];
  if (!handler) throw new Error(`no fake for ${ref.area}.${ref.export}`);
  return handler;
}

let server: Listening;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'wayfarer-gateway-'));
  const webRoot = path.join(folder, 'dist');
  const localesDir = path.join(folder, 'locales');
  await mkdir(path.join(webRoot, 'assets'), { recursive: true });
  await mkdir(path.join(localesDir, 'en'), { recursive: true });
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>spa</title>');
  await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(webRoot, 'robots.txt'), 'User-agent: *');
  await writeFile(path.join(localesDir, 'en', 'translation.json'), '{"hello":"Hello"}');
  await writeFile(path.join(folder, 'secret.json'), '{"secret":true}');
  const gateway = createGateway({
    staticSite: createStaticSite({ webRoot, localesDir }),
    localRoutes: [],
    isReady: () => true,
    log: quietLogger('gateway'),
    loadHandler: fakeLoad,
  });
  server = await listenOnLoopback(gateway, 0, '127.0.0.1');
});

afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

describe('gateway /api', () => {
  it('passes a buffered handler result through, headers and cookies included', async () => {
    const response = await fetch(`${server.url}/api/analysis/prices?x=1&x=2&y=3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Custom': 'kept' },
      body: '{"text":"5 euros"}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ echoed: '{"text":"5 euros"}' });
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('builds an API Gateway REST proxy event from the request', async () => {
    const event = events.at(-1) as APIGatewayProxyEvent;
    expect(event.httpMethod).toBe('POST');
    expect(event.resource).toBe('/api/analysis/prices');
    expect(event.path).toBe('/api/analysis/prices');
    expect(event.queryStringParameters).toEqual({ x: '2', y: '3' });
    expect(event.multiValueQueryStringParameters).toEqual({ x: ['1', '2'], y: ['3'] });
    expect(event.headers['X-Custom']).toBe('kept');
    expect(event.multiValueHeaders['X-Custom']).toEqual(['kept']);
    expect(event.isBase64Encoded).toBe(false);
    expect(event.pathParameters).toBeNull();
    expect(event.requestContext.identity.sourceIp).toBe('127.0.0.1');
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.requestContext.resourcePath).toBe('/api/analysis/prices');
  });

  it('hands multipart bodies over base64-encoded and decodes a base64 result', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([0, 255, 1, 2])], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${server.url}/api/vision/translate-image`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('binary!');
    const event = events.at(-1) as APIGatewayProxyEvent;
    expect(event.isBase64Encoded).toBe(true);
    const raw = Buffer.from(event.body ?? '', 'base64');
    expect(raw.includes(Buffer.from([0, 255, 1, 2]))).toBe(true);
  });

  it('streams a response: prelude becomes status and headers, chunks arrive as written', async () => {
    const response = await fetch(`${server.url}/api/translate`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-test')).toBe('yes');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    // The second chunk is held back until the first has reached the client.
    expect(Buffer.from(first.value ?? []).toString()).toBe('0:"first"\n');
    releaseSecondChunk();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += Buffer.from(value).toString();
    }
    expect(rest).toBe('0:"second"\n');
  });

  it('answers 502 {error} when a handler returns something that is not a proxy result', async () => {
    const response = await fetch(`${server.url}/api/analysis/emergency`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 404 {error} for an unknown API path and 405 {error} for a wrong method', async () => {
    const missing = await fetch(`${server.url}/api/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found' });
    const wrongMethod = await fetch(`${server.url}/api/health`, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    expect(await wrongMethod.json()).toEqual({ error: expect.any(String) });
  });

  it('refuses bodies over API Gateway’s 10 MB limit with 413 {error}', async () => {
    const response = await fetch(`${server.url}/api/analysis/prices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('refuses an oversized chunked upload too, which announces no length', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.url}/api/analysis/prices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });
});

describe('gateway static site', () => {
  it('serves index.html for client routes, without caching', async () => {
    const response = await fetch(`${server.url}/some/client/route`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>spa</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('referrer-policy')).toBeTruthy();
  });

  it('serves fingerprinted assets with a long cache and their content type', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps a 404 for a missing asset instead of answering with the app', async () => {
    const response = await fetch(`${server.url}/assets/missing-123.js`);
    expect(response.status).toBe(404);
  });

  it('serves locale files and refuses anything outside the pattern', async () => {
    const found = await fetch(`${server.url}/locales/en/translation.json`);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ hello: 'Hello' });
    const missing = await fetch(`${server.url}/locales/xx/translation.json`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found' });
    for (const sneaky of [
      '/locales/..%2Fsecret.json',
      '/locales/en/..%2F..%2Fsecret.json',
      '/locales/EN/x.json',
    ]) {
      const response = await fetch(`${server.url}${sneaky}`);
      expect(response.status).toBe(404);
    }
  });

  it('never serves files outside the web root', async () => {
    const response = await fetch(`${server.url}/..%2Fsecret.json`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('secret');
  });

  it('answers a repeat request with 304 when the ETag still matches', async () => {
    const first = await fetch(`${server.url}/robots.txt`);
    const etag = first.headers.get('etag') ?? '';
    const second = await fetch(`${server.url}/robots.txt`, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
  });
});

describe('gateway without a built app', () => {
  it('says how to build it', async () => {
    const gateway = createGateway({
      staticSite: createStaticSite({ webRoot: path.join(folder, 'no-dist'), localesDir: folder }),
      localRoutes: [],
      isReady: () => false,
      log: quietLogger('gateway'),
      loadHandler: fakeLoad,
    });
    const bare = await listenOnLoopback(gateway, 0, '127.0.0.1');
    try {
      const page = await fetch(`${bare.url}/`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('npm run build:web');
      const starting = await fetch(`${bare.url}/api/health`);
      expect(starting.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

/** GET with the given headers (Host included, which fetch would not send as given); the status. */
function getWith(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const OUTBOX: LocalRoute = {
  method: 'GET',
  path: '/__local/outbox',
  handle: (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[]');
  },
};

async function gatewayTrusting(trustedProxies: readonly string[]): Promise<Listening> {
  const gateway = createGateway({
    staticSite: createStaticSite({
      webRoot: path.join(folder, 'dist'),
      localesDir: path.join(folder, 'locales'),
    }),
    localRoutes: [OUTBOX],
    isReady: () => true,
    log: quietLogger('gateway'),
    loadHandler: fakeLoad,
    viewerLimits: { rateLimits: 'off', trustedProxies },
  });
  return listenOnLoopback(gateway, 0, '127.0.0.1');
}

describe('gateway /__local/: direct loopback connections only, never through a proxy', () => {
  it('serves a direct loopback connection', async () => {
    const direct = await gatewayTrusting([]);
    try {
      expect(await getWith(`${direct.url}/__local/outbox`, { host: `localhost:${direct.port}` })).toBe(200);
    } finally {
      await direct.close();
    }
  });

  it('refuses a connection from a trusted proxy, even with Host: localhost, and still serves it /api', async () => {
    const proxied = await gatewayTrusting(['127.0.0.1']);
    try {
      expect(await getWith(`${proxied.url}/__local/outbox`, { host: `localhost:${proxied.port}` })).toBe(403);
      expect(await getWith(`${proxied.url}/__local/outbox`, { host: `127.0.0.1:${proxied.port}` })).toBe(403);
      expect(await getWith(`${proxied.url}/api/health`, { 'x-forwarded-for': '198.51.100.7' })).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a request carrying X-Forwarded-For through the proxy, and from a proxy nobody configured', async () => {
    const proxied = await gatewayTrusting(['127.0.0.1']);
    const unconfigured = await gatewayTrusting([]);
    try {
      for (const gateway of [proxied, unconfigured]) {
        const forwardings: Record<string, string>[] = [
          { 'x-forwarded-for': '127.0.0.1' },
          { forwarded: 'for=127.0.0.1' },
          { 'x-real-ip': '::1' },
        ];
        for (const forwarded of forwardings) {
          expect(
            await getWith(`${gateway.url}/__local/outbox`, {
              host: `localhost:${gateway.port}`,
              ...forwarded,
            }),
          ).toBe(403);
        }
      }
    } finally {
      await Promise.all([proxied.close(), unconfigured.close()]);
    }
  });

  it('refuses a peer that is not loopback', () => {
    const from = (remoteAddress: string | undefined) =>
      ({ socket: { remoteAddress }, headers: {} }) as unknown as IncomingMessage;
    expect(isDirectLoopback(from('127.0.0.1'))).toBe(true);
    expect(isDirectLoopback(from('::ffff:127.0.0.1'))).toBe(true);
    expect(isDirectLoopback(from('::1'))).toBe(true);
    expect(isDirectLoopback(from('::1'), ['::1'])).toBe(false);
    expect(isDirectLoopback(from('192.0.2.10'))).toBe(false);
    expect(isDirectLoopback(from('::ffff:192.0.2.10'))).toBe(false);
    expect(isDirectLoopback(from(undefined))).toBe(false);
  });

  it('the local port serves /__local/ alone, to loopback callers whatever they send, on its host names only', async () => {
    const local = await listenOnLoopback(
      createLocalPortListener({ localRoutes: [OUTBOX], log: quietLogger('gateway') }),
      0,
      '127.0.0.1',
    );
    try {
      const host = { host: `localhost:${local.port}` };
      expect(await getWith(`${local.url}/__local/outbox`, host)).toBe(200);
      expect(await getWith(`${local.url}/__local/outbox`, { ...host, 'x-forwarded-for': '10.1.2.3' })).toBe(
        200,
      );
      expect(await getWith(`${local.url}/__local/outbox`, { host: `rebound.example:${local.port}` })).toBe(
        403,
      );
      expect(await getWith(`${local.url}/api/health`, host)).toBe(404);
      expect(await getWith(`${local.url}/`, host)).toBe(404);
    } finally {
      await local.close();
    }
  });
});
