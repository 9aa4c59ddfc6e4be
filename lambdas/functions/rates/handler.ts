import { RATE_REFRESH_HANDLER } from '@wayfarer/shared/events';
import { httpRoute } from '../../http/route';
import { errorFields, logger } from '../../logger';
import { getRates, getRatesFeed } from '../../providers';
import * as rates from './service';

// Apart from the analysis area so that its DynamoDB client and the analysers' openai client never share a
// bundle (docs/DESIGN.md §3, 400 KB): this area reads and writes the RATES item with the table adapter.

export const exchangeRates = httpRoute('analysis.exchangeRates', async () =>
  rates.exchangeRates(await getRates()),
);

/** The daily exchange-rate refresh, run by the schedule in the infra/aws events stack (RATE_REFRESH_HANDLER). */
export async function refreshRates(): Promise<void> {
  const [feed, cache] = await Promise.all([getRatesFeed(), getRates()]);
  try {
    const outcome = await rates.refreshRates({ feed, cache });
    logger.info('rates refreshed', {
      consumerId: RATE_REFRESH_HANDLER.id,
      outcome: outcome.refreshed ? `refreshed ${outcome.date}` : 'no_feed',
    });
  } catch (error) {
    // The dashboard counts this line as the ECB's failure; the rethrow lets the schedule retry, then dead-letter.
    logger.error('rates refresh failed', { consumerId: RATE_REFRESH_HANDLER.id, ...errorFields(error) });
    throw error;
  }
}
