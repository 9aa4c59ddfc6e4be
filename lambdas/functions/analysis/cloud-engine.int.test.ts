import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYSIS_MESSAGE_KEYS } from '@wayfarer/shared/domain/error-keys';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';
import { startOpenAiCompatibleServer, type FakeOpenAiServer } from '../../testing/openai-compatible-server';

// ANALYSIS_ENGINE=cloud end to end: the handlers, the composition root and the real openai SDK against the
// protocol-faithful fake server, with DynamoDB Local for the rates. A malformed model reply fails its own
// analysis (503 with the card's message key); the other analyses still answer.

let server: FakeOpenAiServer;
const context = makeLambdaContext();

beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  await server.close();
});

async function cloudHandlers() {
  vi.resetModules();
  vi.stubEnv('ANALYSIS_ENGINE', 'cloud');
  vi.stubEnv('OPENAI_BASE_URL', `${server.url}/v1`);
  vi.stubEnv('OPENAI_MODEL_ANALYSIS', 'analysis-model');
  return import('./handler');
}

const call = (path: string, json: unknown) =>
  makeApiEvent({ method: 'POST', path: `/api/analysis/${path}`, sourceIp: '198.18.0.7', json });

describe('analysis with ANALYSIS_ENGINE=cloud', () => {
  it('a malformed prices reply fails prices alone; locations and emergency answer', async () => {
    const handlers = await cloudHandlers();
    server.script(
      { kind: 'reply', content: '{"prices": [{"originalText": "10 euros", "amount":' },
      {
        kind: 'reply',
        content: JSON.stringify({
          locations: [
            {
              originalText: 'Rome',
              name: 'Rome',
              address: 'Italy',
              type: 'city',
              latitude: '41.9',
              longitude: '12.5',
            },
          ],
        }),
      },
      {
        kind: 'reply',
        content: JSON.stringify({
          isEmergency: true,
          severity: 'medium',
          detectedIssues: ['stolen wallet'],
          countryDetected: 'Italy',
          countryCode: 'IT',
          medical: false,
          place: 'Rome',
        }),
      },
    );
    const text = 'Someone stole my wallet with 10 euros in Rome.';
    const prices = await handlers.prices(call('prices', { text, targetCurrency: 'USD' }), context);
    expect(prices.statusCode).toBe(503);
    expect(JSON.parse(prices.body)).toEqual({ error: ANALYSIS_MESSAGE_KEYS.pricesFailed });

    const locations = await handlers.locations(call('locations', { text }), context);
    expect(locations.statusCode).toBe(200);
    expect(JSON.parse(locations.body).locations).toHaveLength(1);

    const emergency = await handlers.emergency(call('emergency', { text }), context);
    expect(emergency.statusCode).toBe(200);
    expect(JSON.parse(emergency.body).emergencyContacts[0]).toMatchObject({
      type: 'general',
      number: '112',
      country: 'IT',
    });
  });

  it("answers 503 with the card's key when the provider stops the answer at its token cap", async () => {
    const handlers = await cloudHandlers();
    const place = {
      originalText: 'Rome',
      name: 'Rome',
      address: 'Italy',
      type: 'city',
      latitude: '',
      longitude: '',
    };
    // Many times what the cap of this short text allows: the server stops there with finish_reason `length`.
    server.script({
      kind: 'reply',
      content: JSON.stringify({ locations: Array.from({ length: 300 }, () => place) }),
    });
    const answer = await handlers.locations(call('locations', { text: 'Rome, Rome, Rome.' }), context);
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ error: ANALYSIS_MESSAGE_KEYS.locationsFailed });
    expect((server.requests.at(-1)?.body as { max_completion_tokens?: number }).max_completion_tokens).toBe(
      1024 + 4 * 'Rome, Rome, Rome.'.length,
    );
  });

  it('converts the prices of a well-formed reply', async () => {
    const handlers = await cloudHandlers();
    server.script({
      kind: 'reply',
      content: JSON.stringify({
        prices: [{ originalText: '5 dollars', amount: 5, currency: 'USD', context: 'a coffee' }],
      }),
    });
    const answer = await handlers.prices(
      call('prices', { text: 'A coffee is 5 dollars.', targetCurrency: 'USD' }),
      context,
    );
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body).convertedPrices).toEqual([
      expect.objectContaining({ amount: 5, convertedAmount: 5, isAlreadyInTargetCurrency: true }),
    ]);
  });
});
