import OpenAI from 'openai';
import type { VoiceGender } from '@wayfarer/shared/api/voice-output';
import type { Speaker } from '../../ports';
import { pcmAsWavStream, STREAMING_WAV_CONTENT_TYPE } from './pcm-wav-stream';

/** One OpenAI voice per gender; the model comes from configuration (OPENAI_MODEL_TTS). */
export const OPENAI_VOICES: Readonly<Record<VoiceGender, string>> = { female: 'nova', male: 'onyx' };

/** No key is needed by local OpenAI-compatible servers, but the SDK requires one. */
const NO_KEY = 'not-needed';

/**
 * OpenAI's speech (POST /v1/audio/speech) for any language: raw 24 kHz PCM, passed on as a streaming WAV as it is
 * produced, so the browser plays it progressively (issue 25).
 */
export function createOpenAiSpeaker(options: {
  readonly apiKey: string | undefined;
  readonly baseUrl: string | undefined;
  readonly model: string;
}): Speaker {
  const client = new OpenAI({ apiKey: options.apiKey ?? NO_KEY, baseURL: options.baseUrl, maxRetries: 0 });
  return {
    async speak({ text, gender, signal }) {
      const response = await client.audio.speech.create(
        { model: options.model, voice: OPENAI_VOICES[gender], input: text, response_format: 'pcm' },
        { signal },
      );
      if (response.body === null) throw new Error('The speech server answered without audio');
      return {
        contentType: STREAMING_WAV_CONTENT_TYPE,
        audio: pcmAsWavStream(response.body as unknown as AsyncIterable<Uint8Array>),
      };
    },
  };
}
