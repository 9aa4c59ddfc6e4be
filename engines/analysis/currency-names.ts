// Currency names as said in each language the analyser reads, folded: the hand-written words of
// currency-lexicon.ts (families such as "dollars", and the local forms CLDR does not list: "bucks",
// "eslotis", "fiorini"), then every name CLDR gives through Intl for the codes we know, singular and plural,
// in en, es, fr, de, it, pt and pt-PT ("coronas checas", "forints hongrois", "franchi svizzeri", "novos sóis
// peruanos"). No list to keep: a new ICU brings its names.
import { CURRENCY_CODES, CURRENCY_WORDS, type CurrencyMarker } from './currency-lexicon';
import { foldText } from './text-fold';

const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'pt-PT'] as const;

/** "Swiss  francs", "us-dollar", "dollar des États-Unis": one key per phrase, whatever the spaces and hyphens. */
export function phraseKey(phrase: string): string {
  return phrase.replace(/[\s-]+/g, ' ').trim();
}

/** CLDR's names of one currency in one locale: the form for one and for many ("corona checa", "coronas checas"). */
export function cldrCurrencyNames(code: string, locale: string): string[] {
  const names = new Set<string>();
  for (const [amount, digits] of [
    [1, 0],
    [5, 0],
    [2.5, 2],
  ] as const) {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'name',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    const name = format
      .formatToParts(amount)
      .filter((part) => part.type === 'currency')
      .map((part) => part.value)
      .join('');
    if (name !== '' && name !== code) names.add(name);
  }
  return [...names];
}

function buildPhrases(): Map<string, CurrencyMarker> {
  const phrases = new Map<string, CurrencyMarker>();
  for (const [phrase, marker] of Object.entries(CURRENCY_WORDS)) phrases.set(phraseKey(phrase), marker);
  for (const code of CURRENCY_CODES) {
    for (const locale of LOCALES) {
      for (const name of cldrCurrencyNames(code, locale)) {
        const key = phraseKey(foldText(name));
        if (!phrases.has(key) && /^[\p{L}. ']+$/u.test(key)) phrases.set(key, { currency: code });
      }
    }
  }
  return phrases;
}

/** Every currency phrase, folded, by its key. */
export const CURRENCY_PHRASES: ReadonlyMap<string, CurrencyMarker> = buildPhrases();
/** The words a currency phrase may start with: a token that is none of them starts no phrase. */
export const CURRENCY_FIRST_WORDS: ReadonlySet<string> = new Set([...CURRENCY_PHRASES.keys()].map((key) => key.split(' ')[0] ?? ''));
/** The most words a currency phrase has ("dollars des etats unis"). */
export const LONGEST_CURRENCY_PHRASE = Math.max(
  ...[...CURRENCY_PHRASES.keys()].map((key) => key.split(' ').length),
);
