/**
 * Routes that exist only in the local cloud, under `/__local/` (TESTIDS.md, "Local run contract"): the mail
 * outbox, and the pages standing in for Stripe Checkout and the customer portal. Production has no such
 * paths. The issues that own those stand-ins add their entries here; the gateway serves whatever this lists.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
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
export const localSockets: readonly (() => LocalSocket)[] = [];
