import { ttsProviderForLanguage } from '@wayfarer/shared/domain/languages';
import type { Speaker } from '../../ports/tts';

export class NoSpeakerError extends Error {
  override readonly name = 'NoSpeakerError';
}

/**
 * The cloud engine: Deepgram for the languages it speaks (docs/SPEC.md §5), OpenAI otherwise. The client
 * names the provider by the same rule; when that provider is not configured, OpenAI (which speaks every
 * language) stands in, so a deployment with only an OpenAI key still speaks English.
 */
export function createCloudSpeaker(speakers: {
  readonly deepgram: Speaker | undefined;
  readonly openai: Speaker | undefined;
}): Speaker {
  return {
    speak(input) {
      const deepgramSpeaks = ttsProviderForLanguage(input.language) === 'deepgram';
      const speaker =
        input.provider === 'deepgram' && deepgramSpeaks && speakers.deepgram
          ? speakers.deepgram
          : speakers.openai;
      if (speaker === undefined) {
        return Promise.reject(
          new NoSpeakerError(
            deepgramSpeaks
              ? 'Cloud speech needs DEEPGRAM_API_KEY, or OPENAI_API_KEY with OPENAI_MODEL_TTS'
              : 'Cloud speech for this language needs OPENAI_API_KEY with OPENAI_MODEL_TTS',
          ),
        );
      }
      return speaker.speak(input);
    },
  };
}
