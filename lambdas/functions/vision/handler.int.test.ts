import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { translateImageResponseSchema } from '@wayfarer/shared/api/vision';
import { photosKey, userProfileKey } from '../../adapters/aws/table';
import { usageDay } from '../../domain/allowance';
import { getTable } from '../../providers';
import { callApi, claimsOf, GOOD_PASSWORD, localCloudUrl, uniqueEmail } from '../../testing/local-cloud-api';
import { DAILY_CEILINGS } from '@wayfarer/shared/constants';
import { DAILY_LIMIT_KEYS, NO_TRANSLATION_ENGINE } from '@wayfarer/shared/domain/error-keys';
import { SUBSCRIPTION_REQUIRED } from './service';

// POST /api/vision/translate-image through the local cloud's gateway: real multipart bodies, the caller's
// subscription in DynamoDB Local, and the embedded engine (tesseract.js reading the fake camera's menu).

const url = localCloudUrl();
const MENU = readFileSync(
  fileURLToPath(new URL('../../../frontend/e2e/fixtures/menu.mjpeg', import.meta.url)),
);
const PNG = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/** A baseline JPEG skeleton stating any size: a few bytes a decoder would inflate to width x height pixels. */
function jpegClaiming(width: number, height: number): Buffer {
  const frame = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
  const scan = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34];
  return Buffer.from([0xff, 0xd8, ...frame, ...scan, 0xff, 0xd9]);
}

interface Upload {
  readonly body: Buffer;
  readonly contentType: string;
}

/** The body a browser sends, built by the runtime's FormData. */
async function multipart(
  fields: Record<string, string | { bytes: Buffer; type: string; name: string }>,
): Promise<Upload> {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([value.bytes], { type: value.type }), value.name);
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}
const photo = (bytes: Buffer, type = 'image/jpeg', name = 'photo.jpg') => ({ bytes, type, name });

/**
 * node:http rather than fetch: the gateway refuses an oversized body by its Content-Length and closes the
 * connection while the client may still be writing, and fetch then reports the write's EPIPE, not the answer.
 */
function send(upload: Upload, token: string | undefined): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL('/api/vision/translate-image', url),
      {
        method: 'POST',
        headers: {
          'content-type': upload.contentType,
          'content-length': upload.body.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Left as text: the assertion shows it.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    // A write cut short by an early answer is expected; without an answer it is the failure.
    request.on('error', (error) => setTimeout(() => reject(error), 1000));
    request.end(upload.body);
  });
}

