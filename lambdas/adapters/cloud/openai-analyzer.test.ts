import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type FakeOpenAiServer } from '../../testing/openai-compatible-server';
import { answerTokenCap } from './answer-caps';
import { AnalysisReplyError, createOpenAiAnalyzer } from './openai-analyzer';

// The real openai SDK against the protocol-faithful fake server: structured outputs as OpenAI returns them.

let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startOpenAiCompatibleServer();
});
afterEach(() => server.close());

const analyzer = () =>
  createOpenAiAnalyzer({ apiKey: 'placeholder', baseURL: `${server.url}/v1`, model: 'analysis-model' });
interface SeenBody {
  readonly model: string;
  readonly messages: readonly unknown[];
  readonly response_format: {
    readonly json_schema: {
      readonly schema: { readonly properties: { readonly prices: { readonly items: unknown } } };
    };
  };
}
const reply = (content: unknown) => ({ kind: 'reply' as const, content: JSON.stringify(content) });
const EMERGENCY = {
  isEmergency: false,
  severity: 'low',
  detectedIssues: [],
  countryDetected: '',
  countryCode: '',
  medical: false,
  place: '',
};

describe('OpenAI analyser', () => {
  it('asks for a strict JSON schema generated from the shared zod schemas, with the configured model', async () => {
    server.script(reply({ prices: [] }));
    await analyzer().prices('Un café, deux euros.');
    const body = server.requests.at(-1)?.body as SeenBody;
    expect(body.model).toBe('analysis-model');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    const schema = body.response_format.json_schema.schema;
    expect(schema).not.toHaveProperty('$schema');
    expect(schema.properties.prices.items).toMatchObject({
      additionalProperties: false,
      required: ['originalText', 'amount', 'currency', 'context'],
    });
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'Un café, deux euros.' });
  });

  it('returns the prices and places of a well-formed reply', async () => {
    const price = { originalText: 'deux euros', amount: 2, currency: 'EUR', context: 'a coffee' };
    const place = {
      originalText: 'la tour Eiffel',
      name: 'Eiffel Tower',
      address: 'Paris, France',
      type: 'landmark',
      latitude: '48.8584',
      longitude: '2.2945',
    };
    server.script(reply({ prices: [price] }), reply({ locations: [place] }));
    expect(await analyzer().prices('text')).toEqual([price]);
    expect(await analyzer().locations('text')).toEqual([place]);
  });

  it('takes emergency numbers from the checked table, never from the model', async () => {
    server.script(
      reply({
        isEmergency: true,
        severity: 'high',
        detectedIssues: ['chest pain'],
        countryDetected: 'France',
        countryCode: 'FR',
        medical: true,
        place: 'Paris',
      }),
    );
    const result = await analyzer().emergency('text');
    expect(result.emergencyContacts.map((contact) => [contact.type, contact.number])).toEqual([
      ['general', '112'],
      ['medical', '15'],
      ['police', '17'],
      ['fire', '18'],
    ]);
    expect(result.nearbyMedicalFacilities.map((facility) => [facility.type, facility.address])).toEqual([
      ['hospital', 'Paris'],
      ['pharmacy', 'Paris'],
    ]);
  });

  it('fails that analysis alone on a malformed reply', async () => {
    server.script({ kind: 'reply', content: '{"prices": [{"amount": "two"' }, reply({ locations: [] }));
    const model = analyzer();
    await expect(model.prices('text')).rejects.toBeInstanceOf(AnalysisReplyError);
    await expect(model.locations('text')).resolves.toEqual([]);
  });

  it('fails on a reply that is JSON but not the schema', async () => {
    server.script(reply({ prices: [{ originalText: 'x', amount: 'two', currency: 'EUR', context: '' }] }));
    await expect(analyzer().prices('text')).rejects.toThrow(/does not fit the schema/);
  });

  it('fails on a refusal', async () => {
    server.script({ kind: 'reply', refusal: 'I cannot help with that.' });
    await expect(analyzer().emergency('text')).rejects.toThrow(/refused/);
  });

  it('asks each kind for an answer capped from its input (max_completion_tokens)', async () => {
    const text = 'Un café, deux euros, près du Louvre.';
    server.script(reply({ prices: [] }), reply({ locations: [] }), reply(EMERGENCY));
    const model = analyzer();
    await model.prices(text);
    await model.locations(text);
    await model.emergency(text);
    const caps = server.requests.map((request) => {
      const body = request.body as { max_completion_tokens?: number; max_tokens?: number };
      return [body.max_completion_tokens, body.max_tokens];
    });
    expect(caps).toEqual([
      [answerTokenCap('prices', text), undefined],
      [answerTokenCap('locations', text), undefined],
      [answerTokenCap('emergency', text), undefined],
    ]);
    expect(caps.map(([cap]) => cap)).toEqual([1024 + 4 * text.length, 1024 + 4 * text.length, 1024]);
  });

  it('fails the analysis, not a list cut short, when the provider stops at the cap (finish_reason length)', async () => {
    const price = { originalText: '2 €', amount: 2, currency: 'EUR', context: 'a coffee at the corner café' };
    // Far more JSON than the cap of a short text allows: the server stops it there, as OpenAI does.
    server.script(reply({ prices: Array.from({ length: 200 }, () => price) }), reply({ locations: [] }));
    const model = analyzer();
    await expect(model.prices('Deux euros.')).rejects.toThrow(/reached its token cap/);
    await expect(model.locations('Deux euros.')).resolves.toEqual([]);
  });
});
