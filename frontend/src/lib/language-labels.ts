import { findLanguage } from '@wayfarer/shared/domain/languages';

// Languages are shown by name alone, never with a flag: emoji flags render as two letters on Windows and as boxes
// on some Linux systems, and a language is not a country (docs/SPEC.md §2).

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(uiLanguage: string): Intl.DisplayNames | null {
  let names = displayNames.get(uiLanguage);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([uiLanguage], { type: 'language' });
    } catch {
      names = null;
    }
    displayNames.set(uiLanguage, names);
  }
  return names;
}

/**
 * A language's name in the interface language ("anglais" for a French interface), from the browser's own
 * data so no table of 58 x 4 names ships; the English name where the browser has none.
 */
export function languageName(code: string, uiLanguage: string): string {
  const fallback = findLanguage(code)?.englishName ?? code;
  const name = namesIn(uiLanguage)?.of(code);
  return name && name !== code ? name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1) : fallback;
}
