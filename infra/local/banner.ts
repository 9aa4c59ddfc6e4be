import { CAPABILITIES, type ReadinessTable } from '@wayfarer/lambdas/readiness';

/** What to set, for the capabilities nothing serves; the README says more. Others print the table's reason. */
const UNAVAILABLE_HINTS: Readonly<Record<string, string>> = {
  translate:
    'set OPENAI_MODEL_TRANSLATE and OPENAI_API_KEY or OPENAI_BASE_URL: README, Translation and voices',
  tts: 'set DEEPGRAM_API_KEY, or OPENAI_MODEL_TTS with OPENAI_API_KEY: README, Translation and voices',
};

/**
 * The start-up banner's line for each capability, as the readiness table (lambdas/readiness.ts) says: the engine
 * when it is ready, the engine and why when it is degraded, `unavailable` and what to set otherwise.
 */
export function capabilityLines(table: ReadinessTable): string[] {
  return CAPABILITIES.map((capability) => {
    const verdict = table[capability];
    const name = `  ${capability.padEnd(10)} `;
    switch (verdict.readiness) {
      case 'ready':
        return `${name}${verdict.engine}`;
      case 'degraded':
        return `${name}${verdict.engine}, degraded  (${verdict.reason})`;
      case 'unavailable':
        return `${name}unavailable  (${UNAVAILABLE_HINTS[capability] ?? verdict.reason})`;
    }
  });
}
