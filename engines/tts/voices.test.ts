import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@wayfarer/shared/domain/languages';
import { VOICE_GENDERS } from '@wayfarer/shared/constants';
import { loadEspeak, type Espeak } from './espeak';
import { ESPEAK_VOICES, espeakVoiceFor } from './voices';

describe('espeak voices', () => {
  let espeak: Espeak;
  beforeAll(async () => {
    espeak = await loadEspeak();
  });

  it('every output language has a voice', () => {
    const missing = LANGUAGE_CODES.filter((code) => ESPEAK_VOICES[code] === undefined);
    expect(missing).toEqual([]);
  });

  it('every voice in the table is one espeak-ng carries', () => {
    const carried = new Set(espeak.voiceNames().map((name) => name.toLowerCase()));
    const unknown = Object.values(ESPEAK_VOICES).filter((voice) => !carried.has(voice.name.toLowerCase()));
    expect(unknown).toEqual([]);
  });

  it('espeak-ng accepts every language in both genders', () => {
    const refused = LANGUAGE_CODES.flatMap((code) =>
      VOICE_GENDERS.map((gender) => espeakVoiceFor(code, gender)?.voice ?? `${code}: none`),
    ).filter((voice) => !espeak.setVoice(voice));
    expect(refused).toEqual([]);
  });

  it('female is variant f3 and male is m3', () => {
    expect(espeakVoiceFor('fr', 'female')?.voice).toBe('fr+f3');
    expect(espeakVoiceFor('fr', 'male')?.voice).toBe('fr+m3');
  });

  it('Japanese goes through kana, Khmer and Lao are romanised first', () => {
    expect(espeakVoiceFor('ja', 'female')?.preparation).toBe('kana');
    expect(espeakVoiceFor('km', 'female')?.preparation).toBe('romanise');
    expect(espeakVoiceFor('lo', 'male')?.preparation).toBe('romanise');
    expect(espeakVoiceFor('de', 'male')?.preparation).toBe('none');
  });

  it('a language outside the list has no voice', () => {
    expect(espeakVoiceFor('xx', 'female')).toBeUndefined();
  });
});
