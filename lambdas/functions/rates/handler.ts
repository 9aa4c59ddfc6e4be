import { httpRoute } from '../../http/route';
import { getRates, getRatesFeed } from '../../providers';
import * as rates from './service';

// Apart from the analysis area so that its DynamoDB client and the analysers' openai client never share a
// bundle (docs/DESIGN.md §3, 400 KB): this area reads and writes the RATES item with the table adapter.

export const exchangeRates = httpRoute('analysis.exchangeRates', async () => rates.exchangeRates(await getRates()));

/** The daily exchange-rate refresh, run by the schedule in the infra/aws events stack (RATE_REFRESH_HANDLER). */
export async function refreshRates(): Promise<void> {
  const [feed, cache] = await Promise.all([getRatesFeed(), getRates()]);
  await rates.refreshRates({ feed, cache });
}
