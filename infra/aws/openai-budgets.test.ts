import { describe, expect, it } from 'vitest';
import { OPENAI_BUDGETS, worstCaseMs } from '@wayfarer/lambdas/adapters/cloud/openai-client';
import { accessForArea } from './area-access';

// An OpenAI-compatible call must give up before its function does, so a slow model answers a clean error (the
// service's 503) rather than a killed Lambda. Each capability runs in the area of the same name.
describe('OpenAI-compatible request budgets', () => {
  it.each(Object.entries(OPENAI_BUDGETS))(
    '%s: every attempt and the pauses between end before the function times out',
    (capability, budget) => {
      const { timeoutSeconds } = accessForArea(capability as keyof typeof OPENAI_BUDGETS);
      expect(worstCaseMs(budget)).toBeLessThan(timeoutSeconds * 1000);
    },
  );
});
