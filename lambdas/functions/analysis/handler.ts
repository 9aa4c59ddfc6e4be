import { httpRoute } from '../../http/route';
import { getAnalyzer, getRates, getRatesFeed } from '../../providers';
import * as analysis from './service';

export const emergency = httpRoute('analysis.emergency', (request) =>
  analysis.analyseEmergency(getAnalyzer, request.body.text),
);

export const locations = httpRoute('analysis.locations', (request) =>
  analysis.findLocations(getAnalyzer, request.body.text),
);

export const prices = httpRoute('analysis.prices', async (request) =>
  analysis.convertedPrices(
    { analyzer: getAnalyzer, rates: await getRates() },
    request.body.text,
    request.body.targetCurrency,
  ),
);

export const exchangeRates = httpRoute('analysis.exchangeRates', async () => analysis.exchangeRates(await getRates()));

/** The daily exchange-rate refresh, run by the schedule in the infra/aws events stack (RATE_REFRESH_HANDLER). */
export async function refreshRates(): Promise<void> {
  const [feed, cache] = await Promise.all([getRatesFeed(), getRates()]);
  await analysis.refreshRates({ feed, cache });
}
