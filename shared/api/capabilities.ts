import * as z from 'zod';

/**
 * Which engine serves a capability right now: a cloud provider (or any OpenAI-compatible server), the
 * embedded offline engine, or none at all (translation has no embedded engine: docs/ENGINES.md).
 */
export const engineStateSchema = z.enum(['cloud', 'embedded', 'unavailable']);
export type EngineState = z.infer<typeof engineStateSchema>;

/** GET /api/capabilities: what the UI can offer, and the start-up banner prints the same truth. */
export const capabilitiesResponseSchema = z.object({
  stt: engineStateSchema,
  translate: engineStateSchema,
  tts: engineStateSchema,
  analysis: engineStateSchema,
  vision: engineStateSchema,
});
export type CapabilitiesResponse = z.infer<typeof capabilitiesResponseSchema>;

/**
 * GET /api/geo/country: the caller's country for language suggestions (docs/SPEC.md §5), from the
 * CloudFront-Viewer-Country header, so no third-party IP service learns the traveller's address.
 */
export const countryResponseSchema = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
});
export type CountryResponse = z.infer<typeof countryResponseSchema>;
