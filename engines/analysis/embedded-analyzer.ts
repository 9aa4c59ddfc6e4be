import type { Analyzer } from '@wayfarer/lambdas/ports/analysis';
import { analyseText, type AnalysedText } from './analysed-text';
import { detectEmergency } from './emergency-detector';
import { findLocations } from './place-finder';
import { extractPrices } from './price-extractor';

/** The texts read lately: the card asks for emergency, places and prices of the same text one after another. */
const RECENT_TEXTS = 16;
const recent = new Map<string, AnalysedText>();

function read(text: string): AnalysedText {
  const known = recent.get(text);
  if (known) return known;
  const analysed = analyseText(text);
  if (recent.size >= RECENT_TEXTS) recent.delete(recent.keys().next().value ?? '');
  recent.set(text, analysed);
  return analysed;
}

/** The offline analyser behind the Analyzer port: rules and a gazetteer, deterministic, no I/O. */
export const embeddedAnalyzer: Analyzer = {
  emergency: (text) => Promise.resolve(detectEmergency(read(text))),
  locations: (text) => Promise.resolve(findLocations(read(text))),
  prices: (text) => Promise.resolve(extractPrices(read(text))),
};
