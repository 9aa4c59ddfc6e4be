/*
 * The most tokens each kind of model answer may take (docs/DESIGN.md §9), sent as the request's output cap so that
 * no input can buy a long generation. A cap counts what the answer needs, never less: a cut answer is a failure
 * (finish_reason `length`), so each is sized for the longest correct answer the input can have.
 */

/** An answer's cap: `base` tokens, plus `perInputChar` for each character of the input, at most `most`. */
export interface AnswerSizing {
  readonly base: number;
  readonly perInputChar: number;
  readonly most: number;
}

/*
 * A token is at least a character in every script. Translations: no language needs twice the characters of another
 * for the same phrase, so twice the input (plus room for a short phrase) is never reached by a translation.
 * Analysis lists (prices, places): each item found repeats its words and adds a few fields, some 40-60 tokens of
 * JSON for a mention of 5-20 characters, so 4 a character; the 1024 at the base also leaves a reasoning model
 * (whose thinking counts in `max_completion_tokens`) room to think about a short phrase. An emergency is one small
 * object whatever the text's length (7 fields, a few issues in a few words each: under 200 tokens). A photo's answer
 * is the text of the photo twice (as written and translated) and its prices: a dense menu of 3,000 characters is
 * about 1,000 tokens as written, up to 3,000 translated (1 a character in Chinese or Japanese) and 60 prices at
 * 45 each, under 7,000; its input, a picture, says nothing cheaper about the text's length.
 * The ceilings of the answers that grow with what was said or photographed (lists, photos) are more than a model
 * writes within the capability's attempt (OPENAI_BUDGETS) at 300 tokens a second, several times a small model's
 * rate: an answer long enough to meet them could not arrive in time anyway.
 */
export const ANSWER_SIZING = {
  translation: { base: 64, perInputChar: 2, most: 4096 },
  prices: { base: 1024, perInputChar: 4, most: 4096 },
  locations: { base: 1024, perInputChar: 4, most: 4096 },
  emergency: { base: 1024, perInputChar: 0, most: 1024 },
  photo: { base: 8192, perInputChar: 0, most: 8192 },
} as const satisfies Record<string, AnswerSizing>;

export type AnswerKind = keyof typeof ANSWER_SIZING;

/** The output cap for an answer of this kind to `input` (a photo's answer is sized without it). */
export function answerTokenCap(kind: AnswerKind, input = ''): number {
  const sizing: AnswerSizing = ANSWER_SIZING[kind];
  return Math.min(sizing.most, sizing.base + sizing.perInputChar * input.length);
}
