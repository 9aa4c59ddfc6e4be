/**
 * The part of the gateway CloudFront plays in AWS: the built SPA from frontend/dist (index.html for client
 * routes) and the UI strings under /locales/{lng}/{ns}.json.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
};

/** Vite fingerprints everything under /assets/: those names never change content, so caches may keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Language tags (`en`, `pt-BR`, `zh-Hant`) and namespaces: nothing that could climb out of the folder. */
const LOCALE_PATH = /^\/locales\/([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\/([a-z][a-z0-9_-]{0,63})\.json$/;

/** Headers every response carries, static or API (CloudFront's response headers policy in AWS). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Wayfarer: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app has not been built yet</h1>
<p>The API is running. To get the app, run <code>npm run build:web</code> and reload this page,
or use <code>npm start</code>, which builds it and then starts the local cloud.</p>
</body></html>
`;

export interface StaticSiteOptions {
  /** The built SPA (frontend/dist). */
  readonly webRoot: string;
  /** The UI strings (locales/). */
  readonly localesDir: string;
}

interface FileReply {
  readonly body: Buffer;
  readonly contentType: string;
  readonly cacheControl: string;
}

function sendJson(response: ServerResponse, statusCode: number, value: unknown, head: boolean): void {
  const body = Buffer.from(JSON.stringify(value));
  response.writeHead(statusCode, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
  });
  response.end(head ? undefined : body);
}

function sendFile(request: IncomingMessage, response: ServerResponse, file: FileReply, statusCode = 200): void {
  const etag = `"${createHash('sha1').update(file.body).digest('base64url')}"`;
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': file.contentType,
    'cache-control': file.cacheControl,
    etag,
  };
  if (statusCode === 200 && request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(statusCode, { ...headers, 'content-length': file.body.length });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

async function readIfFile(filePath: string): Promise<Buffer | undefined> {
  try {
    if (!(await stat(filePath)).isFile()) return undefined;
    return await readFile(filePath);
  } catch {
    return undefined;
  }
}

/** Resolves a URL path inside `root`, or undefined when it would leave it or is not a plain path. */
function insideRoot(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const resolved = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  return resolved === root || resolved.startsWith(`${root}${path.sep}`) ? resolved : undefined;
}

function acceptsHtml(request: IncomingMessage): boolean {
  const accept = request.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

export function createStaticSite(options: StaticSiteOptions) {
  const webRoot = path.resolve(options.webRoot);
  const localesDir = path.resolve(options.localesDir);

  async function serveLocale(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
    const head = request.method === 'HEAD';
    const found = LOCALE_PATH.exec(pathname);
    if (!found) return sendJson(response, 404, { error: 'Not found' }, head);
    const [, language, namespace] = found;
    const body = await readIfFile(path.join(localesDir, language as string, `${namespace as string}.json`));
    if (!body) return sendJson(response, 404, { error: 'Not found' }, head);
    sendFile(request, response, { body, contentType: CONTENT_TYPES['.json'] as string, cacheControl: REVALIDATE });
  }

  async function serveIndex(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readIfFile(path.join(webRoot, 'index.html'));
    if (!body) {
      const page = { body: Buffer.from(NOT_BUILT_PAGE), contentType: CONTENT_TYPES['.html'] as string };
      return sendFile(request, response, { ...page, cacheControl: 'no-store' }, 503);
    }
    sendFile(request, response, { body, contentType: CONTENT_TYPES['.html'] as string, cacheControl: REVALIDATE });
  }

  /** Serves a GET or HEAD for anything outside /api. */
  async function serve(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const pathname = url.pathname;
    const head = request.method === 'HEAD';
    if (pathname.startsWith('/locales/')) return serveLocale(request, response, pathname);
    if (pathname === '/' || pathname === '/index.html') return serveIndex(request, response);
    const filePath = insideRoot(webRoot, pathname);
    if (!filePath) return sendJson(response, 404, { error: 'Not found' }, head);
    const body = await readIfFile(filePath);
    if (body) {
      const extension = path.extname(filePath).toLowerCase();
      const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
      const cacheControl = pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
      return sendFile(request, response, { body, contentType, cacheControl });
    }
    // Client-side routes get the app (which shows its own 404 page); a missing file keeps its 404.
    const looksLikeFile = path.posix.extname(pathname) !== '' || pathname.startsWith('/assets/');
    if (!looksLikeFile && acceptsHtml(request)) return serveIndex(request, response);
    sendJson(response, 404, { error: 'Not found' }, head);
  }

  return { serve };
}

export type StaticSite = ReturnType<typeof createStaticSite>;
