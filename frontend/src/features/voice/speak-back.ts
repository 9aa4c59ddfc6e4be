import type { VoiceGender } from '@wayfarer/shared/constants';
import { isMessageKey, VOICE_ERROR_KEYS, type MessageKey } from '@wayfarer/shared/domain/error-keys';
import { messageFromError } from '@wayfarer/shared/domain/error-mapping';
import { ClauseStream } from '@wayfarer/shared/domain/clauses';
import { ttsProviderForLanguage } from '@wayfarer/shared/domain/languages';
import { ApiError, streamRoute } from '../../lib/api-client';
import { createAudioQueue } from '../../lib/audio-playback';
import { readTranslateStream } from './translate-stream';

/** What the pipeline tells the conversation; each maps to a reducer event, a toast or the played-clip count. */
export interface SpeakBackEvents {
  translationStarted(): void;
  chunk(text: string): void;
  translationFinished(text: string): void;
  /** `message` is a key or the server's text to show; the status goes back to recording either way. */
  translationFailed(message: string): void;
  generating(active: boolean): void;
  clipEnded(): void;
  /** Nothing is left to say: every phrase handed in has been translated and its speech played or given up. */
  allSpoken(): void;
  speechFailed(message: string): void;
}

/** Translates one phrase, streaming its chunks, and resolves the whole translation (the server's route by default). */
export type PhraseTranslator = (
  phrase: string,
  outputLanguage: string,
  signal: AbortSignal,
  onChunk: (text: string) => void,
) => Promise<string>;

export interface SpeakBackSettings {
  readonly outputLanguage: string;
  readonly voiceGender: VoiceGender;
  /** False when /api/capabilities says no speech engine serves: the translation is shown, not read. */
  readonly speech: boolean;
  /** Issue 29: the browser's on-device model instead of the server's route; the rest of the pipeline is the same. */
  readonly translate?: PhraseTranslator;
}

export interface SpeakBack {
  /**
   * Translates the phrase and reads the translation aloud after every phrase handed in before it, clause by
   * clause as the translation streams in (the first clause as soon as it is complete).
   */
  say(phrase: string, settings: SpeakBackSettings): void;
  /** Resolves once every phrase handed in so far is translated (or has failed); its speech may still play. */
  translated(): Promise<void>;
  /** Aborts the translations and speech requests in flight and silences the audio; no further events. */
  stop(): void;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * docs/SPEC.md §8: what the traveller is shown for a failed translation or speech, a translated key. A rate limit
 * keeps its own key (it says when to try again); anything else is `fallback`, and the error's own text (the
 * server's words for an operator, §8's extractor) goes to the console log.
 */
function failureKey(what: string, error: unknown, fallback: MessageKey): MessageKey {
  const message = messageFromError(error);
  if (error instanceof ApiError && error.status === 429 && isMessageKey(message)) return message;
  console.warn(`${what} failed:`, message);
  return fallback;
}

const translate: PhraseTranslator = async (phrase, outputLanguage, signal, onChunk) => {
  const response = await streamRoute('translate.stream', {
    body: { messages: [{ role: 'user', content: phrase }], outputLanguage },
    signal,
  });
  if (!response.body) return '';
  return readTranslateStream(response.body, onChunk);
};

async function synthesise(
  text: string,
  settings: SpeakBackSettings,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await streamRoute('tts.speak', {
    pathParameters: { provider: ttsProviderForLanguage(settings.outputLanguage) },
    body: { text, language: settings.outputLanguage, gender: settings.voiceGender },
    signal,
  });
  if (!response.body) throw new Error('The speech response has no body');
  return response.body;
}

/**
 * docs/SPEC.md §4 translating -> speaking -> recording, for a stream of final phrases: translations run one at a time
 * so they finish in the order spoken; a phrase's speech is fetched while the next phrase translates, and clips
 * play in order. Loaded with the voice session, on the first press.
 */
export function createSpeakBack(events: SpeakBackEvents): SpeakBack {
  const controller = new AbortController();
  const { signal } = controller;
  const audio = createAudioQueue();
  let translations: Promise<unknown> = Promise.resolve();
  let unfinished = 0;
  let generating = 0;

  const live = (handler: () => void) => {
    if (!signal.aborted) handler();
  };

  function settle(): void {
    unfinished -= 1;
    if (unfinished === 0) live(() => events.allSpoken());
  }

  async function speak(text: string, settings: SpeakBackSettings): Promise<void> {
    generating += 1;
    if (generating === 1) events.generating(true);
    let madeOnce = false;
    // The badge lasts until the speech's last byte has arrived, not while it plays (docs/SPEC.md §4).
    const made = () => {
      if (madeOnce) return;
      madeOnce = true;
      generating -= 1;
      if (generating === 0) live(() => events.generating(false));
    };
    try {
      // The clip takes its place in the queue now, before its response has started: clauses play in order.
      const clip = synthesise(text, settings, signal).then((body) =>
        body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ flush: made })),
      );
      await audio.play(clip);
      live(() => events.clipEnded());
    } catch (error) {
      if (!isAbort(error, signal))
        live(() => events.speechFailed(failureKey('speech', error, VOICE_ERROR_KEYS.speechFailed)));
    } finally {
      made();
    }
  }

  /** Resolves once the phrase is translated, with its speech still under way (wrapped, so it is not awaited). */
  async function sayNow(phrase: string, settings: SpeakBackSettings): Promise<{ speech?: Promise<void> }> {
    if (signal.aborted) return {};
    events.translationStarted();
    const clauses = new ClauseStream(settings.outputLanguage);
    const speeches: Promise<void>[] = [];
    const sayClauses = (texts: string[]) => {
      if (!settings.speech || signal.aborted) return;
      for (const clause of texts) if (clause.trim() !== '') speeches.push(speak(clause.trim(), settings));
    };
    const spoken = () => ({ speech: Promise.all(speeches).then(() => undefined) });
    let text: string;
    try {
      text = await (settings.translate ?? translate)(phrase, settings.outputLanguage, signal, (chunk) =>
        live(() => {
          events.chunk(chunk);
          sayClauses(clauses.push(chunk));
        }),
      );
    } catch (error) {
      // docs/SPEC.md §8: an abort is the traveller's own doing; anything else is logged and shown.
      if (!isAbort(error, signal))
        events.translationFailed(failureKey('translation', error, VOICE_ERROR_KEYS.translationFailed));
      // What was already said stays said: nothing spoken is ever taken back.
      return spoken();
    }
    if (signal.aborted) return {};
    sayClauses(clauses.end());
    events.translationFinished(text);
    return spoken();
  }

  return {
    say(phrase, settings) {
      if (signal.aborted) return;
      unfinished += 1;
      const turn = translations.then(() => sayNow(phrase, settings));
      // The next phrase may translate while this one's speech is fetched and played.
      translations = turn.catch(() => undefined);
      void turn
        .then(({ speech }) => speech)
        .catch(() => undefined)
        .finally(settle);
    },
    translated() {
      return translations.then(() => undefined);
    },
    stop() {
      controller.abort();
      audio.stop();
    },
  };
}
