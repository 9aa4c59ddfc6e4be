import type { VoiceGender } from '@wayfarer/shared/constants';
import {
  DEVICE_TRANSLATION_KEYS,
  isMessageKey,
  VOICE_ERROR_KEYS,
  type MessageKey,
} from '@wayfarer/shared/domain/error-keys';
import { messageFromError } from '@wayfarer/shared/domain/error-mapping';
import { ClauseStream } from '@wayfarer/shared/domain/clauses';
import { ttsProviderForLanguage } from '@wayfarer/shared/domain/languages';
import { ApiError, streamRoute } from '../../lib/api-client';
import { createAudioQueue } from '../../lib/audio-playback';
import {
  initialSpokenLagState,
  spokenLagReducer,
  spokenLagTally,
  type SpokenLagAction,
  type SpokenLagEvent,
  type SpokenLagPolicy,
} from '../../lib/spoken-lag';
import { readTranslateStream } from './translate-stream';

/** How far the voice trails the speaker, and what became of the phrases so far (docs/SPEC.md §4 Spoken lag). */
export interface SpokenLagReport {
  /** The lag of the utterance that started last; null before any has. */
  readonly lagMs: number | null;
  /** When that utterance started (page time) and the phrases it speaks: a bench's ear-voice span per phrase. */
  readonly lastStarted: { readonly at: number; readonly phrases: readonly number[] } | null;
  readonly spoken: number;
  readonly spedUp: number;
  readonly merged: number;
  readonly shownOnly: number;
}

/** What the pipeline tells the conversation; each maps to a reducer event, a toast or the played-clip count. */
export interface SpeakBackEvents {
  /** `phrase` numbers the phrases handed in, from 1, in order. */
  translationStarted(phrase: number): void;
  chunk(text: string): void;
  translationFinished(text: string, phrase: number): void;
  /** Some of the phrase's translation is shown and not spoken: it would have been heard too late. */
  phraseShownOnly(phrase: number): void;
  /** An utterance started playing, or a phrase was left unspoken. */
  spokenLag(report: SpokenLagReport): void;
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
  /** The browser's on-device model instead of the server's route; the rest of the pipeline is the same. */
  readonly translate?: PhraseTranslator;
}

