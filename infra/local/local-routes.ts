/**
 * Routes that exist only in the local cloud, under `/__local/` (docs/TESTIDS.md, "Local run contract"): the mail
 * outbox, and the pages standing in for Stripe Checkout and the customer portal. Production has no such
 * paths. The issues that own those stand-ins add their entries here; the gateway serves whatever this lists.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createSpeechEngine } from './speech/speech-engine';
import { createLocalSpeechKeyVerifier, localSpeechKeySecret } from '@wayfarer/lambdas/adapters/local/speech-keys';
import { getConfig } from '@wayfarer/lambdas/config';
import { createSpeechSocket } from './speech-socket';
import { mailOutboxRoutes } from './mail-outbox';
import { checkoutRoutes } from './billing/checkout-pages';

export const LOCAL_ROUTE_PREFIX = '/__local/';

export interface LocalRoute {
  readonly method: 'GET' | 'POST';
  /** Exact path, starting with LOCAL_ROUTE_PREFIX. */
  readonly path: string;
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> | void;
}

export const localRoutes: readonly LocalRoute[] = [...mailOutboxRoutes, ...checkoutRoutes];

/** A WebSocket endpoint on the gateway's port (the local speech socket of docs/TESTIDS.md's local run contract). */
export interface LocalSocket {
  /** For the gateway's `upgrade` event: false, touching nothing, when the request is not for this socket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Resolves once the endpoint can serve (its model loaded); /api/health answers 503 until then. */
  ready(): Promise<void>;
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
    const socket = createSpeechSocket({ verifyKey: localSpeechKeyVerifier(), engine });
    return {
      handleUpgrade: (request, stream, head) => socket.handleUpgrade(request, stream, head),
      ready: () => engine.ready(),
      close: async () => {
        await socket.close();
        await engine.close();
      },
    };
  },
];

/**
 * Accepts the keys GET /api/deepgram/key signs (lambdas/adapters/local/speech-keys.ts), until they expire.
 * Built on the first connection, from the same configuration the handlers read.
 */
function localSpeechKeyVerifier(): (key: string) => Promise<boolean> {
  let verifier: Promise<(key: string) => boolean> | undefined;
  return async (key) => {
    verifier ??= getConfig().then(({ IP_HASH_SECRET }) =>
      // Without the secret no key can be genuine: refuse them all rather than accept any.
      IP_HASH_SECRET === undefined
        ? () => false
        : createLocalSpeechKeyVerifier({ secret: localSpeechKeySecret(IP_HASH_SECRET) }),
    );
    return (await verifier)(key);
  };
}
