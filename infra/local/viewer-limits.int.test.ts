import { Agent, request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_RATE_LIMITS } from '@wayfarer/shared/api/rate-limits';
import { VIEWER_ADDRESS_HEADER } from '@wayfarer/shared/api/viewer-headers';
import { createGateway } from './gateway';
import { listenOnLoopback, type Listening } from './loopback';
import type { HandlerFunction } from './lambda-runtime';
import { quietLogger } from './log';
import { createStaticSite } from './static-site';
import { createViewerRateLimiter, viewerAddressOf, type ViewerLimitOptions } from './viewer-limits';

// The per-viewer limits of shared/api/rate-limits.ts in the local gateway, over stand-in handlers.
const seen: APIGatewayProxyEvent[] = [];
const answer: HandlerFunction = async (event) => {
  seen.push(event as APIGatewayProxyEvent);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
};

let folder: string;
const servers: Listening[] = [];

async function gateway(viewerLimits?: ViewerLimitOptions): Promise<string> {
  const listening = await listenOnLoopback(
    createGateway({
      staticSite: createStaticSite({ webRoot: folder, localesDir: folder }),
      localRoutes: [],
      isReady: () => true,
      log: quietLogger('gateway'),
      loadHandler: async () => answer,
      viewerLimits,
    }),
    0,
    // Every 127.0.0.0/8 address reaches a server on 127.0.0.1 only if it listens on all of them: listen on
    // 127.0.0.1 and let the clients bind 127.0.0.1 and 127.0.0.2 (Linux routes the whole /8 to loopback).
    '127.0.0.1',
  );
  servers.push(listening);
  return listening.url;
}

/** A POST from a given local address, as a second client on the same machine would send it. */
function post(
  base: string,
  pathname: string,
  from: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; retryAfter?: string }> {
  const agent = new Agent({ localAddress: from, keepAlive: false });
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      `${base}${pathname}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    call.on('error', reject);
    call.end('{"text":"ten euros","targetCurrency":"USD"}');
  });
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'wayfarer-viewer-limits-'));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await rm(folder, { recursive: true, force: true });
});

describe('the local gateway’s per-viewer limits', () => {
  it('a viewer over the analysis class’s limit gets 429 with the class’s message, and a second viewer is not affected', async () => {
    const base = await gateway();
    const limit = VIEWER_RATE_LIMITS.analysis.requests;
    const statuses: number[] = [];
    for (let call = 0; call < limit; call++) {
      statuses.push((await post(base, '/api/analysis/prices', '127.0.0.1')).status);
    }
    const refused = await post(base, '/api/analysis/prices', '127.0.0.1');
    const other = await post(base, '/api/analysis/prices', '127.0.0.2');

    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ error: 'error_rate_limit' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(other.status).toBe(200);
    // Another class has a budget of its own.
    expect((await post(base, '/api/analytics/track', '127.0.0.1')).status).toBe(200);
  });

  it('RATE_LIMITS=off admits every call', async () => {
    const base = await gateway({ rateLimits: 'off' });
    const statuses = new Set<number>();
    for (let call = 0; call <= VIEWER_RATE_LIMITS['password-reset'].requests; call++) {
      statuses.add((await post(base, '/api/auth/reset-password', '127.0.0.1')).status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('the viewer is the connection’s address, whatever X-Forwarded-For or CloudFront-Viewer-Address the client sends', async () => {
    const base = await gateway();
    seen.length = 0;
    await post(base, '/api/analytics/track', '127.0.0.2', {
      'x-forwarded-for': '203.0.113.9',
      'cloudfront-viewer-address': '203.0.113.9:443',
    });
    const event = seen.at(-1)!;
    expect(event.requestContext.identity.sourceIp).toBe('127.0.0.2');
    const viewerHeader = Object.entries(event.headers).find(
      ([name]) => name.toLowerCase() === VIEWER_ADDRESS_HEADER,
    );
    expect(viewerHeader?.[1]).toMatch(/^127\.0\.0\.2:\d+$/);
  });
});

function fakeRequest(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('viewerAddressOf', () => {
  it('believes X-Forwarded-For only from a proxy the operator named, and then its last entry no trusted proxy added', () => {
    expect(viewerAddressOf(fakeRequest('198.51.100.1', '203.0.113.9'))).toBe('198.51.100.1');
    expect(viewerAddressOf(fakeRequest('10.0.0.2', 'forged, 203.0.113.9'), ['10.0.0.2'])).toBe('203.0.113.9');
    expect(viewerAddressOf(fakeRequest('10.0.0.2', '203.0.113.9, 10.0.0.3'), ['10.0.0.2', '10.0.0.3'])).toBe(
      '203.0.113.9',
    );
    expect(viewerAddressOf(fakeRequest('::ffff:10.0.0.2'), ['10.0.0.2'])).toBe('10.0.0.2');
  });
});

describe('createViewerRateLimiter', () => {
  it('counts IPv6 viewers of one /64 together', () => {
    const limiter = createViewerRateLimiter({ now: () => 0 });
    const route = { rateLimitClass: 'password-reset' } as const;
    const limit = VIEWER_RATE_LIMITS['password-reset'].requests;
    for (let call = 0; call < limit; call++)
      expect(limiter.admit(route, `2001:db8:1:2::${call + 1}`)).toBeUndefined();
    expect(limiter.admit(route, '2001:db8:1:2:ffff::1')?.status).toBe(429);
    expect(limiter.admit(route, '2001:db8:1:3::1')).toBeUndefined();
  });

  it('admits a viewer again once its window has moved on', () => {
    let now = 0;
    const limiter = createViewerRateLimiter({ now: () => now });
    const route = { rateLimitClass: 'password-reset' } as const;
    const { requests, windowSeconds } = VIEWER_RATE_LIMITS['password-reset'];
    for (let call = 0; call < requests; call++) limiter.admit(route, '198.51.100.1');
    expect(limiter.admit(route, '198.51.100.1')?.retryAfterSeconds).toBe(windowSeconds);
    now = windowSeconds * 1000 + 1;
    expect(limiter.admit(route, '198.51.100.1')).toBeUndefined();
  });
});
