import type { EmergencyResult, Location, Price, RatesInfo } from '@wayfarer/shared/api/analysis';
import { ANALYSIS_MESSAGE_KEYS, type MessageKey } from '@wayfarer/shared/domain/error-keys';
import { filterLocations, filterPrices } from '@wayfarer/shared/domain/filters';
import { convertPrice } from '@wayfarer/shared/domain/money';
import { CapabilityUnavailableError } from '../../http/errors';
import type { Analyzer } from '../../ports/analysis';
import type { Rates } from '../../ports/rates';

/** The analyser as the composition root builds it: building can fail too (an engine not available here). */
export type AnalyzerSource = () => Promise<Analyzer>;

/*
 * A failed analysis is the analyser's failure (a model down, a refused or malformed reply, an engine not
 * available here), not the caller's: a 503 CapabilityUnavailable whose message is the card's own text key (docs/SPEC.md §8), so each
 * card fails alone and the cause reaches the log only. The text never appears in the error.
 */
async function analysed<T>(messageKey: MessageKey, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new CapabilityUnavailableError(messageKey, { cause: error });
  }
}

export function analyseEmergency(analyzer: AnalyzerSource, text: string): Promise<EmergencyResult> {
  return analysed(ANALYSIS_MESSAGE_KEYS.emergencyFailed, async () => (await analyzer()).emergency(text));
}

/** docs/SPEC.md §5: places without a usable name or original text never reach the card. */
export async function findLocations(
  analyzer: AnalyzerSource,
  text: string,
): Promise<{ locations: Location[] }> {
  const found = await analysed(ANALYSIS_MESSAGE_KEYS.locationsFailed, async () =>
    (await analyzer()).locations(text),
  );
  return { locations: filterLocations(found) };
}

/**
 * docs/SPEC.md §5 and §7: the usable prices, each converted through USD and rounded to 2 decimals, with the day and
 * source of the rates used. A price whose
 * currency (or the target) has no rate keeps its target but no converted amount: the card says 'No rate
 * available' for that line and shows the rest.
 */
export async function convertedPrices(
  ports: { readonly analyzer: AnalyzerSource; readonly rates: Rates },
  text: string,
  targetCurrency: string,
): Promise<{ convertedPrices: Price[]; rates?: RatesInfo }> {
  const found = await analysed(ANALYSIS_MESSAGE_KEYS.pricesFailed, async () =>
    (await ports.analyzer()).prices(text),
  );
  const usable = filterPrices(found);
  if (usable.length === 0) return { convertedPrices: [] };
  const { rates, date, source } = await ports.rates.latest();
  return {
    // docs/SPEC.md §2: the card says how old the rates are, and when they are the shipped snapshot.
    rates: { date, source: source ?? 'daily' },
    convertedPrices: usable.map((price) => {
      const conversion = convertPrice(price, targetCurrency, rates);
      return conversion.ok
        ? conversion.price
        : { ...price, targetCurrency, isAlreadyInTargetCurrency: false };
    }),
  };
}
