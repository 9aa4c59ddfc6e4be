import { httpRoute } from '../../http/route';
import { getAnalyzer, getRatesReader } from '../../providers';
import * as analysis from './service';

export const emergency = httpRoute('analysis.emergency', (request) =>
  analysis.analyseEmergency(getAnalyzer, request.body.text),
);

export const locations = httpRoute('analysis.locations', (request) =>
  analysis.findLocations(getAnalyzer, request.body.text),
);

export const prices = httpRoute('analysis.prices', async (request) =>
  analysis.convertedPrices(
    { analyzer: getAnalyzer, rates: await getRatesReader() },
    request.body.text,
    request.body.targetCurrency,
  ),
);
