import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, createStaticSite, MIN_COMPRESSED_BYTES } from './static-site';

// Raw HTTP, not fetch: fetch sends its own Accept-Encoding and decodes the body, hiding what the server did.
interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

let server: Server;
let base: string;
let folder: string;

function get(pathname: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
const page = `<!doctype html><title>spa</title>${'<p>shell</p>'.repeat(200)}`;
const strings = JSON.stringify(
  Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`key_${i}`, `Text ${i}`])),
);
const manifest = JSON.stringify({ name: 'Wayfarer', description: 'x'.repeat(2000) });

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'wayfarer-static-'));
  const webRoot = path.join(folder, 'dist');
  const localesDir = path.join(folder, 'locales');
  await mkdir(path.join(webRoot, 'assets'), { recursive: true });
  await mkdir(path.join(localesDir, 'en'), { recursive: true });
  // As the build leaves them: each compressible file with its brotli and gzip siblings.
  for (const [name, text] of [
    ['index.html', page],
    ['assets/app-abc123.js', script],
    ['sw.js', script],
  ] as const) {
    await writeFile(path.join(webRoot, name), text);
    await writeFile(path.join(webRoot, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(webRoot, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(webRoot, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  await writeFile(path.join(webRoot, 'manifest.webmanifest'), manifest);
  // A stale sibling (older than its file): it must not be sent.
  await writeFile(path.join(webRoot, 'assets', 'stale-abc123.js'), script);
  await writeFile(path.join(webRoot, 'assets', 'stale-abc123.js.br'), brotliCompressSync('old build'));
  const past = new Date(Date.now() - 60_000);
  await utimes(path.join(webRoot, 'assets', 'stale-abc123.js.br'), past, past);
  await writeFile(path.join(localesDir, 'en', 'translation.json'), strings);
  const site = createStaticSite({ webRoot, localesDir });
  server = createServer((request, response) => {
    void site.serve(request, response, new URL(request.url ?? '/', 'http://localhost'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

describe('static site compression', () => {
  it('answers Accept-Encoding: br with the brotli sibling, Vary: Accept-Encoding and an immutable cache for a hashed asset', async () => {
    const reply = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(brotliDecompressSync(reply.body).toString()).toBe(script);
  });

  it('prefers brotli when the browser offers both, as browsers do', async () => {
    const reply = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reply.headers['content-encoding']).toBe('br');
  });

  it('answers Accept-Encoding: gzip with the gzip sibling and the same Vary and cache headers', async () => {
    const reply = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(reply.body).toString()).toBe(script);
  });

  it('sends the file as it is without Accept-Encoding, still with Vary', async () => {
    const reply = await get('/assets/app-abc123.js');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.body.toString()).toBe(script);
  });

  it('sends the file as it is when brotli and gzip are refused with q=0', async () => {
    const reply = await get('/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.toString()).toBe(script);
  });

  it('compresses index.html but never lets it be cached without revalidation', async () => {
    for (const pathname of ['/', '/index.html', '/some/client/route']) {
      const reply = await get(pathname, { 'accept-encoding': 'br', accept: 'text/html' });
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(reply.body).toString()).toBe(page);
    }
  });

  it('never lets the service worker or the manifest be cached without revalidation', async () => {
    const worker = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('br');
    // CloudFront does not compress application/manifest+json; neither do we.
    const webManifest = await get('/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(webManifest.headers['cache-control']).toBe('no-cache');
    expect(webManifest.headers['content-encoding']).toBeUndefined();
    expect(webManifest.body.toString()).toBe(manifest);
  });

  it('compresses locale files that have no precompressed sibling, revalidated', async () => {
    const reply = await get('/locales/en/translation.json', { 'accept-encoding': 'br' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(reply.body).toString()).toBe(strings);
  });

  it(`leaves files under ${MIN_COMPRESSED_BYTES} bytes uncompressed, as CloudFront does`, async () => {
    const reply = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br' });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.toString()).toBe('console.log(1)');
  });

  it('ignores a precompressed sibling older than its file', async () => {
    const reply = await get('/assets/stale-abc123.js', { 'accept-encoding': 'br' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.body).toString()).toBe(script);
  });

  it('gives each encoding its own ETag and answers a matching If-None-Match with 304', async () => {
    const brotli = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(brotli.headers.etag).not.toBe(gzip.headers.etag);
    const again = await get('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': brotli.headers.etag ?? '',
    });
    expect(again.status).toBe(304);
    expect(again.headers.vary).toBe('Accept-Encoding');
  });

  it('does not serve the precompressed siblings as files of their own', async () => {
    expect((await get('/assets/app-abc123.js.br')).status).toBe(404);
    expect((await get('/assets/app-abc123.js.gz')).status).toBe(404);
  });
});

describe('chooseEncoding', () => {
  it('follows q-values and the wildcard', () => {
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBe('identity');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
  });
});
