import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHARS_PER_TOKEN,
  startOpenAiCompatibleServer,
  type FakeOpenAiServer,
} from '../../testing/openai-compatible-server';
import { answerTokenCap } from './answer-caps';
import { createOpenAiVision, VisionReplyError } from './openai-vision';

// The real openai SDK against the protocol-faithful fake server: an image input and a structured output.

const MENU = readFileSync(
  fileURLToPath(new URL('../../../frontend/e2e/fixtures/menu.mjpeg', import.meta.url)),
);
let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startOpenAiCompatibleServer();
});
afterEach(() => server.close());

const vision = () =>
  createOpenAiVision({ apiKey: 'placeholder', baseURL: `${server.url}/v1`, model: 'vision-model' });
const read = () => vision().readImage({ image: MENU, contentType: 'image/jpeg', targetLanguage: 'en' });
const reply = (content: unknown) => ({ kind: 'reply' as const, content: JSON.stringify(content) });
const READ = {
  originalText: 'Café crème 3,20 €',
  translatedText: 'White coffee €3.20',
  prices: [{ originalText: '3,20 €', amount: 3.2, currency: 'EUR', context: 'Café crème' }],
};

interface SeenBody {
  readonly model: string;
  readonly messages: readonly { role: string; content: unknown }[];
  readonly response_format: {
    readonly json_schema: { readonly strict: boolean; readonly schema: Record<string, unknown> };
  };
}

describe('OpenAI vision', () => {
  it('sends the JPEG as a data URL with the configured model and a strict schema from the shared shapes', async () => {
    server.script(reply(READ));
    await read();
    const body = server.requests.at(-1)?.body as SeenBody;
    expect(body.model).toBe('vision-model');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema).not.toHaveProperty('$schema');
    expect(body.response_format.json_schema.schema).toMatchObject({
      required: ['originalText', 'translatedText', 'prices'],
    });
    expect(body.messages[0]?.content).toMatch(/English/);
    expect(body.messages[1]?.content).toEqual([
      {
        type: 'image_url',
        image_url: { url: `data:image/jpeg;base64,${MENU.toString('base64')}`, detail: 'high' },
      },
    ]);
  });

  it('returns the text, its translation and the prices of a well-formed reply', async () => {
    server.script(reply(READ));
    await expect(read()).resolves.toEqual(READ);
  });

  it('fails on a refusal', async () => {
    server.script({ kind: 'reply', refusal: 'I cannot help with that.' });
    await expect(read()).rejects.toBeInstanceOf(VisionReplyError);
  });

  it('fails on a reply that does not fit the schema', async () => {
    server.script(reply({ originalText: 'x' }));
    await expect(read()).rejects.toBeInstanceOf(VisionReplyError);
  });

  it('asks for an answer capped at a dense menu, read and translated with its prices (max_completion_tokens)', async () => {
    server.script(reply(READ));
    await read();
    const body = server.requests.at(-1)?.body as { max_completion_tokens?: number; max_tokens?: number };
    expect(body.max_completion_tokens).toBe(answerTokenCap('photo'));
    expect(body.max_tokens).toBeUndefined();
  });

  it('fails the photo, not a text cut short, when the provider stops at the cap (finish_reason length)', async () => {
    const line = 'Café crème 3,20 €\n';
    const long = line.repeat(Math.ceil((answerTokenCap('photo') * CHARS_PER_TOKEN) / line.length) + 1);
    server.script(reply({ originalText: long, translatedText: long, prices: [] }));
    const failure = read();
    await expect(failure).rejects.toBeInstanceOf(VisionReplyError);
    await expect(failure).rejects.toThrow(/reached its token cap/);
  });

  it('fails when the provider answers an error', async () => {
    server.script({ kind: 'fail', status: 400, message: 'bad image' });
    await expect(read()).rejects.toThrow();
  });
});
