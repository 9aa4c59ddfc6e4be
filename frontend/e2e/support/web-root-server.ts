import { readFile, stat } from 'node:fs/promises';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/** What the server side answers: the API, the locale files, the local cloud's own pages and sockets. */
const SERVER_PATHS = /^\/(api|locales|v1|__local)(\/|$)/;

export interface WebRootServer {
  readonly baseURL: string;
  stop(): Promise<void>;
}

/**
 * The built app served from a folder a spec may change (service-worker-update.spec.ts deploys "the next build" over
 * it), with everything else handed to the shared local cloud at `apiOrigin`: a deploy of new static files in front
 * of the same API, as a CDN in front of API Gateway, without a local cloud of the spec's own. Static files as the
 * local cloud serves them (infra/local/static-site.ts, whose headers its unit test holds): hashed assets immutable,
 * everything else revalidated, unknown paths answered with index.html; no compressed copies.
 */
export async function startWebRootServer(webRoot: string, apiOrigin: string): Promise<WebRootServer> {
  const api = new URL(apiOrigin);

  async function serveFile(request: IncomingMessage, response: ServerResponse, pathname: string) {
    const wanted = path.join(webRoot, path.normalize(decodeURIComponent(pathname)));
    const inside = wanted.startsWith(webRoot + path.sep);
    const isFile = inside && (await stat(wanted).catch(() => undefined))?.isFile() === true;
    // A path with an extension that is not there is a missing file; any other path is a route of the app.
    if (!isFile && path.extname(pathname) !== '') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const file = isFile ? wanted : path.join(webRoot, 'index.html');
    const body = await readFile(file);
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'content-length': body.length,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  function proxy(request: IncomingMessage, response: ServerResponse) {
    const upstream = forward(
      {
        host: api.hostname,
        port: api.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: api.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  }

  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (SERVER_PATHS.test(pathname)) return proxy(request, response);
    serveFile(request, response, pathname).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
