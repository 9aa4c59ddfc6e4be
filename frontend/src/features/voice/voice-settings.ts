import { FALLBACK_SUGGESTION_LANGUAGES, VOICE_GENDERS, type VoiceGender } from '@wayfarer/shared/constants';
import { DEFAULT_ENABLE_TRANSLATION, DEFAULT_VOICE_GENDER, LOCAL_STORAGE_KEYS } from '../../lib/ui-constants';
import { isAvailableLanguage, languagePart, parseRecentLanguages } from '@wayfarer/shared/domain/languages';

/** docs/SPEC.md §3 Settings, apart from the recent languages, which keep their own key. */
export interface VoiceSettings {
  readonly outputLanguage: string;
  readonly voiceGender: VoiceGender;
  readonly enableTranslation: boolean;
}

/**
 * The output language before the traveller picks one: the first of the fallback languages that is not the
 * browser's own, since nobody needs their own language read back to them.
 */
export function defaultOutputLanguage(browserLanguage: string | undefined): string {
  const own = browserLanguage ? languagePart(browserLanguage) : '';
  return FALLBACK_SUGGESTION_LANGUAGES.find((code) => code !== own) ?? FALLBACK_SUGGESTION_LANGUAGES[0];
}

/** Reads whatever local storage held (already JSON-parsed); each field that is missing or invalid gets its default. */
export function parseVoiceSettings(stored: unknown, browserLanguage?: string): VoiceSettings {
  const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const { outputLanguage, voiceGender, enableTranslation } = fields;
  return {
    outputLanguage:
      typeof outputLanguage === 'string' && isAvailableLanguage(outputLanguage)
        ? outputLanguage
        : defaultOutputLanguage(browserLanguage),
    voiceGender: VOICE_GENDERS.find((gender) => gender === voiceGender) ?? DEFAULT_VOICE_GENDER,
    enableTranslation:
      typeof enableTranslation === 'boolean' ? enableTranslation : DEFAULT_ENABLE_TRANSLATION,
  };
}

/**
 * The conversation mode and the traveller's own language, kept beside the settings of docs/SPEC.md §3. Listening mode
 * is one-way, so at most one of twoWay and listening is true.
 */
export interface ConversationSettings {
  readonly twoWay: boolean;
  /** Listening mode (docs/SPEC.md §2 Conversation controls): one speaker, the translation large, the screen kept on. */
  readonly listening: boolean;
  readonly travellerLanguage: string;
}

export function parseConversationSettings(stored: unknown, browserLanguage?: string): ConversationSettings {
  const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const own = browserLanguage ? languagePart(browserLanguage) : '';
  const listening = fields.listening === true;
  return {
    twoWay: fields.twoWay === true && !listening,
    listening,
    travellerLanguage:
      typeof fields.travellerLanguage === 'string' && isAvailableLanguage(fields.travellerLanguage)
        ? fields.travellerLanguage
        : isAvailableLanguage(own)
          ? own
          : 'en',
  };
}

export function loadConversationSettings(): ConversationSettings {
  return parseConversationSettings(readJson(LOCAL_STORAGE_KEYS.conversationSettings), navigator.language);
}

export function saveConversationSettings(settings: ConversationSettings): void {
  writeJson(LOCAL_STORAGE_KEYS.conversationSettings, settings);
}

function readJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    // Blocked storage or a value some other version wrote: the defaults apply.
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Blocked storage: the settings last as long as the page.
  }
}

export function loadVoiceSettings(): VoiceSettings {
  return parseVoiceSettings(readJson(LOCAL_STORAGE_KEYS.voiceSettings), navigator.language);
}

export function saveVoiceSettings(settings: VoiceSettings): void {
  writeJson(LOCAL_STORAGE_KEYS.voiceSettings, settings);
}

export function loadRecentLanguages(): string[] {
  return parseRecentLanguages(readJson(LOCAL_STORAGE_KEYS.recentLanguages));
}

export function saveRecentLanguages(recent: readonly string[]): void {
  writeJson(LOCAL_STORAGE_KEYS.recentLanguages, recent);
}
