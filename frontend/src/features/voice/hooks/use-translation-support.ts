import { useEffect, useState } from 'react';
import { suggestLanguages } from '@wayfarer/shared/domain/languages';
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
 * docs/SPEC.md §5 language suggestions for the picker: the browser language, the caller's country's language, then the
 * fallbacks. Empty until the country lookup answers or gives up (3 s), so the list never reorders under a finger.
 */
export function useLanguageSuggestions(enabled: boolean, currentLanguage: string): readonly string[] {
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
  if (callerCountry === undefined) return [];
  return suggestLanguages({
    browserLanguage: navigator.language,
    ipCountryCode: callerCountry,
    currentLanguage,
  });
}
