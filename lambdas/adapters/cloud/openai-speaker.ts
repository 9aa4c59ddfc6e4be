import OpenAI from 'openai';
import type { VoiceGender } from '@wayfarer/shared/api/voice-output';
import type { Speaker } from '../../ports';
import { CLIENT_DEADLINES } from './client-deadlines';

/** One OpenAI voice per gender; the model comes from configuration (OPENAI_MODEL_TTS). */
export const OPENAI_VOICES: Readonly<Record<VoiceGender, string>> = { female: 'nova', male: 'onyx' };

/** No key is needed by local OpenAI-compatible servers, but the SDK requires one. */
const NO_KEY = 'not-needed';

/** OpenAI's speech (POST /v1/audio/speech): MP3 for any language, streamed as it is produced. */
export function createOpenAiSpeaker(options: {
  readonly apiKey: string | undefined;
  readonly baseUrl: string | undefined;
  readonly model: string;
}): Speaker {
  const client = new OpenAI({
    apiKey: options.apiKey ?? NO_KEY,
    baseURL: options.baseUrl,
    maxRetries: CLIENT_DEADLINES.tts.maxRetries,
    timeout: CLIENT_DEADLINES.tts.timeoutMs,
  });
  return {
    async speak({ text, gender, signal }) {
      const response = await client.audio.speech.create(
        { model: options.model, voice: OPENAI_VOICES[gender], input: text, response_format: 'mp3' },
        { signal },
      );
      if (response.body === null) throw new Error('The speech server answered without audio');
      return {
        contentType: response.headers.get('content-type') ?? 'audio/mpeg',
        audio: response.body as unknown as AsyncIterable<Uint8Array>,
      };
    },
  };
}
