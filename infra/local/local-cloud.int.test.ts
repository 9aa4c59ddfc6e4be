import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cloud = inject('localCloud');

describe('the local cloud started by the integration global setup', () => {
  it('gives test workers its environment', () => {
    expect(process.env.LOCAL_CLOUD_URL).toBe(cloud.url);
    for (const name of [
      'AWS_ENDPOINT_URL_DYNAMODB',
      'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
      'AWS_ENDPOINT_URL_EVENTBRIDGE',
      'AWS_REGION',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'TABLE_NAME',
      'COGNITO_USER_POOL_ID',
      'COGNITO_CLIENT_ID',
      'IP_HASH_SECRET',
    ]) {
      expect(process.env[name], name).toBe(cloud.env[name]);
    }
    expect(cloud.userPoolId).toMatch(/^us-east-1_[A-Za-z0-9]+$/);
  });

  it('answers GET /api/health with 200 {ok: true}', async () => {
    const response = await fetch(`${cloud.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('serves GET /locales/en/translation.json as JSON', async () => {
    const response = await fetch(`${cloud.url}/locales/en/translation.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const expected: unknown = JSON.parse(
      await readFile(path.join(REPO_ROOT, 'locales/en/translation.json'), 'utf8'),
    );
    expect(await response.json()).toEqual(expected);
  });

  it('answers an unknown page with the SPA (which renders its own 404 page)', async () => {
    const response = await fetch(`${cloud.url}/nope`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-type')).toContain('text/html');
    const indexFile = path.join(REPO_ROOT, 'frontend/dist/index.html');
    if (existsSync(indexFile)) {
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(await readFile(indexFile, 'utf8'));
    } else {
      // Vitest can run before `npm run build:web`: then the page says how to build the app.
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build:web');
    }
  });

  it('answers an unknown API path with 404 {error}', async () => {
    const response = await fetch(`${cloud.url}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  const postRoutes = routes.filter((route) => route.method === 'POST');
  const malformedJson = (route: (typeof postRoutes)[number]) =>
    fetch(`${cloud.url}${route.path.replace(/\{[^}]+\}/g, 'openai')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text": "unterminated',
    });

  const jsonRoutes = postRoutes.filter((route) => route.bodyKind === 'json');
  it.each(jsonRoutes.filter((route) => route.auth !== 'required').map((route) => [route.id, route] as const))(
    'answers a malformed JSON body to %s with 400 {error}',
    async (_id, route) => {
      const response = await malformedJson(route);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    },
  );

  // A signed-in route checks the caller before the body, so a stranger learns nothing of its schema.
  it.each(jsonRoutes.filter((route) => route.auth === 'required').map((route) => [route.id, route] as const))(
    'answers a malformed JSON body to %s without a token with 401 {error}',
    async (_id, route) => {
      const response = await malformedJson(route);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    },
  );

  // Routes that take no JSON (no body, multipart, signed raw bytes) may refuse it for their own reason
  // (401, 413, 415 ...), but never with a server error.
  it.each(postRoutes.filter((route) => route.bodyKind !== 'json').map((route) => [route.id, route] as const))(
    'refuses a malformed JSON body to %s with a 4xx {error}',
    async (_id, route) => {
      const response = await malformedJson(route);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    },
  );
});

/** Any address of this machine that is not loopback (undefined on a machine with none). */
function outwardAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((candidate) => candidate && candidate.family === 'IPv4' && !candidate.internal)?.address;
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the local cloud on this machine only', () => {
  it.skipIf(outwardAddress() === undefined)(
    'every server it starts listens on loopback only: none answers on the machine’s network address',
    async () => {
      const address = outwardAddress()!;
      const endpoints = [
        cloud.url,
        cloud.env['AWS_ENDPOINT_URL_DYNAMODB'],
        cloud.env['AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'],
        cloud.env['AWS_ENDPOINT_URL_EVENTBRIDGE'],
        cloud.env['LOCAL_ROUTES_URL'],
      ];
      for (const endpoint of endpoints) {
        const port = Number(new URL(endpoint!).port);
        expect(await connects('127.0.0.1', port), endpoint).toBe(true);
        expect(await connects(address, port), `${endpoint} on ${address}`).toBe(false);
      }
    },
  );

  it('answers /__local/ only on the configured host names, so a rebound DNS name cannot read the outbox', async () => {
    const port = new URL(cloud.url).port;
    expect(await getWithHost(`${cloud.url}/__local/outbox`, `127.0.0.1:${port}`)).toBe(200);
    expect(await getWithHost(`${cloud.url}/__local/outbox`, `localhost:${port}`)).toBe(200);
    expect(await getWithHost(`${cloud.url}/__local/outbox`, `rebound.attacker.example:${port}`)).toBe(403);
    expect(await getWithHost(`${cloud.url}/__local/outbox`, `127.0.0.1.nip.io:${port}`)).toBe(403);
  });

  it('answers the local port only on the configured host names too', async () => {
    const local = cloud.env['LOCAL_ROUTES_URL']!;
    const port = new URL(local).port;
    expect(await getWithHost(`${local}/__local/outbox`, `localhost:${port}`)).toBe(200);
    expect(await getWithHost(`${local}/__local/outbox`, `rebound.attacker.example:${port}`)).toBe(403);
    expect(await getWithHost(`${local}/api/health`, `localhost:${port}`)).toBe(404);
  });
});
