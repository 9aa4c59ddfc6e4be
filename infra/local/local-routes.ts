/**
 * Routes that exist only in the local cloud, under `/__local/` (TESTIDS.md, "Local run contract"): the mail
 * outbox, and the pages standing in for Stripe Checkout and the customer portal. Production has no such
 * paths. The issues that own those stand-ins add their entries here; the gateway serves whatever this lists.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createSpeechEngine } from './speech/speech-engine';
import { createSpeechSocket } from './speech-socket';
import { mailOutboxRoutes } from './mail-outbox';

export const LOCAL_ROUTE_PREFIX = '/__local/';

export interface LocalRoute {
  readonly method: 'GET' | 'POST';
  /** Exact path, starting with LOCAL_ROUTE_PREFIX. */
  readonly path: string;
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> | void;
}

export const localRoutes: readonly LocalRoute[] = [...mailOutboxRoutes];

/** A WebSocket endpoint on the gateway's port (the local speech socket of TESTIDS.md's local run contract). */
export interface LocalSocket {
  /** For the gateway's `upgrade` event: false, touching nothing, when the request is not for this socket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
}

/**
 * Factories for the WebSocket endpoints. They run once the handlers' environment is set (they may use the
 * same adapters as the handlers), and their sockets are closed when the local cloud stops. The speech
 * issue adds the Deepgram-protocol socket (speech-socket.ts) here.
 */
export const localSockets: readonly (() => LocalSocket)[] = [
  () => {
    // This local cloud's own engine, stopped with it: the process-wide one would keep its worker threads (and
    // the process) alive after `stop()`, which is what a test run's global teardown relies on.
    const engine = createSpeechEngine();
    const socket = createSpeechSocket({ verifyKey: verifyLocalSpeechKey, engine });
    return {
      handleUpgrade: (request, stream, head) => socket.handleUpgrade(request, stream, head),
      close: async () => {
        await socket.close();
        await engine.close();
      },
    };
  },
];

let localKeyVerifier: Promise<(key: string) => boolean> | undefined;

/**
 * Accepts the keys GET /api/deepgram/key signs (lambdas/adapters/local/speech-keys.ts), until they expire.
 * lambdas/config.ts reads the environment when first imported, so it is imported here, on the first
 * connection, long after the local cloud has set that environment, never when this module loads.
 */
async function verifyLocalSpeechKey(key: string): Promise<boolean> {
  localKeyVerifier ??= Promise.all([
    import('@wayfarer/lambdas/config'),
    import('@wayfarer/lambdas/adapters/local/speech-keys'),
  ]).then(([{ config }, keys]) => {
    const ipHashSecret = config.IP_HASH_SECRET;
    // Without the secret no key can be genuine: refuse them all rather than accept any.
    if (ipHashSecret === undefined) return () => false;
    return keys.createLocalSpeechKeyVerifier({ secret: keys.localSpeechKeySecret(ipHashSecret) });
  });
  return (await localKeyVerifier)(key);
}
