import { useEffect, useState } from 'react';
import { fetchCallerCountry, fetchVoiceCapabilities, type VoiceCapabilities } from '../api';

// Asked once per page load: the caller does not change country while the page is open.
let country: Promise<string | null> | undefined;

/** GET /api/capabilities, asked each time the screen opens: undefined until it answers, and when it could not. */
export function useVoiceCapabilities(): VoiceCapabilities | undefined {
  const [value, setValue] = useState<VoiceCapabilities>();
  useEffect(() => {
    let current = true;
    void fetchVoiceCapabilities().then((answer) => {
      if (current) setValue(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return value;
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
