import { AudioClient } from '@deepgram/sdk/speak/v1/audio';
import type { VoiceGender } from '@wayfarer/shared/api/voice-output';
import { languagePart } from '@wayfarer/shared/domain/languages';
import type { Speaker } from '../../ports/tts';
import { CLIENT_DEADLINES } from './client-deadlines';
import { CLOUD_PCM_SAMPLE_RATE, pcmAsWavStream, STREAMING_WAV_CONTENT_TYPE } from './pcm-wav-stream';

/**
 * Aura-2 voices, one per gender for each language Deepgram speaks (docs/SPEC.md §5: en and es). Imported from
 * the SDK's speak subpath only: the whole client would add about 200 KB to the tts bundle.
 */
export const AURA_VOICES: Readonly<Record<string, Readonly<Record<VoiceGender, string>>>> = {
  en: { female: 'aura-2-thalia-en', male: 'aura-2-apollo-en' },
  es: { female: 'aura-2-celeste-es', male: 'aura-2-nestor-es' },
};

export class UnsupportedVoiceError extends Error {
  override readonly name = 'UnsupportedVoiceError';
}

/**
 * Deepgram's REST speech (POST /v1/speak): raw 24 kHz linear16, passed on as a streaming WAV as Deepgram sends
 * it, so the browser plays it progressively.
 */
export function createDeepgramSpeaker(options: {
  readonly apiKey: string;
  /** Tests point the real client at a local server; Deepgram's own by default. */
  readonly baseUrl?: string;
}): Speaker {
  const client = new AudioClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    maxRetries: CLIENT_DEADLINES.tts.maxRetries,
    timeoutInSeconds: CLIENT_DEADLINES.tts.timeoutMs / 1000,
  });
  return {
    async speak({ text, language, gender, speed, signal }) {
      const voice = AURA_VOICES[languagePart(language)]?.[gender];
      if (voice === undefined)
        throw new UnsupportedVoiceError(`Deepgram has no ${gender} voice for ${language}`);
      const { data } = await client
        .generate(
          {
            text,
            model: voice,
            encoding: 'linear16',
            container: 'none',
            sample_rate: CLOUD_PCM_SAMPLE_RATE,
            ...(speed === undefined ? {} : { speed }),
          },
          { abortSignal: signal },
        )
        .withRawResponse();
      const body = data.stream();
      if (body === null) throw new Error('Deepgram answered without audio');
      return {
        contentType: STREAMING_WAV_CONTENT_TYPE,
        audio: pcmAsWavStream(body as AsyncIterable<Uint8Array>),
      };
    },
  };
}
