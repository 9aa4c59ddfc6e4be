import * as z from 'zod';
import { currencyCodeSchema, userTextSchema } from './common';

export const priceSchema = z.object({
  originalText: z.string(),
  amount: z.number(),
  currency: z.string(),
  context: z.string(),
  targetCurrency: z.string().optional(),
  convertedAmount: z.number().optional(),
  isAlreadyInTargetCurrency: z.boolean().optional(),
});
export type Price = z.infer<typeof priceSchema>;

export const locationTypeSchema = z.enum([
  'restaurant',
  'hotel',
  'landmark',
  'attraction',
  'museum',
  'airport',
  'station',
  'city',
  'country',
  'region',
  'park',
  'building',
  'address',
  'other',
]);
export type LocationType = z.infer<typeof locationTypeSchema>;

/** Coordinates are strings because the client treats an empty one as "no coordinates" (docs/SPEC.md §2). */
export const locationSchema = z.object({
  originalText: z.string(),
  name: z.string(),
  address: z.string(),
  type: locationTypeSchema,
  latitude: z.string(),
  longitude: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const severitySchema = z.enum(['high', 'medium', 'low']);
export const emergencyContactSchema = z.object({
  type: z.string(),
  number: z.string(),
  labelKey: z.string(),
  country: z.string(),
});
export const medicalFacilityTypeSchema = z.enum(['hospital', 'pharmacy', 'clinic']);
export const medicalFacilitySchema = z.object({
  name: z.string(),
  type: medicalFacilityTypeSchema,
  address: z.string(),
  latitude: z.string(),
  longitude: z.string(),
});
export const emergencyResultSchema = z.object({
  isEmergency: z.boolean(),
  severity: severitySchema,
  detectedIssues: z.array(z.string()),
  countryDetected: z.string(),
  emergencyContacts: z.array(emergencyContactSchema),
  nearbyMedicalFacilities: z.array(medicalFacilitySchema),
});
export type EmergencyResult = z.infer<typeof emergencyResultSchema>;

export const analysisTextRequestSchema = z.object({ text: userTextSchema });
export const pricesRequestSchema = z.object({ text: userTextSchema, targetCurrency: currencyCodeSchema });
export type AnalysisTextRequest = z.infer<typeof analysisTextRequestSchema>;
export type PricesRequest = z.infer<typeof pricesRequestSchema>;

/** Where rates come from: the daily feed (refreshed in AWS), or the snapshot shipped with the code. */
export const ratesSourceSchema = z.enum(['daily', 'snapshot']);
export type RatesSource = z.infer<typeof ratesSourceSchema>;
/** The rates a conversion used: their day (yyyy-mm-dd) and their source (docs/SPEC.md §2, the price card). */
export const ratesInfoSchema = z.object({ date: z.iso.date(), source: ratesSourceSchema });
export type RatesInfo = z.infer<typeof ratesInfoSchema>;
/** Daily rates older than this are labelled stale: the refresh has been failing (the ECB skips weekends). */
export const RATES_STALE_AFTER_DAYS = 7;

export const locationsResponseSchema = z.object({ locations: z.array(locationSchema) });
/** `rates` is there whenever prices were converted. */
export const pricesResponseSchema = z.object({
  convertedPrices: z.array(priceSchema),
  rates: ratesInfoSchema.optional(),
});
/** Rates against USD: 1 USD = rates[code] units of code, with their day and source. */
export const exchangeRatesResponseSchema = z.object({
  rates: z.record(z.string(), z.number().positive()),
  date: z.iso.date().optional(),
  source: ratesSourceSchema.optional(),
});
export type ExchangeRatesResponse = z.infer<typeof exchangeRatesResponseSchema>;
