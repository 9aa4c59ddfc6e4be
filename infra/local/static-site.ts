/**
 * The part of the gateway CloudFront plays in AWS: the built SPA from frontend/dist (index.html for client
 * routes) and the UI strings under /locales/{lng}/{ns}.json, compressed as CloudFront compresses them.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

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

/**
 * The content types compressed on the way out: those of CloudFront's list of compressible types
 * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/ServingCompressedFiles.html) that the app
 * serves, so `npm run serve` behaves as the CloudFront distribution does (infra/aws/stacks/web-stack.test.ts).
 * The web manifest (application/manifest+json) is not on that list, so it goes uncompressed on both paths.
 */
export const COMPRESSED_CONTENT_TYPES: readonly string[] = [
  'text/html',
  'text/javascript',
  'text/css',
  'text/plain',
  'application/json',
  'image/svg+xml',
  'font/ttf',
];
/** CloudFront compresses files from 1,000 bytes to 10 MB; smaller ones gain nothing from it. */
export const MIN_COMPRESSED_BYTES = 1000;
const MAX_COMPRESSED_BYTES = 10_000_000;

type Encoding = 'br' | 'gzip' | 'identity';
/** The file name suffix of each precompressed sibling (made by the frontend build: frontend/vite.config.ts). */
const SIBLING_SUFFIX = { br: '.br', gzip: '.gz' } as const;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none (CloudFront
 * prefers brotli too). Honours q-values, `*` and `q=0`.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    if (name && Number.isFinite(weight)) weights.set(name.trim(), weight);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<Encoding>(
    (chosen, candidate) =>
      weightOf(candidate) > (chosen === 'identity' ? 0 : weightOf(chosen)) ? candidate : chosen,
    'identity',
  );
  return best;
}

function isCompressible(contentType: string, size: number): boolean {
  const type = contentType.split(';')[0]?.trim() ?? '';
  return (
    COMPRESSED_CONTENT_TYPES.includes(type) && size >= MIN_COMPRESSED_BYTES && size <= MAX_COMPRESSED_BYTES
  );
}

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
  /** Where the body was read from: a build's precompressed siblings (`.br`, `.gz`) sit beside it. */
  readonly filePath?: string;
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

const sha1 = (body: Buffer) => createHash('sha1').update(body).digest('base64url');

/** A precompressed sibling, unless it is older than the file it was made from (a stale build). */
async function readSibling(filePath: string, encoding: 'br' | 'gzip'): Promise<Buffer | undefined> {
  const siblingPath = `${filePath}${SIBLING_SUFFIX[encoding]}`;
  try {
    const [original, sibling] = await Promise.all([stat(filePath), stat(siblingPath)]);
    if (!sibling.isFile() || sibling.mtimeMs < original.mtimeMs) return undefined;
    return await readFile(siblingPath);
  } catch {
    return undefined;
  }
}

/** Bodies compressed here, for files without precompressed siblings (the locale files), by content and encoding. */
const MAX_COMPRESSED_ENTRIES = 512;

function createCompressor() {
  const made = new Map<string, Buffer>();
  return async (file: FileReply, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    if (file.filePath) {
      const sibling = await readSibling(file.filePath, encoding);
      if (sibling) return sibling;
    }
    const key = `${encoding}:${sha1(file.body)}`;
    const known = made.get(key);
    if (known) return known;
    const body =
      encoding === 'br'
        ? await brotli(file.body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: file.body.length,
            },
          })
        : await gzipAsync(file.body, { level: zlib.Z_BEST_COMPRESSION });
    if (made.size >= MAX_COMPRESSED_ENTRIES) made.clear();
    made.set(key, body);
    return body;
  };
}

type Compressor = ReturnType<typeof createCompressor>;

async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: FileReply,
  compress: Compressor,
  statusCode = 200,
): Promise<void> {
  const compressible = statusCode === 200 && isCompressible(file.contentType, file.body.length);
  const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : 'identity';
  const body = encoding === 'identity' ? file.body : await compress(file, encoding);
  // Each encoding is its own representation, so each has its own strong ETag.
  const etag = `"${sha1(body)}"`;
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': file.contentType,
    'cache-control': file.cacheControl,
    etag,
    // Caches between us and the browser must key on Accept-Encoding wherever the answer depends on it.
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  };
  if (statusCode === 200 && request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(statusCode, { ...headers, 'content-length': body.length });
  response.end(request.method === 'HEAD' ? undefined : body);
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
  const compress = createCompressor();

  async function serveLocale(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ): Promise<void> {
    const head = request.method === 'HEAD';
    const found = LOCALE_PATH.exec(pathname);
    if (!found) return sendJson(response, 404, { error: 'Not found' }, head);
    const [, language, namespace] = found;
    const body = await readIfFile(path.join(localesDir, language as string, `${namespace as string}.json`));
    if (!body) return sendJson(response, 404, { error: 'Not found' }, head);
    const contentType = CONTENT_TYPES['.json'] as string;
    await sendFile(request, response, { body, contentType, cacheControl: REVALIDATE }, compress);
  }

  async function serveIndex(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readIfFile(path.join(webRoot, 'index.html'));
    if (!body) {
      const page = { body: Buffer.from(NOT_BUILT_PAGE), contentType: CONTENT_TYPES['.html'] as string };
      return sendFile(request, response, { ...page, cacheControl: 'no-store' }, compress, 503);
    }
    const filePath = path.join(webRoot, 'index.html');
    const contentType = CONTENT_TYPES['.html'] as string;
    await sendFile(request, response, { body, contentType, cacheControl: REVALIDATE, filePath }, compress);
  }

  /** Serves a GET or HEAD for anything outside /api. */
  async function serve(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const pathname = url.pathname;
    const head = request.method === 'HEAD';
    if (pathname.startsWith('/locales/')) return serveLocale(request, response, pathname);
    if (pathname === '/' || pathname === '/index.html') return serveIndex(request, response);
    const filePath = insideRoot(webRoot, pathname);
    // The build's precompressed siblings are ways of sending a file, not files of the site (nor are they in S3).
    if (!filePath || /\.(br|gz)$/.test(filePath))
      return sendJson(response, 404, { error: 'Not found' }, head);
    const body = await readIfFile(filePath);
    if (body) {
      const extension = path.extname(filePath).toLowerCase();
      const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
      const cacheControl = pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
      return sendFile(request, response, { body, contentType, cacheControl, filePath }, compress);
    }
    // Client-side routes get the app (which shows its own 404 page); a missing file keeps its 404.
    const looksLikeFile = path.posix.extname(pathname) !== '' || pathname.startsWith('/assets/');
    if (!looksLikeFile && acceptsHtml(request)) return serveIndex(request, response);
    sendJson(response, 404, { error: 'Not found' }, head);
  }

  return { serve };
}

export type StaticSite = ReturnType<typeof createStaticSite>;
