import type { TtsProvider, VoiceGender } from '@wayfarer/shared/api/voice-output';
import { isAvailableLanguage } from '@wayfarer/shared/domain/languages';
import { CAPABILITY_UNAVAILABLE_KEYS } from '@wayfarer/shared/domain/error-keys';
import { CapabilityUnavailableError, ValidationError } from '../../http/errors';
import type { Speaker } from '../../ports/tts';

export interface SpeechInput {
  readonly text: string;
  readonly language: string;
  readonly gender: VoiceGender;
  readonly provider: TtsProvider;
  readonly speed?: number;
  readonly signal: AbortSignal;
}

/**
 * Charges the text to the caller's day, then starts speech and returns its audio as the engine produces it. A
 * failure before the audio starts is a 503 CapabilityUnavailable; the text is never logged or kept.
 */
export async function startSpeech(
  speaker: () => Promise<Speaker>,
  input: SpeechInput,
  /** Charges the text's characters to the caller's daily ceiling (domain/daily-ceilings.ts); throws its 429. */
  charge: (characters: number) => Promise<void>,
): Promise<{ readonly contentType: string; readonly audio: AsyncIterable<Uint8Array> }> {
  if (!isAvailableLanguage(input.language)) {
    throw new ValidationError('language: Not one of the available output languages');
  }
  const unavailable = (error: unknown) =>
    new CapabilityUnavailableError(CAPABILITY_UNAVAILABLE_KEYS.tts, { cause: error });
  let engine: Speaker;
  try {
    engine = await speaker();
  } catch (error) {
    throw unavailable(error);
  }
  // Charged once an engine can serve, before it is called: a refusal is the 429, not the engine's 503.
  await charge(input.text.length);
  try {
    return await engine.speak(input);
  } catch (error) {
    throw unavailable(error);
  }
}
