import { createOpenAiAnalyzer } from './adapters/cloud/openai-analyzer';
import { engine, registeredEngine } from './providers';
import type { Analyzer } from './ports';

/*
 * The engines whose cloud choice calls a model through the openai SDK, kept apart from the composition root
 * (providers.ts) for one reason: openai is not marked free of side effects, so esbuild keeps all ~147 KB of
 * it in any bundle that merely imports the module that imports it. Only the handlers that call a model import
 * this file; every other bundle stays clear of it (infra/aws/lambda-bundles.test.ts).
 */

/** An analyser that cannot work as configured: each analysis fails (503) and the log says why. */
const refusingAnalyzer = (reason: string): Analyzer => {
  const refuse = () => Promise.reject(new Error(reason));
  return { emergency: refuse, locations: refuse, prices: refuse };
};

/** Prices, places and emergencies: OpenAI structured outputs, or the local cloud's rules and gazetteer. */
export const getAnalyzer = /* @__PURE__ */ engine('analysis', {
  cloud: ({ OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL_ANALYSIS }) =>
    OPENAI_MODEL_ANALYSIS === undefined
      ? refusingAnalyzer('ANALYSIS_ENGINE=cloud needs OPENAI_MODEL_ANALYSIS')
      : createOpenAiAnalyzer({
          // An OpenAI-compatible local server (OPENAI_BASE_URL) takes no key; the SDK still wants one.
          apiKey: OPENAI_API_KEY ?? 'not-needed',
          baseURL: OPENAI_BASE_URL,
          model: OPENAI_MODEL_ANALYSIS,
        }),
  embedded: registeredEngine('analysis'),
});