export interface SpeakBack {
  /**
   * Translates the phrase and reads the translation aloud after every phrase handed in before it, clause by
   * clause as the translation streams in (the first clause as soon as it is complete). `sourceEndAt` is when the
   * speaker's phrase ended (page time): the spoken lag is measured from it.
   */
  say(phrase: string, settings: SpeakBackSettings, sourceEndAt?: number): void;
  /**
   * An eager end of turn: starts translating `phrase` unseen, before its final. The final's `say` of the
   * same text in the same language takes the translation over, chunks already arrived included; a different
   * final, a newer `prepare`, `dropPrepared` or `stop` aborts it. Nothing is shown or spoken until `say`.
   */
  prepare(phrase: string, settings: SpeakBackSettings): void;
  /** The speaker went on (or the final will not be translated): the prepared translation is aborted. */
  dropPrepared(): void;
  /** Resolves once every phrase handed in so far is translated (or has failed); its speech may still play. */
  translated(): Promise<void>;
  /** Aborts the translations and speech requests in flight and silences the audio; no further events. */
  stop(): void;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

const DEVICE_MESSAGE_KEYS: readonly string[] = Object.values(DEVICE_TRANSLATION_KEYS);

/**
 * The on-device translator's own key ("not ready", "failed"; lib/device-translator.ts' DeviceTranslationError,
 * matched by name so this file does not load the wrapper), never text that only spells one: a server's error
 * is an ApiError or a plain Error.
 */
function deviceFailureKey(error: unknown): MessageKey | undefined {
  if (!(error instanceof Error) || error.name !== 'DeviceTranslationError') return undefined;
  return DEVICE_MESSAGE_KEYS.includes(error.message) ? (error.message as MessageKey) : undefined;
}

/**
 * docs/SPEC.md §8: what the traveller is shown for a failed translation or speech, a translated key. A rate limit
 * keeps its own key (it says when to try again), and so do the device translator's "not ready" and "failed";
 * anything else is `fallback`, and the error's own text (the server's words for an operator, §8's extractor) goes
 * to the console log.
 */
function failureKey(what: string, error: unknown, fallback: MessageKey): MessageKey {
  const message = messageFromError(error);
  if (error instanceof ApiError && error.status === 429 && isMessageKey(message)) return message;
  const device = deviceFailureKey(error);
  if (device) return device;
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
  rate: number,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  // Two decimals are plenty for a speaking rate, and never round past the largest the route takes.
  const speed = Math.floor(rate * 100) / 100;
  const response = await streamRoute('tts.speak', {
    pathParameters: { provider: ttsProviderForLanguage(settings.outputLanguage) },
    body: {
      text,
      language: settings.outputLanguage,
      gender: settings.voiceGender,
      ...(speed > 1 ? { speed } : {}),
    },
    signal,
  });
  if (!response.body) throw new Error('The speech response has no body');
  return response.body;
}

/** A translation started on an eager end of turn, waiting unseen for its final (SpeakBack.prepare). */
interface Prepared {
  readonly phrase: string;
  readonly outputLanguage: string;
  readonly translator: PhraseTranslator;
  readonly controller: AbortController;
  /** Taking the translation over: the chunks arrived so far at once, then each as it arrives. */
  readonly follow: (onChunk: (text: string) => void) => void;
  readonly translation: Promise<string>;
}

function isPreparedFor(entry: Prepared | undefined, phrase: string, settings: SpeakBackSettings): boolean {
  return (
    entry?.phrase === phrase &&
    entry.outputLanguage === settings.outputLanguage &&
    entry.translator === (settings.translate ?? translate)
  );
}

export interface SpeakBackOptions {
  /**
   * `bounded` keeps the spoken lag within its bound (one-way mode, docs/SPEC.md §4 Spoken lag); `pass-through`
   * speaks every clause in full at the voice's own pace (two-way mode, and the default).
   */
  readonly spokenLag?: SpokenLagPolicy;
}

/**
 * docs/SPEC.md §4 translating -> speaking -> recording, for a stream of final phrases: translations run one at a time
 * so they finish in the order spoken; a phrase's speech is fetched while the next phrase translates, and clips
 * play in order, as lib/spoken-lag.ts decides. Loaded with the voice session, on the first press.
 */
export function createSpeakBack(events: SpeakBackEvents, options: SpeakBackOptions = {}): SpeakBack {
  const controller = new AbortController();
  const { signal } = controller;
  const audio = createAudioQueue();
  let translations: Promise<unknown> = Promise.resolve();
  /** Phrases handed in whose translation has not ended. */
  let unfinished = 0;
  let generating = 0;
  let prepared: Prepared | undefined;
  let phrasesHandedIn = 0;
  let lag = initialSpokenLagState(options.spokenLag ?? 'pass-through');
  /** Each phrase's settings: an utterance is spoken with those of its first phrase. */
  const phraseSettings = new Map<number, SpeakBackSettings>();

  function dropPrepared(): void {
    prepared?.controller.abort();
    prepared = undefined;
  }

  /** The prepared translation of exactly this phrase, taken over; any other is aborted. */
  function takePrepared(phrase: string, settings: SpeakBackSettings): Prepared | undefined {
    const taken = prepared;
    prepared = undefined;
    if (isPreparedFor(taken, phrase, settings)) return taken;
    taken?.controller.abort();
    return undefined;
  }

  const live = (handler: () => void) => {
    if (!signal.aborted) handler();
  };

  /** Nothing is left to translate, to ask speech for, or to play. */
  function checkAllSpoken(): void {
    if (unfinished === 0 && lag.waiting.length === 0 && lag.asked.length === 0)
      live(() => events.allSpoken());
  }

  function report(): void {
    live(() => events.spokenLag({ lagMs: lag.lagMs, lastStarted: lag.lastStarted, ...spokenLagTally(lag) }));
  }

  function step(event: SpokenLagEvent): void {
    if (signal.aborted) return;
    const { state, actions } = spokenLagReducer(lag, event);
    lag = state;
    for (const action of actions) carryOut(action);
    if (event.type === 'started' || actions.some((action) => action.type === 'shown-only')) report();
    if (event.type === 'ended') checkAllSpoken();
  }

  function carryOut(action: SpokenLagAction): void {
    if (action.type === 'shown-only') return live(() => events.phraseShownOnly(action.phrase));
    const settings = phraseSettings.get(action.phrases[0]!);
    if (!settings) return;
    void speak(action.text, settings, action.rate, (at) =>
      step({ type: 'started', utterance: action.utterance, at }),
    ).finally(() => step({ type: 'ended', utterance: action.utterance, at: performance.now() }));
  }

  async function speak(
    text: string,
    settings: SpeakBackSettings,
    rate: number,
    onStart: (at: number) => void,
  ): Promise<void> {
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
      const clip = synthesise(text, settings, rate, signal).then((body) =>
        body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ flush: made })),
      );
      await audio.play(clip, onStart);
      live(() => events.clipEnded());
    } catch (error) {
      if (!isAbort(error, signal))
        live(() => events.speechFailed(failureKey('speech', error, VOICE_ERROR_KEYS.speechFailed)));
    } finally {
      made();
    }
  }

  /** Resolves once the phrase is translated; its clauses go to the spoken-lag machine as they complete. */
  async function sayNow(
    phrase: string,
    settings: SpeakBackSettings,
    taken: Prepared | undefined,
    number: number,
    sourceEndAt: number,
  ): Promise<void> {
    if (signal.aborted) return;
    events.translationStarted(number);
    const clauses = new ClauseStream(settings.outputLanguage);
    const sayClauses = (texts: string[]) => {
      if (!settings.speech) return;
      for (const clause of texts) {
        if (clause.trim() === '') continue;
        step({ type: 'clause', phrase: number, text: clause.trim(), sourceEndAt, at: performance.now() });
      }
    };
    const onChunk = (chunk: string) =>
      live(() => {
        events.chunk(chunk);
        sayClauses(clauses.push(chunk));
      });
    let text: string;
    try {
      if (taken) {
        taken.follow(onChunk);
        text = await taken.translation;
      } else {
        text = await (settings.translate ?? translate)(phrase, settings.outputLanguage, signal, onChunk);
      }
    } catch (error) {
      // docs/SPEC.md §8: an abort is the traveller's own doing; anything else is logged and shown.
      if (!isAbort(error, signal))
        events.translationFailed(failureKey('translation', error, VOICE_ERROR_KEYS.translationFailed));
      // What was already said stays said: nothing spoken is ever taken back.
      return;
    }
    if (signal.aborted) return;
    sayClauses(clauses.end());
    events.translationFinished(text, number);
  }

  return {
    say(phrase, settings, sourceEndAt = performance.now()) {
      if (signal.aborted) return;
      unfinished += 1;
      phrasesHandedIn += 1;
      const number = phrasesHandedIn;
      phraseSettings.set(number, settings);
      // Taken now, not when its turn comes: the next phrase's eager end of turn may arrive meanwhile.
      const taken = takePrepared(phrase, settings);
      const turn = translations.then(() => sayNow(phrase, settings, taken, number, sourceEndAt));
      // The next phrase may translate while this one's speech is fetched and played.
      translations = turn.catch(() => undefined);
      void turn
        .catch(() => undefined)
        .finally(() => {
          unfinished -= 1;
          checkAllSpoken();
        });
    },
    prepare(phrase, settings) {
      if (signal.aborted) return;
      if (isPreparedFor(prepared, phrase, settings)) return;
      dropPrepared();
      const translator = settings.translate ?? translate;
      const own = new AbortController();
      const forward = () => own.abort();
      signal.addEventListener('abort', forward, { once: true });
      const chunks: string[] = [];
      let listener: ((text: string) => void) | undefined;
      const translation = translator(phrase, settings.outputLanguage, own.signal, (chunk) => {
        chunks.push(chunk);
        listener?.(chunk);
      });
      // A translation never taken over fails unseen: only its final's say reports a failure.
      translation.catch(() => undefined).finally(() => signal.removeEventListener('abort', forward));
      prepared = {
        phrase,
        outputLanguage: settings.outputLanguage,
        translator,
        controller: own,
        translation,
        follow: (onChunk) => {
          for (const chunk of chunks) onChunk(chunk);
          listener = onChunk;
        },
      };
    },
    dropPrepared,
    translated() {
      return translations.then(() => undefined);
    },
    stop() {
      controller.abort();
      prepared = undefined;
      audio.stop();
    },
  };
}
