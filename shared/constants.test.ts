import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('business constants of docs/SPEC.md §9', () => {
  it('refreshes the token 300 s before expiry and cuts sessions 2 s before the key expires', () => {
    expect(constants.TOKEN_REFRESH_THRESHOLD_SECONDS).toBe(300);
    expect(constants.SESSION_CUTOFF_MARGIN_SECONDS).toBe(2);
  });

  it('times the voice path: 200 ms start delay, 250 ms chunks, 300 ms endpointing, 1200 ms utterance end', () => {
    expect(constants.RECORDING_START_DELAY_MS).toBe(200);
    expect(constants.AUDIO_CHUNK_INTERVAL_MS).toBe(250);
    expect(constants.SPEECH_ENDPOINTING_MS).toBe(300);
    expect(constants.SPEECH_UTTERANCE_END_MS).toBe(1200);
  });

  it('asks the speech socket for the parameters of docs/DESIGN.md §7', () => {
    const query = Object.entries(constants.SPEECH_SOCKET_QUERY)
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    expect(query).toBe(
      'encoding=linear16&sample_rate=16000&model=nova-3&language=multi&smart_format=true&interim_results=true&' +
        'punctuate=true&endpointing=300&utterance_end_ms=1200',
    );
  });

  it('keeps 3 recent languages, suggests 2, and waits 3000 ms for the IP lookup', () => {
    expect(constants.RECENT_LANGUAGES_MAX).toBe(3);
    expect(constants.LANGUAGE_SUGGESTIONS_MAX).toBe(2);
    expect(constants.IP_LOOKUP_TIMEOUT_MS).toBe(3000);
  });

  it('rotates the hero every 1000 ms and ticks progress at 250 ms (analysis) and 300 ms (photo), capped at 95', () => {
    expect(constants.HERO_STEP_ROTATION_MS).toBe(1000);
    expect(constants.ANALYSIS_PROGRESS_TICK_MS).toBe(250);
    expect(constants.ANALYSIS_PROGRESS_CAP).toBe(95);
    expect(constants.PHOTO_PROGRESS_TICK_MS).toBe(300);
    expect(constants.PHOTO_PROGRESS_CAP).toBe(95);
  });

  it('switches the language picker at 768 px', () => {
    expect(constants.LANGUAGE_PICKER_BREAKPOINT_PX).toBe(768);
  });

  it('shows toasts for 4000 ms, 3 at a time, 356 px wide, swiped away after 45 px', () => {
    expect([
      constants.TOAST_DURATION_MS,
      constants.TOAST_VISIBLE_MAX,
      constants.TOAST_WIDTH_PX,
      constants.TOAST_SWIPE_THRESHOLD_PX,
    ]).toEqual([4000, 3, 356, 45]);
  });

  it('delays tooltips 700 ms, skipping 300 ms', () => {
    expect([constants.TOOLTIP_DELAY_MS, constants.TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
  });

  it('loads locales 10 at a time with 5 retries from 350 ms, falling back to en', () => {
    expect([
      constants.LOCALE_MAX_PARALLEL_READS,
      constants.LOCALE_MAX_RETRIES,
      constants.LOCALE_RETRY_DELAY_MS,
    ]).toEqual([10, 5, 350]);
    expect(constants.FALLBACK_LANGUAGE).toBe('en');
    expect(constants.LOCALE_LOAD).toBe('languageOnly');
  });

  it('needs passwords of 8 characters with one of @$!%*?&', () => {
    expect(constants.PASSWORD_MIN_LENGTH).toBe(8);
    expect(constants.PASSWORD_SPECIAL_CHARACTERS).toBe('@$!%*?&');
  });

  it('offers analytics periods of 7, 30 and 90 days, 30 by default, with a 7-day active window', () => {
    expect(constants.ANALYTICS_PERIOD_DAYS).toEqual([7, 30, 90]);
    expect(constants.DEFAULT_ANALYTICS_PERIOD_DAYS).toBe(30);
    expect(constants.ACTIVE_ANONYMOUS_WINDOW_DAYS).toBe(7);
  });

  it('tracks the four funnel pages, skipping repeats within 1000 ms', () => {
    expect(constants.TRACKED_PAGES).toEqual(['/', '/subscribe', '/subscribe-success', '/translate-photo']);
    expect(constants.TRACKING_DEDUPE_MS).toBe(1000);
  });

  it('defaults to a female voice and translation off', () => {
    expect(constants.DEFAULT_VOICE_GENDER).toBe('female');
    expect(constants.DEFAULT_ENABLE_TRANSLATION).toBe(false);
  });

  it('states the policy figures: age 13, 48-hour refunds, reply within 5 business days, monthly billing', () => {
    expect(constants.MINIMUM_AGE_YEARS).toBe(13);
    expect(constants.REFUND_WINDOW_HOURS).toBe(48);
    expect(constants.REFUND_REPLY_BUSINESS_DAYS).toBe(5);
    expect(constants.BILLING_INTERVAL).toBe('month');
  });

  it('names the browser storage keys of docs/SPEC.md §3, and the ones the hero banner, the voice settings, two-way mode, on-device translation and the history add', () => {
    expect(constants.LOCAL_STORAGE_KEYS).toEqual({
      authToken: 'authToken',
      heroDismissed: 'wayfarer-hero-dismissed',
      recentLanguages: 'wayfarer-recent-languages',
      voiceSettings: 'wayfarer-voice-settings',
      conversationSettings: 'wayfarer-conversation-settings',
      translationEngine: 'wayfarer-translation-engine',
      theme: 'vite-ui-theme',
      uiLanguage: 'i18nextLng',
      historyOff: 'wayfarer-history-off',
    });
    expect(constants.SESSION_STORAGE_KEYS).toEqual({ adminAuthorized: 'admin-authorized' });
  });

  it('keeps at most 100 sessions in the on-device history', () => {
    expect(constants.HISTORY_MAX_SESSIONS).toBe(100);
  });

  it('defaults the theme to light', () => {
    expect(constants.DEFAULT_THEME).toBe('light');
  });
});
