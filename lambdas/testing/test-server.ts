import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** A server a test or a benchmark started, on loopback unless told otherwise. */
export interface TestServer {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  /** `http://<host>:<port>`. */
  readonly url: string;
  /** Ends open connections (keep-alive, streams) and stops listening. */
  close(): Promise<void>;
}

/**
 * The one start and stop of the test servers (the OpenAI-compatible and Deepgram-style fakes, a feed, a speech
 * socket): listens on `port` (0: any free one) at `host` (127.0.0.1), answering 404 unless given a handler.
 */
export async function startTestServer(
  options: {
    readonly handle?: RequestListener;
    readonly onUpgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
    readonly port?: number;
    readonly host?: string;
  } = {},
): Promise<TestServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer(options.handle ?? ((_request, response) => response.writeHead(404).end()));
  if (options.onUpgrade) server.on('upgrade', options.onUpgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    host,
    port,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
