import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translateImageResponseSchema } from '@wayfarer/shared/api/vision';
import { PHOTO_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { userProfileKey } from '../../adapters/aws/table';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';
import { getTable } from '../../providers';
import { callApi, claimsOf, GOOD_PASSWORD, localCloudUrl, uniqueEmail } from '../../testing/local-cloud-api';
import { startOpenAiCompatibleServer, type FakeOpenAiServer } from '../../testing/openai-compatible-server';

// VISION_ENGINE=cloud end to end: the handler, the composition root, the signed profile read from DynamoDB
// Local, and the real openai SDK against the protocol-faithful fake server.

const MENU = readFileSync(
  fileURLToPath(new URL('../../../frontend/e2e/fixtures/menu.mjpeg', import.meta.url)),
);
const READ = {
  originalText: 'Café crème 3,20 €',
  translatedText: 'White coffee €3.20',
  prices: [{ originalText: '3,20 €', amount: 3.2, currency: 'EUR', context: 'Café crème' }],
};
let server: FakeOpenAiServer;
let token: string;
const context = makeLambdaContext();

beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
  const registered = await callApi(localCloudUrl(), 'POST', '/api/auth/register', {
    json: { email: uniqueEmail('vision-cloud'), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
  });
  token = (registered.body as { token: string }).token;
  const table = await getTable();
  const sub = String(claimsOf(token)['sub']);
  const profile = await table.get(userProfileKey(sub), { consistent: true });
  await table.put({ ...profile!, ...userProfileKey(sub), subscriptionStatus: 'ACTIVE' });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  await server.close();
});

async function cloudHandler() {
  vi.resetModules();
  vi.stubEnv('VISION_ENGINE', 'cloud');
  vi.stubEnv('OPENAI_BASE_URL', `${server.url}/v1`);
  vi.stubEnv('OPENAI_MODEL_VISION', 'vision-model');
  return (await import('./handler')).translateImage;
}

async function photoEvent() {
  const form = new FormData();
  form.append('image', new Blob([MENU], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('targetLanguage', 'en');
  const request = new Request('http://local/', { method: 'POST', body: form });
  return makeApiEvent({
    method: 'POST',
    path: '/api/vision/translate-image',
    body: Buffer.from(await request.arrayBuffer()).toString('base64'),
    isBase64Encoded: true,
    headers: { 'Content-Type': request.headers.get('content-type')!, Authorization: `Bearer ${token}` },
  });
}

describe('photo translation with VISION_ENGINE=cloud', () => {
  it("answers the model's text, translation and prices for an ACTIVE subscriber, the image sent to the model", async () => {
    const handler = await cloudHandler();
    server.script({ kind: 'reply', content: JSON.stringify(READ) });
    const result = await handler(await photoEvent(), context);
    expect(result.statusCode, result.body).toBe(200);
    expect(translateImageResponseSchema.parse(JSON.parse(result.body))).toEqual(READ);
    const body = server.requests.at(-1)?.body as { model: string; messages: { content: unknown }[] };
    expect(body.model).toBe('vision-model');
    expect(JSON.stringify(body.messages[1]?.content)).toContain(MENU.toString('base64'));
  });

  it('answers 503 photo_error_translation_failed when the model fails', async () => {
    const handler = await cloudHandler();
    server.script({ kind: 'fail', status: 500 }, { kind: 'fail', status: 500 });
    const result = await handler(await photoEvent(), context);
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toEqual({ error: PHOTO_ERROR_KEYS.translationFailed });
  });
});
