/**
 * What an embedded engine gives the local cloud (docs/ENGINES.md, "Adding an engine"). An engine is one folder
 * under engines/ with an `engine.ts` exporting one `Engine`, and one line in register.ts. The Lambdas never
 * import an engine: they reach it only through the port it implements (lambdas' ports), which the local cloud
 * registers before it serves.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Capability } from '@wayfarer/lambdas/config';
import type { EmbeddedEngines } from '@wayfarer/lambdas/providers';

// Paths that exist only in the local cloud (docs/TESTIDS.md, "Local run contract"); defined in shared/ so the
// service worker's fallback (frontend/vite.config.ts) can leave them to the server.
export { LOCAL_ROUTE_PREFIX } from '@wayfarer/shared/api/server-paths';

export interface LocalRoute {
  readonly method: 'GET' | 'POST';
  /** Exact path, starting with LOCAL_ROUTE_PREFIX. */
  readonly path: string;
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> | void;
}

/** A WebSocket endpoint on the gateway's port (the local speech socket of docs/TESTIDS.md's local run contract). */
export interface LocalSocket {
  /** For the gateway's `upgrade` event: false, touching nothing, when the request is not for this socket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Resolves once the endpoint can serve (its model loaded); /api/health answers 503 until then. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface Engine<C extends Capability = Capability> {
  /** The capability whose `embedded` choice this engine serves. */
  readonly capability: C;
  /** The port implementation behind that choice, when the engine serves one through lambdas' providers. */
  readonly provider?: EmbeddedEngines[C];
  /** Local-only HTTP pages (Stripe's checkout stand-in, say). */
  readonly routes?: readonly LocalRoute[];
  /**
   * WebSocket endpoints. Each factory runs once the handlers' environment is set (it may use the same adapters
   * as the handlers), and its socket is closed when the local cloud stops.
   */
  readonly sockets?: readonly (() => LocalSocket)[];
  /** Starts the engine's slow part ahead of its first request; called only when the capability is embedded. */
  warm?(): Promise<void>;
  /** Releases what would keep the process alive (worker threads) when the local cloud stops. */
  close?(): Promise<void>;
}
