/**
 * Every business constant of docs/SPEC.md §9 (and the few fixed values of §1-§7 that both sides need), named once.
 * Import from here; never retype a number that appears in this file.
 */
import { PAGES } from './api/pages';

// --- Session and auth -------------------------------------------------------------------------------------

/** Refresh the bearer token when it expires within this many seconds, so a call never races its expiry. */
export const TOKEN_REFRESH_THRESHOLD_SECONDS = 300;

/**
 * A non-subscriber's session is cut off this many seconds before the speech key's time-to-live ends, so the
 * client stops before the server has to refuse audio.
 */
export const SESSION_CUTOFF_MARGIN_SECONDS = 2;

// --- Voice path -------------------------------------------------------------------------------------------

/** Pause between the microphone reporting "listening" and the status becoming recording. */
export const RECORDING_START_DELAY_MS = 200;

/** Audio is sent to the speech socket in chunks of this length. */
export const AUDIO_CHUNK_INTERVAL_MS = 250;

/** Silence after which the speech engine finalises a phrase. */
export const SPEECH_ENDPOINTING_MS = 300;

/** Silence after which the speech engine reports the end of an utterance. */
export const SPEECH_UTTERANCE_END_MS = 1200;

/** The PCM format the browser worklet produces and the socket is told to expect. */
export const SPEECH_SAMPLE_RATE_HZ = 16000;
export const SPEECH_ENCODING = 'linear16';

/** The model the live speech socket is asked for; the embedded socket accepts and ignores it. */
export const SPEECH_MODEL = 'nova-3';

/**
 * Query parameters of the live speech socket (Deepgram's live protocol), in the order docs/DESIGN.md §7 writes them.
 * Strings because they go straight into URLSearchParams.
 */
export const SPEECH_SOCKET_QUERY = {
  encoding: SPEECH_ENCODING,
  sample_rate: String(SPEECH_SAMPLE_RATE_HZ),
  model: SPEECH_MODEL,
  language: 'multi',
  smart_format: 'true',
  interim_results: 'true',
  punctuate: 'true',
  endpointing: String(SPEECH_ENDPOINTING_MS),
  utterance_end_ms: String(SPEECH_UTTERANCE_END_MS),
} as const satisfies Record<string, string>;

// --- Languages and settings -------------------------------------------------------------------------------

/** Recent output languages kept in the chip row. */
export const RECENT_LANGUAGES_MAX = 3;

/** Suggested output languages shown beside the picker. */
export const LANGUAGE_SUGGESTIONS_MAX = 2;

/** Language suggestions must not wait on a slow IP-location service. */
export const IP_LOOKUP_TIMEOUT_MS = 3000;

/** Tried in this order when neither the browser nor the IP country gives a usable suggestion. */
export const FALLBACK_SUGGESTION_LANGUAGES = ['en', 'fr', 'es', 'de', 'it'] as const;

export const VOICE_GENDERS = ['female', 'male'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];
export const DEFAULT_VOICE_GENDER: VoiceGender = 'female';

/** Translation is opt-in: a new visitor first sees a plain transcript. */
export const DEFAULT_ENABLE_TRANSLATION = false;

// --- Main screen and analysis -----------------------------------------------------------------------------

/** The hero banner advances one step (speak, transcribe, translate, analyze) per interval. */
export const HERO_STEP_ROTATION_MS = 1000;

/** Analysis progress ticks; the step sizes live in shared/domain/progress.ts. */
export const ANALYSIS_PROGRESS_TICK_MS = 250;
/** Progress never claims completion before the answer arrives; it jumps to 100 then. */
export const ANALYSIS_PROGRESS_CAP = 95;
export const ANALYSIS_PROGRESS_STEPS = {
  fastBelow: 60,
  fastStep: 5,
  mediumBelow: 85,
  mediumStep: 2,
  slowStep: 1,
} as const;

export const PHOTO_PROGRESS_TICK_MS = 300;
export const PHOTO_PROGRESS_CAP = 95;
export const PHOTO_PROGRESS_STEPS = {
  fastBelow: 50,
  fastStep: 5,
  mediumBelow: 80,
  mediumStep: 3,
  slowStep: 1,
} as const;

export const PROGRESS_COMPLETE = 100;

// --- Layout -----------------------------------------------------------------------------------------------

/** At and above this width the language picker is a popover; below it a bottom drawer. */
export const LANGUAGE_PICKER_BREAKPOINT_PX = 768;
export const LANGUAGE_LIST_MAX_HEIGHT = '40vh';
export const ORIGINAL_TEXT_CARD_MAX_HEIGHT = '24rem';

// --- Toasts and tooltips ----------------------------------------------------------------------------------

export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_WIDTH_PX = 356;
export const TOAST_SWIPE_THRESHOLD_PX = 45;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// --- Interface translations -------------------------------------------------------------------------------

export const FALLBACK_LANGUAGE = 'en';

/** Interface languages that have a complete locales/{lng}/ folder (docs/SPEC.md §1 date formats: en, fr, es, de). */
export const SUPPORTED_UI_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
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

// --- Validation -------------------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 8;
/** The special characters a password must contain one of (docs/SPEC.md §5); the rule regex is built from this. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

// --- Analytics and tracking -------------------------------------------------------------------------------

export const ANALYTICS_PERIOD_DAYS = [7, 30, 90] as const;
export type AnalyticsPeriodDays = (typeof ANALYTICS_PERIOD_DAYS)[number];
export const DEFAULT_ANALYTICS_PERIOD_DAYS: AnalyticsPeriodDays = 30;

/** An anonymous user counts as "active" if seen within this many days. */
export const ACTIVE_ANONYMOUS_WINDOW_DAYS = 7;

/** The recent-activity list shows at most this many page views, newest first. */
export const RECENT_VIEWS_MAX = 50;

/** A verified admin session lasts this long; then the password is asked again. */
export const ADMIN_SESSION_SECONDS = 8 * 60 * 60;

/** docs/SPEC.md §8 admin: after this many wrong passwords from one IP within the window, every try is refused (429). */
export const ADMIN_PASSWORD_MAX_FAILURES = 5;
export const ADMIN_PASSWORD_FAILURE_WINDOW_SECONDS = 15 * 60;

/** A repeat view of the same page within this window is one view (React strict mode, quick back/forward). */
export const TRACKING_DEDUPE_MS = 1000;

/** Only these pages are tracked: the conversion funnel plus the photo feature. */
export const TRACKED_PAGES = [
  PAGES.home,
  PAGES.subscribe,
  PAGES.subscribeSuccess,
  PAGES.translatePhoto,
] as const;
export type TrackedPage = (typeof TRACKED_PAGES)[number];

// --- Policy -----------------------------------------------------------------------------------------------

export const MINIMUM_AGE_YEARS = 13;
/** Service failures within this window after purchase may be refunded. */
export const REFUND_WINDOW_HOURS = 48;
export const REFUND_REPLY_BUSINESS_DAYS = 5;
/** Pro is billed monthly, in advance, renewing automatically. */
export const BILLING_INTERVAL = 'month';

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
  /** Issue 18: two-way mode on/off and the traveller's own language (the other person's is the output language). */
  conversationSettings: `${PRODUCT_SLUG}-conversation-settings`,
  theme: 'vite-ui-theme',
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
