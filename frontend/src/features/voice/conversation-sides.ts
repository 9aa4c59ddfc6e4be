import { languagePart } from '@wayfarer/shared/domain/languages';
import type { Side } from './conversation';

/** The two languages of a two-way conversation: the traveller's and the other person's. */
export interface LanguagePair {
  readonly traveller: string;
  readonly other: string;
}

/** Identifies the language of a text; undefined when unsure. */
export type IdentifyLanguage = (text: string, candidates: readonly string[]) => string | undefined;

/** The side whose language `language` is, if either. */
export function sideOfLanguage(language: string | undefined, pair: LanguagePair): Side | undefined {
  if (language === undefined || language === '') return undefined;
  const base = languagePart(language);
  if (base === languagePart(pair.traveller)) return 'traveller';
  if (base === languagePart(pair.other)) return 'other';
  return undefined;
}

/**
 * A phrase goes to the side of the language the recogniser heard, else of the language identified
 * from its text, else to the side that spoke last (the traveller at first).
 */
export function attributeSide(options: {
  readonly text: string;
  readonly detected: string | undefined;
  readonly pair: LanguagePair;
  readonly lastSide: Side | null;
  readonly identify: IdentifyLanguage | undefined;
}): Side {
  const { text, detected, pair, lastSide, identify } = options;
  return (
    sideOfLanguage(detected, pair) ??
    sideOfLanguage(identify?.(text, [languagePart(pair.traveller), languagePart(pair.other)]), pair) ??
    lastSide ??
    'traveller'
  );
}

/**
 * `eld` (docs/ENGINES.md), fetched only when a two-way conversation starts: its n-gram tables are far too big for
 * `/`. Restricted to the pair, so a short phrase cannot be taken for a third language.
 */
export async function loadLanguageIdentifier(): Promise<IdentifyLanguage> {
  const { eld } = await import('eld/medium');
  let subset = '';
  return (text, candidates) => {
    const key = candidates.join(',');
    if (key !== subset) {
      eld.setLanguageSubset([...candidates]);
      subset = key;
    }
    const result = eld.detect(text);
    return result.language === '' ? undefined : result.language;
  };
}
