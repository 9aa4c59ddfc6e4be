// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_STORAGE_KEYS } from '../../lib/ui-constants';
import {
  defaultOutputLanguage,
  parseConversationSettings,
  loadRecentLanguages,
  loadVoiceSettings,
  parseVoiceSettings,
  saveRecentLanguages,
  saveVoiceSettings,
} from './voice-settings';

afterEach(() => localStorage.clear());

describe('Settings (docs/SPEC.md §3)', () => {
  it('translation is off by default', () => {
    expect(parseVoiceSettings(undefined).enableTranslation).toBe(false);
  });

  it('the voice is female by default', () => {
    expect(parseVoiceSettings(undefined).voiceGender).toBe('female');
  });

  it('the default output language is never the browser language', () => {
    expect(defaultOutputLanguage('en-US')).toBe('fr');
    expect(defaultOutputLanguage('de-DE')).toBe('en');
    expect(defaultOutputLanguage(undefined)).toBe('en');
  });

  it('keeps valid stored values and replaces invalid ones field by field', () => {
    expect(
      parseVoiceSettings({ outputLanguage: 'ja', voiceGender: 'male', enableTranslation: true }, 'en'),
    ).toEqual({ outputLanguage: 'ja', voiceGender: 'male', enableTranslation: true });
    expect(
      parseVoiceSettings({ outputLanguage: 'xx', voiceGender: 'robot', enableTranslation: 'yes' }, 'en'),
    ).toEqual({ outputLanguage: 'fr', voiceGender: 'female', enableTranslation: false });
  });

  it('settings persist in local storage', () => {
    saveVoiceSettings({ outputLanguage: 'ar', voiceGender: 'male', enableTranslation: true });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.voiceSettings)).not.toBeNull();
    expect(loadVoiceSettings()).toEqual({
      outputLanguage: 'ar',
      voiceGender: 'male',
      enableTranslation: true,
    });
  });

  it('recent languages persist under {product}-recent-languages', () => {
    saveRecentLanguages(['ja', 'fr']);
    expect(JSON.parse(localStorage.getItem('wayfarer-recent-languages') ?? '')).toEqual(['ja', 'fr']);
    expect(loadRecentLanguages()).toEqual(['ja', 'fr']);
  });

  it('unreadable storage gives the defaults', () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.voiceSettings, '{not json');
    localStorage.setItem(LOCAL_STORAGE_KEYS.recentLanguages, '"fr"');
    expect(loadVoiceSettings().enableTranslation).toBe(false);
    expect(loadRecentLanguages()).toEqual([]);
  });
});

describe('Conversation settings', () => {
  it('two-way mode is off by default and the traveller speaks the browser’s language, else English', () => {
    expect(parseConversationSettings(undefined, 'de-DE')).toEqual({
      twoWay: false,
      listening: false,
      travellerLanguage: 'de',
    });
    expect(parseConversationSettings({ twoWay: true, travellerLanguage: 'xx' }, 'tlh')).toEqual({
      twoWay: true,
      listening: false,
      travellerLanguage: 'en',
    });
  });

  it('listening mode is kept with the other conversation settings', () => {
    expect(parseConversationSettings({ listening: true }, 'en').listening).toBe(true);
    expect(parseConversationSettings({ listening: 'yes' }, 'en').listening).toBe(false);
  });

  it('listening mode is one-way: stored with two-way mode too, listening wins and two-way is off', () => {
    expect(parseConversationSettings({ twoWay: true, listening: true }, 'en')).toMatchObject({
      twoWay: false,
      listening: true,
    });
  });
});
