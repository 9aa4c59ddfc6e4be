/**
 * The constants of docs/SPEC.md §9 (and §1-§7) that only the browser reads, named once: the server, the engines
 * and the infrastructure read theirs from shared/constants.ts. Import from here; never retype a number in it.
 */
import type { VoiceGender } from '@wayfarer/shared/constants';

// --- Session ----------------------------------------------------------------------------------------------

/** Refresh the bearer token when it expires within this many seconds, so a call never races its expiry. */
export const TOKEN_REFRESH_THRESHOLD_SECONDS = 300;

// --- Voice path -------------------------------------------------------------------------------------------

/** Pause between the microphone reporting "listening" and the status becoming recording. */
export const RECORDING_START_DELAY_MS = 200;

// --- Languages and settings -------------------------------------------------------------------------------

/** Language suggestions must not wait on a slow IP-location service. */
export const IP_LOOKUP_TIMEOUT_MS = 3000;

export const DEFAULT_VOICE_GENDER: VoiceGender = 'female';

/** Translation is opt-in: a new visitor first sees a plain transcript. */
export const DEFAULT_ENABLE_TRANSLATION = false;

// --- Main screen and progress -----------------------------------------------------------------------------

/** The hero banner advances one step (speak, transcribe, translate, analyze) per interval. */
export const HERO_STEP_ROTATION_MS = 1000;

/** Analysis progress ticks; the step sizes live in shared/domain/progress.ts. */
export const ANALYSIS_PROGRESS_TICK_MS = 250;

export const PHOTO_PROGRESS_TICK_MS = 300;

export const PROGRESS_COMPLETE = 100;

// --- Layout -----------------------------------------------------------------------------------------------

/** At and above this width the language picker is a popover; below it a bottom drawer. */
export const LANGUAGE_PICKER_BREAKPOINT_PX = 768;

// --- Toasts and tooltips ----------------------------------------------------------------------------------

export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_WIDTH_PX = 356;
export const TOAST_SWIPE_THRESHOLD_PX = 45;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// --- Interface translations -------------------------------------------------------------------------------

export const FALLBACK_LANGUAGE = 'en';

/**
 * Interface languages, each with a complete locales/{lng}/ folder, in the order the language menu lists them
 * (docs/SPEC.md §1). zh is Simplified Chinese; with `load: 'languageOnly'` zh-CN, zh-Hans, zh-SG and also zh-TW,
 * zh-HK and zh-Hant resolve to it (docs/SPEC.md §1 says why Traditional readers get it rather than English).
 */
export const SUPPORTED_UI_LANGUAGES = [
  'en',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'nl',
  'pl',
  'tr',
  'ar',
  'hi',
  'ja',
  'ko',
  'zh',
] as const;
/** Interface languages written right to left: the document gets dir="rtl" (i18next's own list agrees). */
export const RIGHT_TO_LEFT_UI_LANGUAGES: readonly (typeof SUPPORTED_UI_LANGUAGES)[number][] = ['ar'];
/**
 * The pseudo-locale for development (frontend/src/lib/pseudo-locale.ts): en made about 40% longer and accented.
 * Not a product language: the dev server serves it (`?lng=qps`) and e2e puts it in place of en; no build ships it.
 */
export const PSEUDO_LANGUAGE = 'qps';
/** Locale files exist per language only ("en", not "en-GB"): i18next `load: 'languageOnly'`. */
export const LOCALE_LOAD = 'languageOnly';
export const LOCALE_MAX_PARALLEL_READS = 10;
export const LOCALE_MAX_RETRIES = 5;
/** First retry delay; i18next doubles it on each further try. */
export const LOCALE_RETRY_DELAY_MS = 350;
/** GET path of a translation file, as i18next-http-backend expects its `loadPath`. */
export const LOCALE_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';
/** docs/SPEC.md §1 detection order (i18next-browser-languagedetector names); the choice is cached in local storage. */
export const LANGUAGE_DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;
export const LANGUAGE_DETECTION_CACHES = ['localStorage'] as const;
export const LANGUAGE_QUERY_PARAMETER = 'lng';
export const LANGUAGE_COOKIE = 'i18next';

// --- Tracking ---------------------------------------------------------------------------------------------

/** A repeat view of the same page within this window is one view (React strict mode, quick back/forward). */
export const TRACKING_DEDUPE_MS = 1000;

// --- Policy -----------------------------------------------------------------------------------------------

export const MINIMUM_AGE_YEARS = 13;
/** Service failures within this window after purchase may be refunded. */
export const REFUND_WINDOW_HOURS = 48;
export const REFUND_REPLY_BUSINESS_DAYS = 5;

// --- Browser storage --------------------------------------------------------------------------------------

export const PRODUCT_SLUG = 'wayfarer';

/** docs/SPEC.md §1: the on-device history keeps at most this many sessions; saving one more drops the oldest. */
export const HISTORY_MAX_SESSIONS = 100;

export const LOCAL_STORAGE_KEYS = {
  authToken: 'authToken',
  heroDismissed: `${PRODUCT_SLUG}-hero-dismissed`,
  recentLanguages: `${PRODUCT_SLUG}-recent-languages`,
  /** docs/SPEC.md §3 Settings other than the recent languages: output language, voice, translation on/off. */
  voiceSettings: `${PRODUCT_SLUG}-voice-settings`,
  /** Two-way mode on/off and the traveller's own language (the other person's is the output language). */
  conversationSettings: `${PRODUCT_SLUG}-conversation-settings`,
  theme: 'vite-ui-theme',
  /** "device" when the traveller chose to translate on this device rather than on the server. */
  translationEngine: `${PRODUCT_SLUG}-translation-engine`,
  /** docs/SPEC.md §1: "true" when the traveller turned the on-device history off. */
  historyOff: `${PRODUCT_SLUG}-history-off`,
  uiLanguage: 'i18nextLng',
} as const;

export const SESSION_STORAGE_KEYS = {
  adminAuthorized: 'admin-authorized',
} as const;

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';
