import { useEffect, useState } from 'react';
import { fetchCallerCountry, fetchVoiceCapabilities, type VoiceCapabilities } from '../api';

// Asked once per page load: the caller does not change country while the page is open.
let country: Promise<string | null> | undefined;

// Started before the screen mounts (the app calls prefetchVoiceCapabilities on `/`) and taken by its first opening.
let prefetched: Promise<VoiceCapabilities | undefined> | undefined;

/** Asks GET /api/capabilities now, for the voice screen about to open: its first paint waits for the answer. */
export function prefetchVoiceCapabilities(): void {
  prefetched ??= fetchVoiceCapabilities();
}

/**
 * How long the voice screen's first paint waits for GET /api/capabilities at most (docs/DESIGN.md §8): what it
 * says decides which controls show, so painting before it would move them once it answers.
 */
export const CAPABILITIES_WAIT_MS = 2000;

export interface CapabilitiesAnswer {
  /** True once GET /api/capabilities has answered or failed, or CAPABILITIES_WAIT_MS has passed. */
  readonly settled: boolean;
  /** Undefined until it answers, and when it could not. */
  readonly capabilities?: VoiceCapabilities;
}

/** GET /api/capabilities, asked each time the screen opens. */
export function useVoiceCapabilities(): CapabilitiesAnswer {
  const [answer, setAnswer] = useState<CapabilitiesAnswer>({ settled: false });
  useEffect(() => {
    let current = true;
    const request = prefetched ?? fetchVoiceCapabilities();
    prefetched = undefined; // the next opening asks again
    const giveUp = setTimeout(() => {
      if (current) setAnswer((previous) => (previous.settled ? previous : { settled: true }));
    }, CAPABILITIES_WAIT_MS);
    void request.then((capabilities) => {
      clearTimeout(giveUp);
      if (current) setAnswer({ settled: true, capabilities });
    });
    return () => {
      current = false;
      clearTimeout(giveUp);
    };
  }, []);
  return answer;
}

/**
 * The caller's country for docs/SPEC.md §5 language suggestions, asked once translation is on: undefined until the
 * lookup answers or gives up (3 s), then the country or null. The suggestions themselves are worked out in the
 * picker, so the country table loads with it rather than with `/`.
 */
export function useCallerCountry(enabled: boolean): string | null | undefined {
  const [callerCountry, setCallerCountry] = useState<string | null>();
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    country ??= fetchCallerCountry();
    void country.then((answer) => {
      if (current) setCallerCountry(answer);
    });
    return () => {
      current = false;
    };
  }, [enabled]);
  return callerCountry;
}
