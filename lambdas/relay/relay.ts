import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOSE, LISTEN_PATH, RELAY_CLOSE, RELAY_CLOSE_REASON } from '@wayfarer/shared/api/speech-protocol';
import { viewerIpOf } from '../http/viewer-ip';
import { checkListenQuery, ticketFrom } from './listen-request';
import { runRelaySession, type RelayPolicy, type RelayPorts, type RelaySession } from './session';

export interface SpeechRelayOptions {
  readonly ports: RelayPorts;
  readonly policy: RelayPolicy;
  /** Sessions this instance serves at once; the next socket is refused at once (1013) instead of slowing all. */
  readonly maxSessions: number;
}

export interface SpeechRelay {
  readonly path: typeof LISTEN_PATH;
  /**
   * For a server's `upgrade` event: false, touching nothing, when the request is not for LISTEN_PATH. Refusals
   * come after the upgrade, as close codes, so a browser learns why (a refused handshake only shows it 1006).
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Resolves once the recogniser can serve (the embedded model loaded). */
  ready(): Promise<void>;
  /** Sessions open now. */
  sessions(): number;
  /** Stops taking sockets (each new one is told to reconnect elsewhere, 1012), for a shutdown; open sessions go on. */
  drain(): void;
  /** Ends every open session with this close (1012 on a deploy, so browsers reconnect; 1001 locally). */
  close(code?: number, reason?: string): Promise<void>;
}

/** How long a closing relay waits for each peer's close frame. */
const CLOSE_HANDSHAKE_MS = 2_000;

/** Request headers as the viewer-address reader takes them (a repeated header's first value). */
function plainHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) headers[name] = first;
  }
  return headers;
}

/**
 * Our speech socket (docs/DESIGN.md §7): the browser's only way to speech recognition. It speaks Deepgram's live
 * protocol on the app's own origin, opens each socket with a single-use ticket from POST /api/speech/ticket, and
 * relays to the recogniser the composition root chose (Deepgram with the server's key, or the embedded engine),
 * metering what it forwards. The same code serves the local cloud (on the gateway's port) and production (an
 * ECS service behind CloudFront: main.ts).
 */
export function createSpeechRelay(options: SpeechRelayOptions): SpeechRelay {
  const { ports, policy } = options;
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: policy.limits.maxFrameBytes,
    // Deepgram answers the `token` scheme; the ticket itself must not be echoed back.
    handleProtocols: (protocols) =>
      protocols.has('token') ? 'token' : protocols.has('bearer') ? 'bearer' : false,
  });
  const open = new Set<RelaySession>();
  let draining = false;

  function refuse(ws: WebSocket, code: number, reason: string): void {
    ports.metrics.connectionRefused();
    ws.close(code, reason);
  }

  function accept(ws: WebSocket, request: IncomingMessage): void {
    // A draining instance sends the client to another one (1012: reconnect), not away (1013).
    if (draining) return refuse(ws, RELAY_CLOSE.serviceRestart, RELAY_CLOSE_REASON.serviceRestart);
    if (open.size >= options.maxSessions)
      return refuse(ws, RELAY_CLOSE.tryAgainLater, RELAY_CLOSE_REASON.full);
    const url = new URL(request.url ?? '/', 'http://relay');
    const query = checkListenQuery(url.searchParams);
    if (!query.ok) return ws.close(CLOSE.policyViolation, query.reason.slice(0, 120));
    const session = runRelaySession(
      ws,
      {
        ticket: ticketFrom(request.headers),
        viewerIp: viewerIpOf(plainHeaders(request), request.socket.remoteAddress),
        query: query.query,
      },
      ports,
      policy,
      () => {
        open.delete(session);
        ports.metrics.sessions(open.size);
      },
    );
    open.add(session);
    ports.metrics.sessions(open.size);
  }

  return {
    path: LISTEN_PATH,
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://relay');
      if (url.pathname !== LISTEN_PATH) return false;
      server.handleUpgrade(request, socket, head, (ws) => accept(ws, request));
      return true;
    },
    ready: () => ports.recognizer.ready(),
    sessions: () => open.size,
    drain() {
      draining = true;
    },
    async close(code = CLOSE.goingAway, reason = 'Server shutting down') {
      draining = true;
      for (const session of [...open]) session.close(code, reason);
      for (const client of server.clients) client.close(code, reason);
      // A peer that does not answer the close frame is cut off rather than wait out ws's 30 s.
      const cutOff = setTimeout(() => {
        for (const client of server.clients) client.terminate();
      }, CLOSE_HANDSHAKE_MS);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(cutOff);
    },
  };
}
