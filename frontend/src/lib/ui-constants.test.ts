import { describe, expect, it } from 'vitest';
import * as constants from './ui-constants';

describe('the browser’s constants of docs/SPEC.md §9', () => {
  it('refreshes the token 300 s before expiry', () => {
    expect(constants.TOKEN_REFRESH_THRESHOLD_SECONDS).toBe(300);
  });

  it('waits 200 ms before recording and 3000 ms for the IP lookup', () => {
    expect(constants.RECORDING_START_DELAY_MS).toBe(200);
    expect(constants.IP_LOOKUP_TIMEOUT_MS).toBe(3000);
  });

  it('rotates the hero every 1000 ms and ticks progress at 250 ms (analysis) and 300 ms (photo) up to 100', () => {
    expect(constants.HERO_STEP_ROTATION_MS).toBe(1000);
    expect(constants.ANALYSIS_PROGRESS_TICK_MS).toBe(250);
    expect(constants.PHOTO_PROGRESS_TICK_MS).toBe(300);
    expect(constants.PROGRESS_COMPLETE).toBe(100);
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

  it('counts repeat page views within 1000 ms once', () => {
    expect(constants.TRACKING_DEDUPE_MS).toBe(1000);
  });

  it('defaults to a female voice and translation off', () => {
    expect(constants.DEFAULT_VOICE_GENDER).toBe('female');
    expect(constants.DEFAULT_ENABLE_TRANSLATION).toBe(false);
  });

  it('states the policy figures: age 13, 48-hour refunds, reply within 5 business days', () => {
    expect(constants.MINIMUM_AGE_YEARS).toBe(13);
    expect(constants.REFUND_WINDOW_HOURS).toBe(48);
    expect(constants.REFUND_REPLY_BUSINESS_DAYS).toBe(5);
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
