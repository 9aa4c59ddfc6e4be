import type { Analyzer } from '@wayfarer/lambdas/ports/analysis';
import { detectEmergency } from './emergency-detector';
import { findLocations } from './place-finder';
import { extractPrices } from './price-extractor';

/** The offline analyser behind the Analyzer port: rules and a gazetteer, deterministic, no I/O. */
export const embeddedAnalyzer: Analyzer = {
  emergency: (text) => Promise.resolve(detectEmergency(text)),
  locations: (text) => Promise.resolve(findLocations(text)),
  prices: (text) => Promise.resolve(extractPrices(text)),
};
