/**
 * The pseudo-locale (ui-constants PSEUDO_LANGUAGE): every English string accented and about 40% longer, inside
 * brackets, so a screen shows at a glance text that is not translated (plain ASCII), text cut off (a missing
 * bracket) and boxes too tight for the longer languages. Made from locales/en when needed (the dev server, e2e), never
 * kept as a file. i18next's {{variables}}, $t(nesting) and the <tags> Trans fills stay as they are.
 */

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ü',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ü',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** How much longer than English a pseudo string is: German and Finnish run about this much longer. */
export const PSEUDO_EXPANSION = 0.4;

// Padding words, so the longer text wraps where a real language's would, at spaces.
const PADDING = ['ţŵö', 'ţĥŕéé', 'ƒöüŕ', 'ƒíṽé', 'šíẋ', 'šéṽéñ'];

// The parts i18next or React fill in: {{variable}}, $t(key), <tag> and </tag>.
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\w+>)/;

/** One English string in the pseudo-locale. */
export function pseudoLocalize(text: string): string {
  const accented = text
    .split(KEPT)
    .map((part, index) => (index % 2 === 1 ? part : [...part].map((char) => ACCENTED[char] ?? char).join('')))
    .join('');
  const target = Math.ceil(text.length * PSEUDO_EXPANSION);
  const padding: string[] = [];
  for (let length = 0, next = 0; length < target; next += 1) {
    const word = PADDING[next % PADDING.length] ?? '';
    padding.push(word);
    length += word.length + 1;
  }
  return `[${accented}${padding.length > 0 ? ` ${padding.join(' ')}` : ''}]`;
}

/** A whole translation file (locales/en/translation.json) in the pseudo-locale. */
export function pseudoTranslation(english: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, pseudoLocalize(value)]));
}
