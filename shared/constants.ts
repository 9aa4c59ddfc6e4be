/**
 * The business constants of docs/SPEC.md §9 (and the few fixed values of §1-§7) that the server, the engines or
 * the infrastructure read, named once; those only the browser reads are in frontend/src/lib/ui-constants.ts.
 * Import from here; never retype a number that appears in this file.
 */
import { PAGES } from './api/pages';

// --- Session and auth -------------------------------------------------------------------------------------

/**
 * A non-subscriber's session is cut off this many seconds before the relay's allowance ends (its Allowance
 * message), so the client stops before the relay has to close the socket on it.
 */
export const SESSION_CUTOFF_MARGIN_SECONDS = 2;

// --- Voice path -------------------------------------------------------------------------------------------

/**
 * Audio is sent to the speech socket in chunks of this length. Deepgram asks for 20-250 ms; the end of speech is
 * heard only once the chunk holding it arrives, so a short chunk shortens the wait for the final (`npm run bench
 * voice-loop`: 250 ms chunks gave the local engine's final at 427 ms p50, 50 ms at 356 ms). 20 ms is Deepgram's
 * shortest: 50 frames a second, 640 bytes each; against 50 ms, the realistic first translated audio 1178-1181 ms
 * against 1195-1204 ms (alternated in one sitting). Taken back once on e2e speech misheard with them, which the
 * e2e fixture's alignment explained, not the chunks (`npm run bench fixture-alignment`).
 */
export const AUDIO_CHUNK_INTERVAL_MS = 20;

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

/**
 * The speech relay's limits (docs/SPEC.md §9, docs/DESIGN.md §9): one socket per caller, each opened with a
 * single-use ticket, metered by the audio it forwards.
 * - ticketSeconds: how long a ticket from POST /api/speech/ticket opens a socket; it only covers the round trip.
 * - ticketsOpen: tickets a caller may hold unused at once (issued in the last ticketSeconds): a traveller takes one
 *   per start or reconnect, never eight within 30 s, and a script gets no more than this many sockets' worth.
 * - chargeIntervalSeconds: how often the relay writes the audio it forwarded to the session's lease; a crash loses
 *   at most this much.
 * - idleSeconds: a socket that forwards no audio for this long is closed (KeepAlive is not audio): long enough
 *   for a muted traveller listening to a reply, short of an idle socket held all day.
 * - maxSessionSeconds: the longest one socket lives; the client takes a new ticket and carries on.
 * - maxFrameBytes: the largest frame the relay accepts (a 20 ms chunk is 640 bytes; a second of audio 32,000).
 * - aheadOfRealTimeSeconds: how far the audio forwarded may run ahead of the socket's wall-clock time: a provider
 *   bills audio, so a stream faster than real time would cost more than a day has seconds. The browser sends at
 *   most 10 s at once (what it kept while connecting or reconnecting), then real time.
 * - drainSeconds: on shutdown (a deploy), how long open sessions may go on before they are told to reconnect.
 */
export const SPEECH_RELAY_LIMITS = {
  ticketSeconds: 30,
  ticketsOpen: 8,
  chargeIntervalSeconds: 5,
  idleSeconds: 60,
  maxSessionSeconds: 60 * 60,
  maxFrameBytes: 64 * 1024,
  aheadOfRealTimeSeconds: 15,
  drainSeconds: 30,
} as const;

/** 16 kHz mono PCM16: the relay meters these bytes, so bytes are seconds exactly. */
export const SPEECH_BYTES_PER_SECOND = SPEECH_SAMPLE_RATE_HZ * 2;

// --- Daily allowances and ceilings --------------------------------------------------------------------------

/**
 * The daily speech allowance's defaults (ANON_DAILY_SECONDS, USER_DAILY_SECONDS in lambdas/config.ts): seconds of
 * speech the relay forwards for an anonymous caller and for a signed-in one without a plan. A subscriber has none.
 */
