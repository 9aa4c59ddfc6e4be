import * as z from 'zod';

/** Every failed response carries one human-readable message (or message key) and nothing else. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Plain acknowledgement for calls whose response the client does not read (docs/SPEC.md §7: "response not shown"). */
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** A BCP-47 primary language code as used in the language table: `en`, `pt`, `zh`. */
export const languageCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Must be a language code such as en or pt-BR');

/** ISO 4217 currency code, upper case. */
export const currencyCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'Must be a three-letter currency code such as EUR');

/** Free text a traveller said or photographed; bounded so one call cannot exhaust a Lambda. */
export const MAX_TEXT_CHARS = 20_000;
export const userTextSchema = z.string().trim().min(1, 'Text must not be empty').max(MAX_TEXT_CHARS);
