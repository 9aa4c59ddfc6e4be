import type { VoiceGender } from '@wayfarer/shared/api/voice-output';
import type { Speaker } from '../../ports/tts';
import { createOpenAiClient, type OpenAiSettings } from './openai-client';
import { pcmAsWavStream, STREAMING_WAV_CONTENT_TYPE } from './pcm-wav-stream';

/** One OpenAI voice per gender; the model comes from configuration (OPENAI_MODEL_TTS). */
export const OPENAI_VOICES: Readonly<Record<VoiceGender, string>> = { female: 'nova', male: 'onyx' };

/**
 * OpenAI's speech (POST /v1/audio/speech) for any language: raw 24 kHz PCM, passed on as a streaming WAV as it is
 * produced, so the browser plays it progressively.
 */
export function createOpenAiSpeaker(options: OpenAiSettings): Speaker {
  const client = createOpenAiClient(options, 'tts');
  return {
    async speak({ text, gender, speed, signal }) {
      const response = await client.audio.speech.create(
        {
          model: options.model,
          voice: OPENAI_VOICES[gender],
          input: text,
          response_format: 'pcm',
          ...(speed === undefined ? {} : { speed }),
        },
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
