import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type FakeOpenAiServer } from '../../testing/openai-compatible-server';
import { createOpenAiClient, OPENAI_BUDGETS, worstCaseMs } from './openai-client';

let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startOpenAiCompatibleServer();
});
afterEach(() => server.close());

describe('the OpenAI-compatible client factory', () => {
  it('sends the placeholder key to a server that wants none', async () => {
    const client = createOpenAiClient({ apiKey: undefined, baseURL: `${server.url}/v1` }, 'translate');
    await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'Hello' }] });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer not-needed');
  });

  it("gives the SDK each capability's own timeout and retries", () => {
    for (const capability of ['translate', 'tts', 'analysis', 'vision'] as const) {
      const client = createOpenAiClient({ apiKey: 'sk', baseURL: undefined }, capability);
      expect({ timeoutMs: client.timeout, maxRetries: client.maxRetries }).toEqual(
        OPENAI_BUDGETS[capability],
      );
    }
  });

  it('counts every attempt and the SDK pause before each retry in the worst case', () => {
    expect(worstCaseMs({ timeoutMs: 10_000, maxRetries: 0 })).toBe(10_000);
    expect(worstCaseMs({ timeoutMs: 10_000, maxRetries: 2 })).toBe(30_000 + 500 + 1_000);
  });
});