export const SPEECH_ALLOWANCE_SECONDS = { anonymous: 5 * 60, user: 15 * 60 } as const;

/**
 * Characters a second of speech can hold: fast conversational speech is about 180 words a minute, 6 to 7
 * characters a word with its space (English, French, German, Spanish), so about 20. Slower speech, and scripts
 * written with fewer characters a word (Chinese, Japanese), hold fewer.
 */
export const SPEECH_CHARACTERS_PER_SECOND = 20;

/**
 * How far above a day of speech the text ceilings sit: a phrase may be translated twice (once on the eager end of
 * turn, again when its final differs) and a translation runs up to a third longer than its source; 3 covers both.
 */
export const DAILY_CEILING_HEADROOM = 3;

/** The day of speech a subscriber's ceilings are sized for (they have no allowance): 4 hours of talk. */
export const SUBSCRIBER_CEILING_SPEECH_SECONDS = 4 * 60 * 60;

const textCeiling = (speechSeconds: number) =>
  speechSeconds * SPEECH_CHARACTERS_PER_SECOND * DAILY_CEILING_HEADROOM;

/**
 * How many free accounts' days the pool of one viewer group (IPv4 address, IPv6 /64) holds: every call of a free
 * account also charges the pool of the group it calls from (`accountsOfViewerGroup`), so making accounts (20 a
 * day a group, ACCOUNTS_PER_VIEWER_GROUP in lambdas/domain/attempt-limits.ts) does not multiply the group's day.
 * 2 is a household, or a couple travelling with two free accounts behind one hotel address, each speaking a whole
 * allowance. Past it a free account calls from another network, or subscribes (a subscriber is not held by it).
 */
export const ACCOUNTS_OF_VIEWER_GROUP = 2;

const textCeilings = {
  anonymous: textCeiling(SPEECH_ALLOWANCE_SECONDS.anonymous),
  user: textCeiling(SPEECH_ALLOWANCE_SECONDS.user),
  accountsOfViewerGroup: ACCOUNTS_OF_VIEWER_GROUP * textCeiling(SPEECH_ALLOWANCE_SECONDS.user),
  subscriber: textCeiling(SUBSCRIBER_CEILING_SPEECH_SECONDS),
} as const;

/**
 * How many times over a day of speech the analysis ceiling sits: one analysis is three calls on the same text
 * (prices, places, emergency) and a currency change sends the prices call again, so 4 calls a run; a traveller
 * analyses a session a few times a day (3 runs). The text is the session's transcript, the speech itself, so no
 * translation headroom is needed on top.
 */
export const ANALYSIS_CEILING_HEADROOM = 4 * 3;

const analysisCeiling = (speechSeconds: number) =>
  speechSeconds * SPEECH_CHARACTERS_PER_SECOND * ANALYSIS_CEILING_HEADROOM;

/**
 * What one caller may use a UTC day, counted on the server before the provider is called (docs/SPEC.md §9,
 * docs/DESIGN.md §9). A caller is an anonymous viewer group (IPv4 address, IPv6 /64), a free account or a
 * subscriber's account.
 * - translateCharacters: characters of text sent to POST /api/translate (the request's messages together).
 * - speechCharacters: characters of text sent to POST /api/tts/{provider}.
 *   Both are a day of the caller's speech allowance at SPEECH_CHARACTERS_PER_SECOND, DAILY_CEILING_HEADROOM times
 *   over: a real day of speech never reaches them, and an anonymous script is refused after 18,000 characters of
 *   each.
 * - analysisCharacters: characters of text sent to POST /api/analysis/{prices,locations,emergency}, each call
 *   counted (the three of a run each charge the text, at least ANALYSIS_CALL_MIN_CHARACTERS). A day of the caller's speech allowance at
 *   SPEECH_CHARACTERS_PER_SECOND, ANALYSIS_CEILING_HEADROOM times over: a whole day's transcript analysed three
 *   times with a currency change each time fits; a script is refused after 72,000 characters a viewer group.
 * - accountsOfViewerGroup (of each of the three): what the free accounts calling from one viewer group share, on
 *   top of each account's own `user` ceiling, ACCOUNTS_OF_VIEWER_GROUP accounts' worth. Subscribers are not held
 *   by it.
 * - photos: photos sent to POST /api/vision/translate-image (subscribers only): a day of menus and signs is a few
 *   dozen.
 */
