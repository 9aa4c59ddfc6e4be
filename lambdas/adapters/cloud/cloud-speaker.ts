import { languagePart } from '@wayfarer/shared/domain/languages';
import type { Speaker } from '../../ports/tts';
import { AURA_VOICES } from './deepgram-speaker';

export class NoSpeakerError extends Error {
  override readonly name = 'NoSpeakerError';
}

/**
 * The cloud engine. Which provider speaks a language is decided in one place, `ttsProviderForLanguage`
 * (docs/SPEC.md §5), by the client, which names it in the path (`/api/tts/{provider}`); this engine only honours
 * that choice when it can: Deepgram when it is configured and has a voice for the language, otherwise OpenAI
 * (which speaks every language), so a deployment with only an OpenAI key still speaks English.
 */
export function createCloudSpeaker(speakers: {
  readonly deepgram: Speaker | undefined;
  readonly openai: Speaker | undefined;
}): Speaker {
  return {
    speak(input) {
      const deepgramAsked =
        input.provider === 'deepgram' && AURA_VOICES[languagePart(input.language)] !== undefined;
      const speaker = (deepgramAsked ? speakers.deepgram : undefined) ?? speakers.openai;
      if (speaker === undefined) {
        return Promise.reject(
          new NoSpeakerError(
            deepgramAsked
              ? 'Cloud speech needs DEEPGRAM_API_KEY, or OPENAI_API_KEY with OPENAI_MODEL_TTS'
              : 'Cloud speech for this language needs OPENAI_API_KEY with OPENAI_MODEL_TTS',
          ),
        );
      }
      return speaker.speak(input);
    },
  };
}
