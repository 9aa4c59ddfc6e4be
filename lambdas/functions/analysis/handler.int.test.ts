import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  emergencyResultSchema,
  exchangeRatesResponseSchema,
  locationsResponseSchema,
  pricesResponseSchema,
} from '@wayfarer/shared/api/analysis';
import { callApi, localCloudUrl } from '../../testing/local-cloud-api';
import { startTestServer, type TestServer } from '../../testing/test-server';

// The analysis routes through the local cloud's gateway (embedded analyser, DynamoDB Local), and the daily
// refresh with the real feed adapter pointed at a local server that answers as the ECB's does.

const url = localCloudUrl();
const post = (path: string, json: unknown) => callApi(url, 'POST', `/api/analysis/${path}`, { json });

// The ECB's file shape; the values are made up so the test can tell them from the shipped rates.
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube><Cube time='2026-11-20'>
    <Cube currency='USD' rate='1.25'/><Cube currency='JPY' rate='187.5'/><Cube currency='GBP' rate='0.875'/>
  </Cube></Cube>
</gesmes:Envelope>`;

let feed: TestServer;
let feedCalls = 0;
beforeAll(async () => {
  feed = await startTestServer({
    handle: (_request, response) => {
      feedCalls += 1;
      response.writeHead(200, { 'content-type': 'text/xml' }).end(FEED);
    },
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await feed.close();
});

describe('the daily rate refresh', () => {
  it('reads the configured feed into the table, and the rates route answers with it against USD', async () => {
    vi.resetModules();
    vi.stubEnv(
      'RATES_FEED_URL',
      `${feed.url}/eurofxref-daily.xml`,
    );
    const { refreshRates } = await import('../rates/handler');
    await refreshRates();
    expect(feedCalls).toBe(1);

    const answer = await callApi(url, 'GET', '/api/analysis/exchange-rates');
    expect(answer.status).toBe(200);
    expect(exchangeRatesResponseSchema.parse(answer.body).rates).toEqual({
      USD: 1,
      EUR: 0.8,
      JPY: 150,
      GBP: 0.7,
    });
  });
});

describe('POST /api/analysis/*', () => {
  it('prices: finds the prices and converts them through USD, rounded to 2 decimals', async () => {
    const answer = await post('prices', {
      text: 'The museum ticket is 15 euros and the taxi 2000 yen.',
      targetCurrency: 'GBP',
    });
    expect(answer.status).toBe(200);
    const { convertedPrices } = pricesResponseSchema.parse(answer.body);
    expect(convertedPrices.map((price) => [price.amount, price.currency, price.convertedAmount])).toEqual([
      [15, 'EUR', 13.13],
      [2000, 'JPY', 9.33],
    ]);
  });

  it('prices: a currency without a rate comes back without a converted amount', async () => {
    const answer = await post('prices', { text: 'It costs 20 Swiss francs.', targetCurrency: 'USD' });
    const { convertedPrices } = pricesResponseSchema.parse(answer.body);
    expect(convertedPrices).toEqual([
      expect.objectContaining({ amount: 20, currency: 'CHF', targetCurrency: 'USD' }),
    ]);
    expect(convertedPrices[0]).not.toHaveProperty('convertedAmount');
  });

  it('locations: finds a landmark with its coordinates', async () => {
    const answer = await post('locations', { text: 'Meet me at the Eiffel Tower at noon.' });
    expect(answer.status).toBe(200);
    const { locations } = locationsResponseSchema.parse(answer.body);
    expect(locations).toEqual([expect.objectContaining({ name: 'Eiffel Tower', type: 'landmark' })]);
    expect(Number(locations[0]?.latitude)).toBeCloseTo(48.86, 1);
  });

  it("emergency: a medical emergency in Paris gives France's numbers", async () => {
    const answer = await post('emergency', {
      text: 'Help, my friend collapsed and is not breathing, we are in Paris!',
    });
    expect(answer.status).toBe(200);
    const result = emergencyResultSchema.parse(answer.body);
    expect(result).toMatchObject({ isEmergency: true, severity: 'high' });
    expect(result.emergencyContacts.map((contact) => contact.number)).toEqual(['112', '15', '17', '18']);
  });

  it('emergency: an ordinary sentence is no emergency and lists no one to call', async () => {
    const result = emergencyResultSchema.parse(
      (await post('emergency', { text: 'The weather is lovely today.' })).body,
    );
    expect(result).toMatchObject({ isEmergency: false, emergencyContacts: [], nearbyMedicalFacilities: [] });
  });

  it.each(['emergency', 'locations', 'prices'])(
    '%s: blank text is a bad request (400 {error})',
    async (path) => {
      const answer = await post(path, { text: '   ', targetCurrency: 'USD' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'text: Text must not be empty' });
    },
  );

  it.each(['emergency', 'locations', 'prices'])(
    '%s: a malformed body is a 400 {error}, never a 5xx',
    async (path) => {
      const broken = await callApi(url, 'POST', `/api/analysis/${path}`, { rawBody: '{"text": "a' });
      expect(broken.status).toBe(400);
      const bodies: unknown[] = [{}, { text: 42 }, [], null, { text: 'x'.repeat(100_000) }];
      if (path === 'prices') bodies.push({ text: 'ok', targetCurrency: 'euro' }, { text: 'ok' });
      for (const json of bodies) {
        const answer = await post(path, json);
        expect(answer.status, JSON.stringify(json).slice(0, 40)).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body).toEqual({ error: expect.any(String) });
      }
    },
  );
});
