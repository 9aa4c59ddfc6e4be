/**
 * Every error and message named in docs/SPEC.md §5 and §8, in one place.
 * Each is a translation key: every locale must define it (see TRANSLATED_MESSAGE_KEYS). Nothing a traveller
 * reads is fixed English text.
 */

/** Failed-response mapping (docs/SPEC.md §8). */
export const HTTP_ERROR_KEYS = {
  unauthorized: 'error_unauthorized',
  forbidden: 'error_forbidden',
  conflict: 'error_conflict',
  validation: 'error_validation',
  /** A 404: nothing at that address (a record, an export) for this caller. */
  notFound: 'error_not_found',
  /** A 413: the body is over the route's limit. */
  payloadTooLarge: 'error_payload_too_large',
  server: 'error_server',
  /** A 503: a dependency (the table, a provider) is briefly down; the answer carries Retry-After. */
  unavailable: 'error_service_unavailable',
} as const;

/** 429 answers, one key per rate-limit class (docs/SPEC.md §8). */
export const RATE_LIMIT_KEYS = {
  auth: 'error_rate_limit_auth',
  passwordReset: 'error_rate_limit_password_reset',
  speech: 'error_usage_limit_reached',
  expensive: 'error_rate_limit_expensive',
  stripe: 'error_rate_limit_stripe',
  default: 'error_rate_limit',
} as const;

/**
 * 429 answers of a daily ceiling (DAILY_CEILINGS in shared/constants.ts, docs/SPEC.md §8): the route's own body,
 * shown as the limit it is rather than the rate-limit class's "wait a moment".
 */
export const DAILY_LIMIT_KEYS = {
  /** Translation or speech synthesis: today's characters are used; transcription goes on. */
  text: 'error_daily_text_limit',
  /** Photo translation: today's photos are used. */
  photos: 'error_daily_photo_limit',
  /** Analysis: today's analysed characters are used; translation and speech go on. */
  analysis: 'error_daily_analysis_limit',
  /** Registration: the caller's network has opened as many accounts today as one network may (docs/SPEC.md §9). */
  accounts: 'error_registration_network_limit',
} as const;

/** Form validation (docs/SPEC.md §5). */
export const FORM_ERROR_KEYS = {
  invalidEmail: 'form_error_invalid_email',
  passwordRequired: 'form_error_password_required',
  passwordMinLength: 'form_error_password_min_length',
  passwordLowercase: 'form_error_password_lowercase',
  passwordUppercase: 'form_error_password_uppercase',
  passwordNumber: 'form_error_password_number',
  passwordSpecial: 'form_error_password_special',
  /** On the confirm field of the register and reset-password forms. */
  passwordsDoNotMatch: 'form_error_passwords_do_not_match',
  // docs/SPEC.md §5 says only "must be non-blank"; the key name is ours.
  adminPasswordRequired: 'form_error_admin_password_required',
} as const;

/** Voice, translation and speech (docs/SPEC.md §8). */
export const VOICE_ERROR_KEYS = {
  /** The ticket call failed: the speech service cannot be reached. */
  speechTicket: 'error_deepgram_key',
  /** The relay is full (close 1013): too many speakers on it right now. */
  speechBusy: 'error_speech_busy',
  microphoneAccess: 'error_mic_access',
  transcriptionStart: 'error_transcription_start',
  // docs/SPEC.md §8: what a traveller sees when a phrase could not be translated or read aloud (the server's own
  // words are operator detail: they go to the console log).
  translationFailed: 'error_translation_failed',
  speechFailed: 'error_speech_failed',
} as const;

/** On-device translation (docs/SPEC.md §8): the browser's model could not translate a phrase. */
export const DEVICE_TRANSLATION_KEYS = {
  notReady: 'voice_device_translation_not_ready',
  failed: 'voice_device_translation_failed',
} as const;

/** Analysis cards (docs/SPEC.md §2, §8). */
export const ANALYSIS_MESSAGE_KEYS = {
  pricesFailed: 'failed_to_analyze_prices',
  locationsFailed: 'failed_to_analyze_locations',
  emergencyFailed: 'failed_to_analyze_emergency',
  noResults: 'analysis_complete_no_results',
  /** All three analysis calls failed. */
  wholeFailed: 'analysis_failed',
  /** The prices could not be converted to the newly chosen currency. */
  conversionFailed: 'analysis_price_conversion_failed',
  /** A price whose currency has no exchange rate (analysis and photo cards). */
  noRate: 'price_no_rate_available',
} as const;

/** Photo translation (docs/SPEC.md §5, §8). */
export const PHOTO_ERROR_KEYS = {
  ratesFailed: 'photo_failed_to_load_rates',
  translationFailed: 'photo_error_translation_failed',
  unknown: 'photo_error_unknown',
  resultFailed: 'photo_translation_failed',
  noTextDetected: 'photo_no_text_detected',
  convertImage: 'photo_error_convert_image',
  cameraDenied: 'camera_access_denied',
} as const;

