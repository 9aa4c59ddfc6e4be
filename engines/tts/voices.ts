import type { VoiceGender } from '@wayfarer/shared/constants';

/**
 * What the text needs before espeak-ng can read it. espeak-ng reads Japanese kana but spells kanji out one by
 * one, so Japanese goes through kuromoji's readings first; it has no voice for Khmer or Lao and spells their
 * letters out, so those are romanised first and read by a voice whose spelling rules are close to phonetic.
 */
export type TextPreparation = 'none' | 'kana' | 'romanise';

export interface EspeakVoice {
  /** espeak-ng's voice name (the file name of its voice, as `espeak-ng --voices` lists it). */
  readonly name: string;
  readonly preparation: TextPreparation;
}

const voice = (name: string, preparation: TextPreparation = 'none'): EspeakVoice => ({ name, preparation });

/**
 * The espeak-ng voice for each output language of shared/domain/languages.ts. Where espeak-ng has no voice of
 * its own, the nearest one that reads the language's script stands in: Filipino with Indonesian (both spell
 * nearly as they sound, `ng` included), Mongolian Cyrillic with Russian, romanised Khmer and Lao with Indonesian.
 */
export const ESPEAK_VOICES: Readonly<Record<string, EspeakVoice>> = {
  en: voice('en'),
  es: voice('es'),
  fr: voice('fr'),
  de: voice('de'),
  it: voice('it'),
  pt: voice('pt'),
  nl: voice('nl'),
  ru: voice('ru'),
  zh: voice('cmn'),
  ja: voice('ja', 'kana'),
  ko: voice('ko'),
  ar: voice('ar'),
  hi: voice('hi'),
  tr: voice('tr'),
  pl: voice('pl'),
  sv: voice('sv'),
  da: voice('da'),
  no: voice('nb'),
  fi: voice('fi'),
  el: voice('el'),
  cs: voice('cs'),
  hu: voice('hu'),
  ro: voice('ro'),
  bg: voice('bg'),
  uk: voice('uk'),
  he: voice('he'),
  th: voice('th'),
  vi: voice('vi'),
  id: voice('id'),
  ms: voice('ms'),
  tl: voice('id'),
  hr: voice('hr'),
  sk: voice('sk'),
  sl: voice('sl'),
  sr: voice('sr'),
  lt: voice('lt'),
  lv: voice('lv'),
  et: voice('et'),
  is: voice('is'),
  sq: voice('sq'),
  ca: voice('ca'),
  fa: voice('fa'),
  ur: voice('ur'),
  bn: voice('bn'),
  sw: voice('sw'),
  af: voice('af'),
  am: voice('am'),
  ne: voice('ne'),
  si: voice('si'),
  km: voice('id', 'romanise'),
  lo: voice('id', 'romanise'),
  my: voice('my'),
  mn: voice('ru'),
  ka: voice('ka'),
  hy: voice('hy'),
  az: voice('az'),
  kk: voice('kk'),
  uz: voice('uz'),
};

/** espeak-ng's voice variants (docs/ENGINES.md): the third female and the third male. */
export const ESPEAK_VARIANTS: Readonly<Record<VoiceGender, string>> = { female: 'f3', male: 'm3' };

export interface VoiceChoice {
  /** What `set_voice` takes: voice name plus variant, e.g. `fr+f3`. */
  readonly voice: string;
  readonly preparation: TextPreparation;
}

/** The voice that speaks a language in a gender; undefined for a language this engine has no voice for. */
export function espeakVoiceFor(language: string, gender: VoiceGender): VoiceChoice | undefined {
  const entry = ESPEAK_VOICES[language];
  if (entry === undefined) return undefined;
  return { voice: `${entry.name}+${ESPEAK_VARIANTS[gender]}`, preparation: entry.preparation };
}
