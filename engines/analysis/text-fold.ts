/**
 * Lower-cases and strips accents one UTF-16 unit at a time, so that an index into the folded text is the same
 * index into the original: every rule matches on the folded text and reports `originalText` as it was said.
 */
export function foldText(text: string): string {
  let folded = '';
  for (const unit of text.split('')) {
    const plain = unit.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const one = plain.length === 1 ? plain : (unit.toLowerCase()[0] ?? unit);
    folded += UNDECOMPOSED[one] ?? one;
  }
  return folded;
}

/** Letters with a stroke that NFD does not take apart: "złoty", "København", "Đà Nẵng", "İstanbul"'s dotless i. */
const UNDECOMPOSED: Readonly<Record<string, string>> = { ł: 'l', ø: 'o', đ: 'd', ı: 'i' };

/** Escapes a literal for use inside a RegExp. */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One alternation of literal phrases, longest first so that "swiss francs" wins over "francs"; word edges are
 * Unicode-aware because `\b` treats "é" as a non-word character.
 */
export function phraseAlternation(phrases: Iterable<string>): string {
  return [...new Set(phrases)]
    .sort((left, right) => right.length - left.length)
    .map((phrase) => escapeRegExp(phrase).replace(/ /g, '[\\s-]+'))
    .join('|');
}

export const WORD_START = '(?<![\\p{L}\\p{N}])';
export const WORD_END = '(?![\\p{L}\\p{N}])';
