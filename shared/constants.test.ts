import { describe, expect, it } from 'vitest';
import * as constants from './constants';

// The browser's own values are checked beside them, in frontend/src/lib/ui-constants.test.ts.
describe('business constants of docs/SPEC.md §9', () => {
  it('cuts sessions 2 s before the key expires', () => {
    expect(constants.SESSION_CUTOFF_MARGIN_SECONDS).toBe(2);
  });

  it('times the voice path: 20 ms chunks, 300 ms endpointing, 1200 ms utterance end', () => {
    expect(constants.AUDIO_CHUNK_INTERVAL_MS).toBe(20);
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

  it('sizes the daily text ceilings from a day of speech: never reached by speaking, an anonymous script refused well within 50,000 characters', () => {
    const { DAILY_CEILINGS, SPEECH_ALLOWANCE_SECONDS, SPEECH_CHARACTERS_PER_SECOND } = constants;
    for (const ceiling of [DAILY_CEILINGS.translateCharacters, DAILY_CEILINGS.speechCharacters]) {
      // A whole allowance of fast speech, translated twice over, fits.
      expect(ceiling.anonymous).toBeGreaterThanOrEqual(
        SPEECH_ALLOWANCE_SECONDS.anonymous * SPEECH_CHARACTERS_PER_SECOND * 2,
      );
      expect(ceiling.user).toBeGreaterThanOrEqual(
        SPEECH_ALLOWANCE_SECONDS.user * SPEECH_CHARACTERS_PER_SECOND * 2,
      );
      expect(ceiling.anonymous).toBeLessThanOrEqual(25_000);
      expect(ceiling.anonymous).toBeLessThan(ceiling.user);
      expect(ceiling.user).toBeLessThan(ceiling.subscriber);
    }
    expect(DAILY_CEILINGS.translateCharacters).toEqual({
      anonymous: 18_000,
      user: 54_000,
      accountsOfViewerGroup: 108_000,
      subscriber: 864_000,
    });
  });

  it("sizes a viewer group's pool of free accounts at two accounts' days, in every text ceiling", () => {
    const { DAILY_CEILINGS } = constants;
    for (const ceiling of [
      DAILY_CEILINGS.translateCharacters,
      DAILY_CEILINGS.speechCharacters,
      DAILY_CEILINGS.analysisCharacters,
    ]) {
      expect(ceiling.accountsOfViewerGroup).toBe(2 * ceiling.user);
      expect(ceiling.accountsOfViewerGroup).toBeLessThan(ceiling.subscriber);
    }
  });

  it("sizes the daily analysis ceiling from a day of speech: a day's transcript analysed three times, each with a currency change, fits", () => {
    const { DAILY_CEILINGS, SPEECH_ALLOWANCE_SECONDS, SPEECH_CHARACTERS_PER_SECOND } = constants;
    const ceiling = DAILY_CEILINGS.analysisCharacters;
    // Three calls a run and the prices call again, three runs a day.
    const day = (seconds: number) => seconds * SPEECH_CHARACTERS_PER_SECOND * 4 * 3;
    expect(ceiling.anonymous).toBeGreaterThanOrEqual(day(SPEECH_ALLOWANCE_SECONDS.anonymous));
    expect(ceiling.user).toBeGreaterThanOrEqual(day(SPEECH_ALLOWANCE_SECONDS.user));
    expect(ceiling.anonymous).toBeLessThan(ceiling.user);
    expect(ceiling.user).toBeLessThan(ceiling.subscriber);
    expect(ceiling).toEqual({
      anonymous: 72_000,
      user: 216_000,
      accountsOfViewerGroup: 432_000,
      subscriber: 3_456_000,
    });
  });

  it('gives a subscriber 100 photo translations a day', () => {
    expect(constants.DAILY_CEILINGS.photos.subscriber).toBe(100);
  });

  it('keeps 3 recent languages and suggests 2', () => {
    expect(constants.RECENT_LANGUAGES_MAX).toBe(3);
    expect(constants.LANGUAGE_SUGGESTIONS_MAX).toBe(2);
  });

  it('caps analysis and photo progress at 95', () => {
    expect(constants.ANALYSIS_PROGRESS_CAP).toBe(95);
    expect(constants.PHOTO_PROGRESS_CAP).toBe(95);
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

  it('tracks the four funnel pages', () => {
    expect(constants.TRACKED_PAGES).toEqual(['/', '/subscribe', '/subscribe-success', '/translate-photo']);
  });

  it('offers a female and a male voice', () => {
    expect(constants.VOICE_GENDERS).toEqual(['female', 'male']);
  });
});
