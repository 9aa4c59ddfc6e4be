import { describe, expect, it } from 'vitest';
import { ANSWER_SIZING, answerTokenCap, type AnswerKind } from './answer-caps';
import { OPENAI_BUDGETS, type OpenAiCapability } from './openai-client';

/** The answers that grow with the content, and the capability whose attempt they must fit. */
const GROWING: Partial<Record<AnswerKind, OpenAiCapability>> = {
  prices: 'analysis',
  locations: 'analysis',
  photo: 'vision',
};

describe('answer caps', () => {
  it('sizes an analysis list from its input, from 1024 tokens up to 4096', () => {
    expect(answerTokenCap('prices', 'Un café, deux euros.')).toBe(1024 + 4 * 20);
    expect(answerTokenCap('locations', 'x'.repeat(20_000))).toBe(4096);
  });

  it('gives an emergency and a photo a fixed cap, whatever their input', () => {
    expect(answerTokenCap('emergency', 'Help!')).toBe(answerTokenCap('emergency', 'x'.repeat(20_000)));
    expect(answerTokenCap('photo')).toBe(8192);
  });

  it('never cuts a growing answer that could arrive in time: its ceiling is more than 300 tokens a second for the whole attempt', () => {
    for (const [kind, capability] of Object.entries(GROWING)) {
      const attemptSeconds = OPENAI_BUDGETS[capability].timeoutMs / 1000;
      expect(ANSWER_SIZING[kind as AnswerKind].most, kind).toBeGreaterThanOrEqual(300 * attemptSeconds);
    }
  });
});
