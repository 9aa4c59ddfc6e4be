// Every route is wired through the full http stack now (size limit, auth, JSON parsing, validation, errors);
// the bodies belong to the analysis issue and answer 501 until it lands.
import { notImplemented } from '../../http/errors';
import { httpRoute } from '../../http/route';

export const emergency = httpRoute('analysis.emergency', notImplemented);
export const locations = httpRoute('analysis.locations', notImplemented);
export const prices = httpRoute('analysis.prices', notImplemented);
export const exchangeRates = httpRoute('analysis.exchangeRates', notImplemented);

/**
 * The daily exchange-rate refresh, run by the schedule in the infra/aws events stack. The rate feed arrives
 * with the analysis issue; until then the job fails loudly, so its dead-letter alarm shows the gap.
 */
export async function refreshRates(): Promise<void> {
  throw new Error('Exchange-rate refresh is not implemented yet: it arrives with the analysis issue');
}