/** Auth and subscription toasts, used when the server sends no message (docs/SPEC.md §8). */
export const ACCOUNT_ERROR_KEYS = {
  loginFailed: 'error_login_failed',
  registrationFailed: 'error_registration_failed',
  passwordResetRequestFailed: 'error_pass_reset_failed',
  resetPasswordFailed: 'reset_password_failed_error',
  resetPasswordUnexpected: 'reset_password_unexpected_error',
  invalidToken: 'invalid_token_message',
  verifyEmailInvalidToken: 'verify_email_invalid_token',
  subscribeMustBeLoggedIn: 'subscribe_must_be_logged_in',
  subscribeCheckoutFailed: 'subscribe_stripe_checkout_error',
  subscribeUnexpected: 'subscribe_unexpected_error',
  subscriptionFetchFailed: 'manage_subscription_fetch_error',
  portalFailed: 'manage_subscription_portal_error',
  userFetchOnLoadFailed: 'error_fetching_user_on_load',
  userFetchFailed: 'error_fetching_user',
  /** The api client's answer to a call that needs a token when there is none. */
  notLoggedIn: 'error_not_logged_in',
  /** The api client's answer to a 401 that a refresh could not cure: the session has ended. */
  sessionExpired: 'error_session_expired',
  /** Subscribe pressed without accepting the terms. */
  subscribeTermsRequired: 'subscribe_terms_required',
  /** The account page: the password typed to confirm a change is not the account's (a 403, never a 401). */
  wrongPassword: 'account_error_wrong_password',
  /** The account page: a call failed without the server's own key. */
  accountActionFailed: 'account_error_action_failed',
  /** No payment engine can serve: checkout, the portal and deleting a paying account wait for it. */
  paymentsUnavailable: 'error_payments_unavailable',
} as const;

/** The admin dashboard (docs/SPEC.md §8 admin). */
export const ADMIN_ERROR_KEYS = {
  invalidPassword: 'admin_error_invalid_password',
  verifyFailed: 'admin_error_verify_failed',
  analyticsUnavailable: 'admin_analytics_unavailable',
  analyticsFetchFailed: 'admin_analytics_fetch_failed',
} as const;

type ValueOf<T> = T[keyof T];

/**
 * What a 503 CapabilityUnavailable says when a capability's engine cannot serve (docs/SPEC.md §8): the key the
 * feature already shows for its own failure, so the traveller reads what they can do. A service that knows the
 * call (an analysis card) sends its own key instead.
 */
export const CAPABILITY_UNAVAILABLE_KEYS = {
  stt: VOICE_ERROR_KEYS.speechTicket,
  translate: VOICE_ERROR_KEYS.translationFailed,
  tts: VOICE_ERROR_KEYS.speechFailed,
  analysis: ANALYSIS_MESSAGE_KEYS.wholeFailed,
  vision: PHOTO_ERROR_KEYS.translationFailed,
  billing: ACCOUNT_ERROR_KEYS.paymentsUnavailable,
} as const;

export type HttpErrorKey = ValueOf<typeof HTTP_ERROR_KEYS>;
export type RateLimitKey = ValueOf<typeof RATE_LIMIT_KEYS>;
export type FormErrorKey = ValueOf<typeof FORM_ERROR_KEYS>;
export type DailyLimitKey = ValueOf<typeof DAILY_LIMIT_KEYS>;

export type MessageKey =
  | HttpErrorKey
  | RateLimitKey
  | DailyLimitKey
  | FormErrorKey
  | ValueOf<typeof VOICE_ERROR_KEYS>
  | ValueOf<typeof DEVICE_TRANSLATION_KEYS>
  | ValueOf<typeof ANALYSIS_MESSAGE_KEYS>
  | ValueOf<typeof PHOTO_ERROR_KEYS>
  | ValueOf<typeof ACCOUNT_ERROR_KEYS>
  | ValueOf<typeof ADMIN_ERROR_KEYS>;

/** Every key above: locales/en must translate each one (a locale test can iterate this). */
export const TRANSLATED_MESSAGE_KEYS: readonly MessageKey[] = [
  ...Object.values(HTTP_ERROR_KEYS),
  ...Object.values(RATE_LIMIT_KEYS),
  ...Object.values(DAILY_LIMIT_KEYS),
  ...Object.values(FORM_ERROR_KEYS),
  ...Object.values(VOICE_ERROR_KEYS),
  ...Object.values(DEVICE_TRANSLATION_KEYS),
  ...Object.values(ANALYSIS_MESSAGE_KEYS),
  ...Object.values(PHOTO_ERROR_KEYS),
  ...Object.values(ACCOUNT_ERROR_KEYS),
  ...Object.values(ADMIN_ERROR_KEYS),
];

const translatedKeySet: ReadonlySet<string> = new Set(TRANSLATED_MESSAGE_KEYS);

const dailyLimitKeySet: ReadonlySet<string> = new Set(Object.values(DAILY_LIMIT_KEYS));

/** A daily ceiling's key: the limit it is, on any route (docs/SPEC.md §8). */
export function isDailyLimitKey(message: string): message is DailyLimitKey {
  return dailyLimitKeySet.has(message);
}

/**
 * Tells a key from a server's own text, so the caller translates the first and shows the second as it is
 * (passing server text through i18next would mangle any ':' or '.' in it).
 */
export function isMessageKey(message: string): message is MessageKey {
  return translatedKeySet.has(message);
}

/*
 * What the embedded photo engine puts in place of a translation it could not make (the OCR text still shows), read
 * by that engine and its tests. The translate route answers such failures with CAPABILITY_UNAVAILABLE_KEYS.
 */
/** The translation engine failed on the photo's text. */
export const TRANSLATION_UNAVAILABLE = 'translation unavailable';
/** No translation engine can serve (none configured, or no model named): what the README says to set. */
export const NO_TRANSLATION_ENGINE =
  'translation unavailable: set OPENAI_MODEL_TRANSLATE with OPENAI_API_KEY or OPENAI_BASE_URL (an OpenAI-compatible server)';
/** The error line's message when the engine fails after the first chunk. */
export const TRANSLATION_INTERRUPTED = 'translation interrupted';