async function register(): Promise<string> {
  const email = uniqueEmail('vision');
  const registered = await callApi(url, 'POST', '/api/auth/register', {
    json: { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return (registered.body as { token: string }).token;
}

/** The billing webhook writes this status; here it is written directly. */
async function subscribe(token: string): Promise<void> {
  const table = await getTable();
  const sub = String(claimsOf(token)['sub']);
  const profile = await table.get(userProfileKey(sub), { consistent: true });
  await table.put({ ...profile!, ...userProfileKey(sub), subscriptionStatus: 'ACTIVE' });
}

let subscriber: string;
let freeUser: string;
beforeAll(async () => {
  [subscriber, freeUser] = await Promise.all([register(), register()]);
  await subscribe(subscriber);
});

describe('POST /api/vision/translate-image', () => {
  it('reads the menu photo of an ACTIVE subscriber: its lines, and its prices with amounts and currency', async () => {
    const answer = await send(await multipart({ image: photo(MENU), targetLanguage: 'en' }), subscriber);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const reply = translateImageResponseSchema.parse(answer.body);
    expect(reply.originalText.split('\n')).toEqual([
      'MENU',
      'Croque monsieur 8,50 €',
      'Salade niçoise 12,00 €',
      'Café crème 3,20 €',
    ]);
    expect(reply.prices.map((price) => [price.amount, price.currency])).toEqual([
      [8.5, 'EUR'],
      [12, 'EUR'],
      [3.2, 'EUR'],
    ]);
    // The local cloud of the tests has no translation engine: the text and prices still come back.
    expect(reply.translatedText).toBe(NO_TRANSLATION_ENGINE);
  });

  it('refuses an anonymous caller with 401', async () => {
    const answer = await send(await multipart({ image: photo(MENU), targetLanguage: 'en' }), undefined);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });

  it('refuses a signed-in caller without an ACTIVE subscription with 403', async () => {
    const answer = await send(await multipart({ image: photo(MENU), targetLanguage: 'en' }), freeUser);
    expect(answer).toEqual({ status: 403, body: { error: SUBSCRIPTION_REQUIRED } });
  });

  it('answers each of 20 bad uploads with a 4xx {error}, never a 5xx, and stays healthy', async () => {
    const truncated = MENU.subarray(0, Math.floor(MENU.length / 2));
    const oversized = Buffer.concat([MENU, Buffer.alloc(5 * 1024 * 1024 - MENU.length + 1024)]);
    const bad: Record<string, () => Promise<Upload>> = {
      'not an image': () =>
        multipart({
          image: photo(Buffer.from('just some text'), 'text/plain', 'a.txt'),
          targetLanguage: 'en',
        }),
      'a PNG renamed .jpg': () => multipart({ image: photo(PNG), targetLanguage: 'en' }),
      'a GIF declared image/jpeg': () => multipart({ image: photo(GIF), targetLanguage: 'en' }),
      'a truncated JPEG': () => multipart({ image: photo(truncated), targetLanguage: 'en' }),
      'a JPEG cut inside its headers': () =>
        multipart({ image: photo(MENU.subarray(0, 40)), targetLanguage: 'en' }),
      'a JPEG with no image (SOI then EOI)': () =>
        multipart({ image: photo(Buffer.from([0xff, 0xd8, 0xff, 0xd9])), targetLanguage: 'en' }),
      'an empty file': () => multipart({ image: photo(Buffer.alloc(0)), targetLanguage: 'en' }),
      'a decompression bomb (60000x60000 in a few bytes)': () =>
        multipart({ image: photo(jpegClaiming(60_000, 60_000)), targetLanguage: 'en' }),
      'a bomb within each side but over the pixel count': () =>
        multipart({ image: photo(jpegClaiming(8000, 8000)), targetLanguage: 'en' }),
      'a JPEG of zero width': () => multipart({ image: photo(jpegClaiming(0, 480)), targetLanguage: 'en' }),
      'an image just over 5 MB': () => multipart({ image: photo(oversized), targetLanguage: 'en' }),
      '20 MB': () => multipart({ image: photo(Buffer.alloc(20 * 1024 * 1024, 0xff)), targetLanguage: 'en' }),
      'no image field': () => multipart({ targetLanguage: 'en' }),
      'the image as a text field': () => multipart({ image: 'not a file', targetLanguage: 'en' }),
      'no targetLanguage': () => multipart({ image: photo(MENU) }),
      'an unknown language': () => multipart({ image: photo(MENU), targetLanguage: 'xx' }),
      'a language that is not a code': () => multipart({ image: photo(MENU), targetLanguage: '<script>' }),
      'an empty body': async () => ({
        body: Buffer.alloc(0),
        contentType: 'multipart/form-data; boundary=b',
      }),
      'JSON instead of multipart': async () => ({
        body: Buffer.from('{"targetLanguage":"en"}'),
        contentType: 'application/json',
      }),
      'a broken multipart body': async () => ({
        body: Buffer.from('--b\r\nContent-Disposition: form-data; name="image"\r\n\r\nunterminated'),
        contentType: 'multipart/form-data; boundary=b',
      }),
    };
    expect(Object.keys(bad)).toHaveLength(20);
    const answers: Record<string, unknown> = {};
    for (const [name, build] of Object.entries(bad)) {
      const answer = await send(await build(), subscriber);
      answers[name] =
        answer.status >= 400 &&
        answer.status < 500 &&
        typeof (answer.body as { error?: unknown }).error === 'string'
          ? '4xx {error}'
          : answer;
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(bad).map((name) => [name, '4xx {error}'])));
    expect((await callApi(url, 'GET', '/api/health')).status).toBe(200);
    const again = await send(await multipart({ image: photo(MENU), targetLanguage: 'fr' }), subscriber);
    expect(again.status).toBe(200);
  });

  it('takes DAILY_CEILINGS.photos.subscriber photos a day per subscriber; the next answers 429 error_daily_photo_limit', async () => {
    const token = await register();
    await subscribe(token);
    // A day of photos already taken but one: each photo is one conditional write, so the count is written here.
    const table = await getTable();
    const key = photosKey(String(claimsOf(token)['sub']), usageDay(new Date()));
    const limit = DAILY_CEILINGS.photos.subscriber;
    await table.put({ ...key, count: limit - 1 });
    const countNow = async () => (await table.get(key, { consistent: true }))?.['count'];

    // A refused upload costs nothing.
    const bad = await send(await multipart({ image: photo(PNG), targetLanguage: 'en' }), token);
    expect(bad.status).toBe(422);
    expect(await countNow()).toBe(limit - 1);

    const last = await send(await multipart({ image: photo(MENU), targetLanguage: 'en' }), token);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(await countNow()).toBe(limit);
    const refused = await send(await multipart({ image: photo(MENU), targetLanguage: 'en' }), token);
    expect(refused).toEqual({ status: 429, body: { error: DAILY_LIMIT_KEYS.photos } });
    expect(await countNow()).toBe(limit);
  });
});