export const DAILY_CEILINGS = {
  translateCharacters: textCeilings,
  speechCharacters: textCeilings,
  analysisCharacters: {
    anonymous: analysisCeiling(SPEECH_ALLOWANCE_SECONDS.anonymous),
    user: analysisCeiling(SPEECH_ALLOWANCE_SECONDS.user),
    accountsOfViewerGroup: ACCOUNTS_OF_VIEWER_GROUP * analysisCeiling(SPEECH_ALLOWANCE_SECONDS.user),
    subscriber: analysisCeiling(SUBSCRIBER_CEILING_SPEECH_SECONDS),
  },
  photos: { subscriber: 100 },
} as const;

/**
 * The least characters an analysis call charges to DAILY_CEILINGS.analysisCharacters, however short its text: an
 * answer may take 1,024 tokens whatever the input (ANSWER_SIZING in lambdas/adapters/cloud/answer-caps.ts), so
 * without a floor a script of one-character calls would buy that many answers for almost nothing counted. At 256
 * the ceiling bounds the calls too (72,000 / 256 = 281 an anonymous day), and a real run on a short phrase costs
 * 4 x 256 = 1,024 characters of the day: 70 such runs anonymously.
 */
export const ANALYSIS_CALL_MIN_CHARACTERS = 256;

// --- Languages and settings -------------------------------------------------------------------------------

/** Recent output languages kept in the chip row. */
export const RECENT_LANGUAGES_MAX = 3;

/** Suggested output languages shown beside the picker. */
export const LANGUAGE_SUGGESTIONS_MAX = 2;

/** Tried in this order when neither the browser nor the IP country gives a usable suggestion. */
export const FALLBACK_SUGGESTION_LANGUAGES = ['en', 'fr', 'es', 'de', 'it'] as const;

export const VOICE_GENDERS = ['female', 'male'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];

// --- Analysis and photo progress --------------------------------------------------------------------------

/** Progress never claims completion before the answer arrives; it jumps to 100 then. */
export const ANALYSIS_PROGRESS_CAP = 95;
export const ANALYSIS_PROGRESS_STEPS = {
  fastBelow: 60,
  fastStep: 5,
  mediumBelow: 85,
  mediumStep: 2,
  slowStep: 1,
} as const;

export const PHOTO_PROGRESS_CAP = 95;
export const PHOTO_PROGRESS_STEPS = {
  fastBelow: 50,
  fastStep: 5,
  mediumBelow: 80,
  mediumStep: 3,
  slowStep: 1,
} as const;

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
/**
 * Wrong admin passwords from all addresses together per window: a botnet of addresses cannot guess freely
 * either. Reaching it locks the dashboard for everyone until the window ends; that is the price.
 */
export const ADMIN_PASSWORD_GLOBAL_MAX_ATTEMPTS = 50;

/** Only these pages are tracked: the conversion funnel plus the photo feature. */
export const TRACKED_PAGES = [
  PAGES.home,
  PAGES.subscribe,
  PAGES.subscribeSuccess,
  PAGES.translatePhoto,
] as const;
export type TrackedPage = (typeof TRACKED_PAGES)[number];

// --- Policy -----------------------------------------------------------------------------------------------

/**
 * How long a sign-in lasts without the password: Cognito's refresh-token validity (30 days, the user-pool client's
 * default; infra/aws/stacks/auth-stack.ts). The server keeps the refresh session that long, and the refresh and
 * logout calls accept an access token expired up to that long ago (docs/DESIGN.md §9).
 */
export const REFRESH_SESSION_SECONDS = 30 * 24 * 60 * 60;
