/**
 * Vitest globalSetup for the 'integration' project: one local cloud for the whole run, on a free port with a
 * fresh data folder, stopped (and its folder removed) at the end. Its environment (AWS_ENDPOINT_URL_*,
 * TABLE_NAME, credentials, region, LOCAL_CLOUD_URL, ...) is set in this process before any worker starts,
 * and workers inherit it; the same values are also available through `inject('localCloud')`.
 *
 * The suite does not wait for the speech model: each local socket (the speech relay, local-routes.ts) is built on the first
 * WebSocket upgrade, so the model loads only in a run whose tests connect to /v1/listen, and a test that decodes
 * speech waits for it inside that call. The real wait for the model at start-up (GET /api/health 503 until it is
 * loaded) is held by local-cloud-lifecycle.int.test.ts with a stand-in socket and by the e2e suite's start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../local-cloud';
import { localSockets, type LocalSocket } from '../local-routes';

export interface ProvidedLocalCloud {
  readonly url: string;
  readonly env: Readonly<Record<string, string>>;
  readonly userPoolId: string;
  readonly clientId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: ProvidedLocalCloud;
  }
}

/** A local socket that is built, and starts loading its model, on the first upgrade the gateway offers it. */
function builtOnFirstUpgrade(create: () => LocalSocket): () => LocalSocket {
  return () => {
    let socket: LocalSocket | undefined;
    return {
      handleUpgrade: (request, stream, head) => (socket ??= create()).handleUpgrade(request, stream, head),
      ready: () => Promise.resolve(),
      close: async () => socket?.close(),
    };
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-integration-'));
  // For the same reason the run's files may open more accounts than one network may in a day: the limit has its
  // own tests (lambdas/functions/auth/service.int.test.ts), over the auth service with the default.
  process.env.ACCOUNTS_PER_VIEWER_GROUP ??= '1000';
  // Every test file calls from 127.0.0.1: the per-viewer limits would count the whole run as one viewer. They
  // have their own tests (infra/local/viewer-limits.int.test.ts) on a gateway of their own.
  const cloud = await startLocalCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    viewerLimits: { rateLimits: 'off' },
    sockets: localSockets.map(builtOnFirstUpgrade),
  });
  await cloud.whenReady();
  project.provide('localCloud', {
    url: cloud.url,
    env: cloud.env,
    userPoolId: cloud.cognito.userPoolId,
    clientId: cloud.cognito.clientId,
  });
  return async () => {
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
