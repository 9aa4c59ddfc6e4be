// Emergency telephone numbers per country: data/emergency-numbers.json (its sources, and the rule for changing an
// entry, in data/SOURCES.md), read and checked once when the module loads.
import * as z from 'zod';
import emergencyNumbersJson from './data/emergency-numbers.json';

/** A number as dialled: digits only; null where the service has no number of its own. */
const dialled = z
  .string()
  .regex(/^\d{2,6}$/)
  .nullable();

export const emergencyNumbersSchema = z.strictObject({
  columns: z.tuple([z.literal('police'), z.literal('medical'), z.literal('fire'), z.literal('general')]),
  countries: z.record(z.string().regex(/^[A-Z]{2}$/), z.tuple([dialled, dialled, dialled, dialled])),
});

export interface EmergencyNumbers {
  readonly police: string;
  readonly medical: string;
  readonly fire: string;
  readonly general: string;
}

/** What a GSM phone dials when the country is unknown: networks route 112 to the local service. */
export const UNKNOWN_COUNTRY_NUMBER = '112';

/** Per country (ISO 3166-1 alpha-2); '' where a service has no number of its own there. */
export const EMERGENCY_NUMBERS: ReadonlyMap<string, EmergencyNumbers> = new Map(
  Object.entries(emergencyNumbersSchema.parse(emergencyNumbersJson).countries).map(
    ([code, [police, medical, fire, general]]) => [
      code,
      { police: police ?? '', medical: medical ?? '', fire: fire ?? '', general: general ?? '' },
    ],
  ),
);

/** The numbers of a country, or undefined when the code is not a country we know. */
export function emergencyNumbersOf(countryCode: string): EmergencyNumbers | undefined {
  return EMERGENCY_NUMBERS.get(countryCode.trim().toUpperCase());
}
