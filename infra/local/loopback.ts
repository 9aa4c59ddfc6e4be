/**
 * Binding the local cloud's servers to loopback only: both 127.0.0.1 and ::1 on one port (browsers resolve
 * `localhost` to either), a clear error when the port is taken, and a close that ends open connections.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(
      `Port ${port} on ${host} is already in use. Stop whatever is using it, or pick another port: ` +
        `PORT=${port === 0 ? 8788 : port + 1} npm start`,
    );
    this.name = 'PortInUseError';
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, host) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ port, host, exclusive: true });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface Listening {
  readonly port: number;
  /** The origin to print and to put in APP_URL. */
  readonly url: string;
  close(): Promise<void>;
}

function isUnavailableAddress(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT' || code === 'EINVAL';
}

/**
 * Listens on loopback only. With no host, both 127.0.0.1 and ::1 on the same port, because browsers resolve
 * `localhost` to either; an explicit host gets just that address.
 */
export async function listenOnLoopback(
  listener: RequestListener,
  port: number,
  host?: string,
  onUpgrade?: UpgradeListener,
): Promise<Listening> {
  const servers: Server[] = [];
  const start = async (address: string, wanted: number) => {
    const server = createServer(listener);
    if (onUpgrade) server.on('upgrade', onUpgrade);
    // Streamed translations can pause between phrases; keep-alive sockets should not be cut mid-response.
    server.requestTimeout = 0;
    // A keep-alive socket is closed by the client, never by the server just as the client sends on it: Node's
    // clients (the tests' fetch, Playwright's route.fetch) drop an idle socket after 5 s, the server's default too, so
    // on a loaded machine a request could go out on a socket the server was closing (ECONNRESET). Load balancers
    // keep idle connections longer than their clients for the same reason.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    servers.push(server);
    return listen(server, wanted, address);
  };
  try {
    if (host) {
      const bound = await start(host, port);
      const shown = host.includes(':') ? `[${host}]` : host;
      return {
        port: bound,
        url: `http://${shown}:${bound}`,
        close: () => Promise.all(servers.map(closeServer)).then(() => undefined),
      };
    }
    const bound = await start('127.0.0.1', port);
    try {
      await start('::1', bound);
    } catch (error) {
      // No IPv6 loopback on this machine: 127.0.0.1 alone serves localhost.
      if (!isUnavailableAddress(error)) throw error;
      servers.pop();
    }
    return {
      port: bound,
      url: `http://localhost:${bound}`,
      close: () => Promise.all(servers.map(closeServer)).then(() => undefined),
    };
  } catch (error) {
    await Promise.all(servers.filter((server) => server.listening).map(closeServer));
    throw error;
  }
}
