/** Settings of the suite's second local cloud, shared by its launcher (second-cloud.ts) and the specs. */

/**
 * The suite's second local cloud (playwright.config.ts starts it once, beside the shared one, through
 * `second-cloud.ts`), for the specs that need settings the shared server must not have: small daily allowances,
 * an admin password, and scripted providers (the OpenAI-compatible test server for translation and voices, the
 * scripted Deepgram server for speech-to-text and English voices). Each test is its own traveller there too
 * (support/traveller.ts), so each has an allowance of its own.
 */
export const SECOND_SERVER = {
  /** ANON_DAILY_SECONDS: voice-limit is cut off after a few seconds; voice-allowance reads it before and after. */
  anonDailySeconds: 10,
  /** USER_DAILY_SECONDS: a signed-in user without a plan is cut off within seconds; a subscriber is not. */
  userDailySeconds: 4,
  adminPassword: 'e2e admin passphrase',
  /**
   * DEEPGRAM_API_KEY, the one key the scripted Deepgram server takes: only the speech relay sends it, and no answer
   * the browser gets may contain it.
   */
  deepgramKey: 'dg-scripted',
  /** The text whose speech the OpenAI-compatible server holds back the tail of (cloud-voice-progressive). */
  holdAudioTailFor: 'stazione',
  toneSeconds: 2,
} as const;

/**
 * What the scripted Deepgram server "hears" on every socket (nova-3 multilingual, with `languages`): an English
 * phrase once 1 s of audio has arrived, then a French one 1.5 s of audio later. conversation-mode.spec.ts plays
 * both sides of a two-way conversation with it; the other specs that speak on this server assert the first.
 */
export const SCRIPT = [
  { text: 'Where is the train station?', language: 'en', afterAudioSeconds: 1 },
  { text: 'La gare est au bout de la rue.', language: 'fr', afterAudioSeconds: 1.5 },
] as const;

/**
 * The suite's third local cloud (started once beside the second, through `second-cloud.ts`), for what neither of the
 * others may have: real speech heard by the embedded recogniser and translated by the OpenAI-compatible test server
 * whose voice reads slower than a speaker talks (voice-long-speech: the spoken lag's bound), and access tokens that
 * expire within the test (session-expired-token: cognito-local's LOCAL_ACCESS_TOKEN_SECONDS).
 */
export const THIRD_SERVER = {
  /** The translated voice's pace: 10 characters a second, slower than a speaker's 15 or so. */
  voiceSecondsPerCharacter: 0.1,
  /** LOCAL_ACCESS_TOKEN_SECONDS: waiting an hour for a token to expire is not a test; a quarter of a minute is. */
  accessTokenSeconds: 15,
} as const;
