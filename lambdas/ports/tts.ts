import type { TtsProvider, VoiceGender } from '@wayfarer/shared/api/voice-output';

// Text to speech: Deepgram Aura, OpenAI, or the embedded espeak-ng.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

export interface Speaker {
  speak(input: {
    readonly text: string;
    readonly language: string;
    readonly gender: VoiceGender;
    readonly provider: TtsProvider;
    /** Faster than the voice's own pace, pitch kept (docs/SPEC.md §4 Spoken lag); 1 when absent. */
    readonly speed?: number;
    readonly signal?: AbortSignal;
  }): Promise<{ readonly contentType: string; readonly audio: AsyncIterable<Uint8Array> }>;
}
