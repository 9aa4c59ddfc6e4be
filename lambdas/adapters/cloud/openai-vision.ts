import * as z from 'zod';
import { priceSchema } from '@wayfarer/shared/api/analysis';
import { translateImageResponseSchema } from '@wayfarer/shared/api/vision';
import { findLanguage } from '@wayfarer/shared/domain/languages';
import type { Vision } from '../../ports/vision';
import { answerTokenCap } from './answer-caps';
import { createOpenAiClient, type OpenAiSettings } from './openai-client';
import { strictJsonSchema, structuredReply } from './strict-json-schema';

/*
 * What the model returns: the shared response shape, its prices less the conversion fields (the client converts).
 * Built on the first reader, not at import, so a bundle that imports the composition root without reading photos
 * stays free of this module and the openai client.
 */
function replySchema() {
  return translateImageResponseSchema.extend({
    prices: z.array(priceSchema.pick({ originalText: true, amount: true, currency: true, context: true })),
  });
}

export function visionInstructions(targetLanguage: string): string {
  const language = findLanguage(targetLanguage);
  const name = language ? `${language.englishName} (${language.nativeName})` : targetLanguage;
  return [
    'The image is a photo a traveller took: a menu, a sign, a notice or a label.',
    'originalText: all the text in it, as written, line by line in reading order; "" when there is none.',
    `translatedText: that text translated into ${name}, line by line; "" when there is no text.`,
    'prices: every price in it. originalText: as written; amount: a number; currency: the ISO 4217 code, inferred ' +
      'from symbol, word or the country the text is from; context: what the price is for. An empty list when none.',
  ].join('\n');
}

export class VisionReplyError extends Error {
  override readonly name = 'VisionReplyError';
}

/** OpenAI vision with structured output (docs/DESIGN.md §6): one call reads, translates and finds the prices. */
export function createOpenAiVision(options: OpenAiSettings): Vision {
  // Under the function's 25 s (openai-client.ts), so a slow model is a 503, not a timeout.
  const client = createOpenAiClient(options, 'vision');
  const schema = replySchema();
  const responseFormat = strictJsonSchema(schema);

  return {
    async readImage({ image, contentType, targetLanguage }) {
      const completion = await client.chat.completions.create({
        model: options.model,
        // As for analysis (openai-analyzer.ts): the cap reasoning models take.
        max_completion_tokens: answerTokenCap('photo'),
        messages: [
          { role: 'system', content: visionInstructions(targetLanguage) },
          {
            role: 'user',
            content: [
              {
                type: 'image_url',
                image_url: { url: `data:${contentType};base64,${image.toString('base64')}`, detail: 'high' },
              },
            ],
          },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'photo_translation', strict: true, schema: responseFormat },
        },
      });
      return structuredReply(completion.choices[0], schema, 'photo', VisionReplyError);
    },
  };
}
