import OpenAI from 'openai';

/*
 * The one place an OpenAI(-compatible) client is made, for translation, speech, analysis and photos: base URL,
 * key (or the placeholder a keyless server gets), and each capability's timeout and retries, which the SDK
 * applies itself (`timeout`, `maxRetries`). The model is named per capability by configuration (readiness.ts
 * reads OPENAI_MODEL_<CAPABILITY>) and passed with each request.
 */

/** The capabilities an OpenAI-compatible server may serve, each with its own model. */
export type OpenAiCapability = 'translate' | 'tts' | 'analysis' | 'vision';

/** Where and with which model a capability runs; no key for a local server (Ollama, llama.cpp, vLLM). */
export interface OpenAiSettings {
  readonly apiKey: string | undefined;
  /** Any OpenAI-compatible server's `/v1` URL; OpenAI's own when absent. */
  readonly baseURL: string | undefined;
  readonly model: string;
}

/** A placeholder key for servers that want none: the SDK refuses to start without one. */
export const NO_KEY = 'not-needed';

/** How long one attempt may wait for the response to start, and how many times the SDK tries again. */
export interface RequestBudget {
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

/**
 * Each capability's budget, which must end before its Lambda's timeout (infra/aws/area-access.ts; checked by
 * infra/aws/openai-budgets.test.ts), so a slow model is a clean error, not a killed function. Streams (translate,
 * tts) time only the wait for the response to start, and are retried only before it starts; they run under the
 * 60 s streaming functions. Analysis and photos run under the buffered functions' 25 s (API Gateway's integration allows 29 s).
 */
export const OPENAI_BUDGETS: Readonly<Record<OpenAiCapability, RequestBudget>> = {
  // The SDK retries a stream only before its answer starts (a connection error, a 5xx, the timeout), never after
  // the first token, so one retry cannot duplicate text; two attempts and the pause fit the 60 s function.
  translate: { timeoutMs: 25_000, maxRetries: 1 },
  tts: { timeoutMs: 25_000, maxRetries: 1 },
  // Three short questions per phrase: one retry of a failed one is worth more than a long wait.
  analysis: { timeoutMs: 11_000, maxRetries: 1 },
  // A photo may take a vision model 10-20 s: one long attempt, as a retry would not fit in the function's 25 s.
  vision: { timeoutMs: 22_000, maxRetries: 0 },
};

/** The SDK's longest pause before each retry (0.5 s doubling, jitter only shortens it; capped at 8 s). */
const retryPauseMs = (retry: number) => Math.min(500 * 2 ** retry, 8_000);

/**
 * The longest a call can take under a budget: every attempt timing out, with the SDK's pauses between. A server's
 * own Retry-After (a 429) can lengthen a pause; the deadline assumes it does not.
 */
export function worstCaseMs(budget: RequestBudget): number {
  let total = budget.timeoutMs * (budget.maxRetries + 1);
  for (let retry = 0; retry < budget.maxRetries; retry += 1) total += retryPauseMs(retry);
  return total;
}

/** An OpenAI SDK client for one capability, with that capability's budget. */
export function createOpenAiClient(
  settings: Pick<OpenAiSettings, 'apiKey' | 'baseURL'>,
  capability: OpenAiCapability,
): OpenAI {
  const { timeoutMs, maxRetries } = OPENAI_BUDGETS[capability];
  return new OpenAI({
    apiKey: settings.apiKey ?? NO_KEY,
    baseURL: settings.baseURL,
    timeout: timeoutMs,
    maxRetries,
  });
}
