import type { Engine } from '../engine';
import { embeddedAnalyzer } from './embedded-analyzer';

/** Travel analysis offline: the rule-based analyser (prices, places, emergencies) in this process. */
export const analysisEngine: Engine<'analysis'> = {
  capability: 'analysis',
  provider: () => embeddedAnalyzer,
};
