import * as z from 'zod';
import {
  emergencyResultSchema,
  locationSchema,
  priceSchema,
  type EmergencyResult,
} from '@wayfarer/shared/api/analysis';
import { emergencyContactsFor, medicalFacilitySearches } from '../../domain/emergency-contacts';
import type { Analyzer } from '../../ports/analysis';
import { answerTokenCap } from './answer-caps';
import { createOpenAiClient, type OpenAiSettings } from './openai-client';
import { strictJsonSchema, structuredReply } from './strict-json-schema';

/*
 * What the model is asked for: the shared shapes (shared/api/analysis.ts) less what it must not supply. Prices
 * leave out the conversion fields (the server converts); an emergency leaves out the numbers and facilities,
 * which come from the checked table and map searches, never from a model that might invent them. Built on the
 * first analyser, not at import, so a bundle that imports the composition root without analysing stays free
 * of this module and the openai client.
 */
function replySchemas() {
  const detectedPriceSchema = priceSchema.pick({
    originalText: true,
    amount: true,
    currency: true,
    context: true,
  });
  return {
    prices: z.object({ prices: z.array(detectedPriceSchema) }),
    locations: z.object({ locations: z.array(locationSchema) }),
    emergency: emergencyResultSchema
      .pick({ isEmergency: true, severity: true, detectedIssues: true, countryDetected: true })
      .extend({
        countryCode: z.string().describe('ISO 3166-1 alpha-2 code of the country the text is about, or ""'),
        medical: z.boolean().describe('whether someone needs medical help'),
        place: z.string().describe('the city or place the text is about, as said, or ""'),
      }),
  };
}

const INSTRUCTIONS = {
  prices:
    'List every price said in the text. originalText: the words as said; amount: a number; currency: the ISO ' +
    '4217 code, inferred from symbol, word or the country the text is about; context: what the price is for ' +
    'and, if the currency was inferred, how. Return an empty list when there is none.',
  locations:
    'List every place named in the text: restaurants, hotels, landmarks, attractions, museums, airports, ' +
    'stations, cities, countries, regions, parks, buildings, addresses. originalText: as said; name: its usual ' +
    'name; address: city and country; latitude and longitude as decimal strings, or "" when not sure.',
  emergency:
    'Say whether the text tells of an emergency (medical, police, fire, lost or stolen, accident), its severity ' +
    '(high, medium, low), the issues in a few words each, and the country it happens in (name and ISO code). ' +
    'Severity: high when a life may be at risk (not breathing, a breathing attack, heavy bleeding, fire, a ' +
    'threat or a missing person); medium for theft, lost identity or travel documents (a passport, an identity ' +
    'card) or an injury that is not life-threatening; low for a minor injury, a mild illness, another belonging ' +
    'lost, or a fall or hurt the speaker calls nothing serious. Figures of speech, films, books and history are ' +
    'no emergency. ' +
    'Do not give phone numbers.',
} as const;

export class AnalysisReplyError extends Error {
  override readonly name = 'AnalysisReplyError';
}

/** OpenAI structured outputs (docs/DESIGN.md §6). A refused or malformed reply fails that analysis alone. */
export function createOpenAiAnalyzer(options: OpenAiSettings): Analyzer {
  const client = createOpenAiClient(options, 'analysis');

  const schemas = replySchemas();
  const responseFormats = {
    prices: strictJsonSchema(schemas.prices),
    locations: strictJsonSchema(schemas.locations),
    emergency: strictJsonSchema(schemas.emergency),
  };

  async function ask<T>(kind: keyof typeof INSTRUCTIONS, schema: z.ZodType<T>, text: string): Promise<T> {
    const completion = await client.chat.completions.create({
      model: options.model,
      // OpenAI's current cap, which reasoning models take (and count their thinking in); they refuse `max_tokens`.
      max_completion_tokens: answerTokenCap(kind, text),
      messages: [
        { role: 'system', content: INSTRUCTIONS[kind] },
        { role: 'user', content: text },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: `${kind}_analysis`, strict: true, schema: responseFormats[kind] },
      },
    });
    return structuredReply(completion.choices[0], schema, `${kind} analysis`, AnalysisReplyError);
  }

  return {
    prices: async (text) => (await ask('prices', schemas.prices, text)).prices,
    locations: async (text) => (await ask('locations', schemas.locations, text)).locations,
    async emergency(text): Promise<EmergencyResult> {
      const reply = await ask('emergency', schemas.emergency, text);
      return {
        isEmergency: reply.isEmergency,
        severity: reply.severity,
        detectedIssues: reply.detectedIssues,
        countryDetected: reply.countryDetected,
        emergencyContacts: reply.isEmergency ? emergencyContactsFor(reply.countryCode || undefined) : [],
        nearbyMedicalFacilities:
          reply.isEmergency && reply.medical
            ? medicalFacilitySearches(reply.severity, reply.place || reply.countryDetected)
            : [],
      };
    },
  };
}
