import * as z from 'zod';
import { languageCodeSchema } from './common';
import { TTS_PROVIDERS } from '../domain/languages';
import { VOICE_GENDERS, type VoiceGender } from '../constants';

export const ttsProviderSchema = z.enum(TTS_PROVIDERS);
export type TtsProvider = z.infer<typeof ttsProviderSchema>;

export const voiceGenderSchema = z.enum(VOICE_GENDERS);
// Named in constants.ts; re-exported so code that reads the TTS schema (lambdas/ports/tts.ts) finds the type beside it.
export type { VoiceGender };

/** Speech is synthesised phrase by phrase; a phrase longer than this is a client bug, not speech. */
export const MAX_TTS_CHARS = 2_000;

/**
 * The fastest a voice is asked to speak (docs/SPEC.md §9 spoken lag): past it, speech stops sounding natural, and
 * Deepgram's Aura-2 takes no more. The engine keeps the pitch: this is its `speed`, not a faster playback.
 */
export const MAX_SPEECH_RATE = 1.5;

export const ttsPathSchema = z.object({ provider: ttsProviderSchema });
export const ttsRequestSchema = z.object({
  text: z.string().trim().min(1).max(MAX_TTS_CHARS),
  language: languageCodeSchema,
  gender: voiceGenderSchema,
  /** How much faster than its own pace the voice speaks (1 when absent). */
  speed: z.number().min(1).max(MAX_SPEECH_RATE).optional(),
});
export type TtsRequest = z.infer<typeof ttsRequestSchema>;

/** POST /api/translate: the phrase to translate; the response streams `0:"chunk"` lines. */
export const translateRequestSchema = z.object({
  messages: z
    .array(
      z.object({
        role: z.literal('user'),
        content: z
          .string()
          .trim()
          .min(1)
          .max(MAX_TTS_CHARS * 2),
      }),
    )
    .min(1)
    .max(20),
  outputLanguage: languageCodeSchema,
});
export type TranslateRequest = z.infer<typeof translateRequestSchema>;

/** Each streamed line is `0:` followed by a JSON string chunk (docs/SPEC.md §7). */
export const TRANSLATE_CHUNK_PREFIX = '0:';
/**
 * A failure after the first chunk can no longer change the status: the stream ends with one line of this prefix
 * followed by a JSON string, the message for the screen (docs/SPEC.md §8), and the client shows it.
 */
export const TRANSLATE_ERROR_PREFIX = '3:';
