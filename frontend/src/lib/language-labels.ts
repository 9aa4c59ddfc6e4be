import { findLanguage } from '@wayfarer/shared/domain/languages';

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of an ISO 3166-1 alpha-2 code: two regional indicator symbols ("FR" -> 🇫🇷). */
export function flagEmoji(countryCode: string): string {
  const letters = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(letters)) return '';
  return String.fromCodePoint(
    ...[...letters].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}

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
