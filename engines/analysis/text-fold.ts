/**
 * Lower-cases and strips accents one UTF-16 unit at a time, so that an index into the folded text is the same
 * index into the original: every rule matches on the folded text and reports `originalText` as it was said.
 * Every text analysed is folded once, so ASCII takes a fast path and each other unit is folded once per process.
 */
export function foldText(text: string): string {
  let folded = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) folded += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : text[index];
    else folded += foldUnit(text[index]!);
  }
  return folded;
}

const FOLDED_UNITS = new Map<string, string>();

function foldUnit(unit: string): string {
  let folded = FOLDED_UNITS.get(unit);
  if (folded === undefined) {
    const plain = unit.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const one = plain.length === 1 ? plain : (unit.toLowerCase()[0] ?? unit);
    folded = UNDECOMPOSED[one] ?? one;
    FOLDED_UNITS.set(unit, folded);
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

/**
 * Every match of a global pattern, read with the pattern itself: `matchAll` copies the pattern for each text,
 * which cost more than the matching itself over the analyser's short texts.
 */
export function* matchesOf(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === '') pattern.lastIndex += 1;
    yield match;
  }
}
