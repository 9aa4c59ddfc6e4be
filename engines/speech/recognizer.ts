import { providerLatency, REALISTIC_LATENCY } from '@wayfarer/shared/api/provider-latency';
import type { ListenUpstream, SpeechRecognizer } from '@wayfarer/lambdas/ports/speech';
import { CLOSE } from '@wayfarer/shared/api/speech-protocol';
import { parseListenQuery } from './listen-query';
import { DeepgramLiveSession, type LiveSessionSettings } from './live-session';
import type { SpeechEngine } from './speech-engine';

export interface EmbeddedRecognizerOptions {
  readonly engine: SpeechEngine;
  /** Segmenter overrides, for tests (e.g. a short idle timeout). */
  readonly settings?: Partial<LiveSessionSettings>;
  /**
   * Deepgram's final delay (the provider latency model, docs/DESIGN.md §7): a message leaves this long after the
   * audio it answers was taken in, and never before the engine has it, so the local engine's own decode counts
   * inside the delay, not on top of it (in production Moonshine does not run; Deepgram's own work is its delay).
   * The close is delayed alike. Default: REALISTIC_LATENCY.sttFinalDelayMs with PROVIDER_LATENCY=realistic, else
   * none.
   */
  readonly messageDelayMs?: number;
}

const nothing: ListenUpstream = { audio: () => undefined, control: () => undefined, abort: () => undefined };

/**
 * Speech to text offline: Moonshine with VAD (DeepgramLiveSession) as the recogniser behind the speech relay,
 * answering in Deepgram's live protocol. The relay checks the ticket and meters the audio; this only hears it.
 */
export function createEmbeddedRecognizer(options: EmbeddedRecognizerOptions): SpeechRecognizer {
  const { engine } = options;
  // Load the model now, off the request path; a failure surfaces on the first stream as NET-0000.
  engine.ready().catch(() => undefined);
  const delayMs =
    options.messageDelayMs ??
    (providerLatency(process.env) === 'realistic' ? REALISTIC_LATENCY.sttFinalDelayMs : 0);
  return {
    open(query, downstream) {
      const parsed = parseListenQuery(query);
      if (!parsed.ok) {
        queueMicrotask(() => downstream.closed(CLOSE.policyViolation, parsed.reason.slice(0, 120)));
        return nothing;
      }
      const later = delayedDelivery(delayMs);
      const session = new DeepgramLiveSession(
        engine,
        parsed.options,
        {
          send: (message, heardAt) => later(heardAt, () => downstream.message(JSON.stringify(message))),
          close: (code, reason) => later(Date.now(), () => downstream.closed(code, reason)),
        },
        options.settings,
      );
      return {
        audio: (chunk) => session.audio(chunk),
        control: (text) => session.control(text),
        abort: () => session.abort(),
      };
    },
    ready: () => engine.ready(),
  };
}

/**
 * The modelled provider delay for one stream: `later(heardAt, action)` runs `action` `delayMs` after `heardAt`,
 * or at once when that is past, and never before an action handed in earlier (messages keep their order).
 */
export function delayedDelivery(delayMs: number): (heardAt: number, action: () => void) => void {
  let outgoing = Promise.resolve();
  const until = (due: number) =>
    due <= Date.now() ? undefined : new Promise<void>((resolve) => setTimeout(resolve, due - Date.now()));
  return (heardAt, action) => {
    if (delayMs <= 0) return action();
    outgoing = outgoing.then(() => until(heardAt + delayMs)).then(action);
  };
}
