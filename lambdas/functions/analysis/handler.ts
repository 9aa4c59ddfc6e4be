// Every route is wired through the full http stack now (size limit, auth, JSON parsing, validation, errors);
// the bodies belong to the analysis issue and answer 501 until it lands.
import { notImplemented } from '../../http/errors';
import { httpRoute } from '../../http/route';

export const emergency = httpRoute('analysis.emergency', notImplemented);
export const locations = httpRoute('analysis.locations', notImplemented);
export const prices = httpRoute('analysis.prices', notImplemented);
export const exchangeRates = httpRoute('analysis.exchangeRates', notImplemented);
