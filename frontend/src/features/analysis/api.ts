import {
  emergencyResultSchema,
  locationsResponseSchema,
  pricesResponseSchema,
  type EmergencyResult,
  type Location,
  type Price,
  type RatesInfo,
} from '@wayfarer/shared/api/analysis';
import { DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ApiError, callRoute } from '../../lib/api-client';
import { LIMITED, type Limited } from './analysis-model';

// The analysis calls of docs/SPEC.md §7. Each resolves null on any failure, so the three settle independently
// (docs/SPEC.md §8), and LIMITED when the caller's daily analysis ceiling refused it (429
// error_daily_analysis_limit), which the panel shows as the limit it is; the answers are checked with the shared
// schemas because this chunk loads lazily and can afford zod, and a malformed answer is a failure of that
// analysis alone.

async function answerOf<T>(
  call: Promise<unknown>,
  parse: (body: unknown) => T | null,
  signal: AbortSignal,
): Promise<T | null | Limited> {
  try {
    return parse(await call);
  } catch (error) {
    if (signal.aborted) throw error;
    return error instanceof ApiError && error.message === DAILY_LIMIT_KEYS.analysis ? LIMITED : null;
  }
}

export function analyzeEmergency(
  text: string,
  signal: AbortSignal,
): Promise<EmergencyResult | null | Limited> {
  return answerOf(
    callRoute('analysis.emergency', { body: { text }, signal }),
    (body) => emergencyResultSchema.safeParse(body).data ?? null,
    signal,
  );
}

export function analyzeLocations(text: string, signal: AbortSignal): Promise<Location[] | null | Limited> {
  return answerOf(
    callRoute('analysis.locations', { body: { text }, signal }),
    (body) => locationsResponseSchema.safeParse(body).data?.locations ?? null,
    signal,
  );
}

/** The prices found and converted, with the day and source of the rates used (when any were converted). */
export interface ConvertedPrices {
  readonly prices: Price[];
  readonly rates?: RatesInfo;
}

export function analyzePrices(
  text: string,
  targetCurrency: string,
  signal: AbortSignal,
): Promise<ConvertedPrices | null | Limited> {
  return answerOf(
    callRoute('analysis.prices', { body: { text, targetCurrency }, signal }),
    (body) => {
      const answer = pricesResponseSchema.safeParse(body).data;
      if (answer === undefined) return null;
      return { prices: answer.convertedPrices, ...(answer.rates ? { rates: answer.rates } : {}) };
    },
    signal,
  );
}
