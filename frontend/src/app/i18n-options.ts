import type { InitOptions } from 'i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_DETECTION_CACHES,
  LANGUAGE_DETECTION_ORDER,
  LANGUAGE_QUERY_PARAMETER,
  LOCALE_LOAD,
  LOCALE_LOAD_PATH,
  LOCALE_MAX_PARALLEL_READS,
  LOCALE_MAX_RETRIES,
  LOCALE_RETRY_DELAY_MS,
  LOCAL_STORAGE_KEYS,
  SUPPORTED_UI_LANGUAGES,
} from '../lib/ui-constants';
import type { LanguageDetectionOptions } from './language-detector';
import type { LocaleBackendOptions } from './locale-backend';

// Kept apart from i18n.ts (which initialises the app's instance on import) so component tests can build their
// own instance with in-memory resources and the same language rules.
export const languageOptions = {
  fallbackLng: FALLBACK_LANGUAGE,
  load: LOCALE_LOAD,
  supportedLngs: [...SUPPORTED_UI_LANGUAGES],
  // Lets "fr-CA" from the browser count as "fr" instead of falling through to the next detector.
  nonExplicitSupportedLngs: true,
  // React escapes rendered text already; escaping here too would show &amp; and friends.
  interpolation: { escapeValue: false },
  // i18next otherwise prints an advertisement to the console of every visitor.
  showSupportNotice: false,
} satisfies InitOptions;

export const detectionOptions: LanguageDetectionOptions = {
  order: [...LANGUAGE_DETECTION_ORDER],
  lookupQuerystring: LANGUAGE_QUERY_PARAMETER,
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: LOCAL_STORAGE_KEYS.uiLanguage,
  caches: [...LANGUAGE_DETECTION_CACHES],
};

export const backendOptions: LocaleBackendOptions = { loadPath: LOCALE_LOAD_PATH };

// docs/SPEC.md §9 loader settings; i18next doubles the retry delay on each further try.
export const loaderOptions = {
  maxParallelReads: LOCALE_MAX_PARALLEL_READS,
  maxRetries: LOCALE_MAX_RETRIES,
  retryTimeout: LOCALE_RETRY_DELAY_MS,
} satisfies InitOptions;
