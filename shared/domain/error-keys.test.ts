import { describe, expect, it } from 'vitest';
import { isMessageKey, TRANSLATED_MESSAGE_KEYS } from './error-keys';

describe('message keys', () => {
  it('names each key once', () => {
    expect(new Set(TRANSLATED_MESSAGE_KEYS).size).toBe(TRANSLATED_MESSAGE_KEYS.length);
  });

  it('writes keys in snake case', () => {
    for (const key of TRANSLATED_MESSAGE_KEYS) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('includes every key of docs/SPEC.md §8', () => {
    const specKeys = [
      'error_unauthorized',
      'error_forbidden',
      'error_conflict',
      'error_validation',
      'error_server',
      'error_rate_limit_auth',
      'error_rate_limit_password_reset',
      'error_usage_limit_reached',
      'error_rate_limit_expensive',
      'error_rate_limit_stripe',
      'error_rate_limit',
      'error_deepgram_key',
      'error_speech_busy',
      'error_mic_access',
      'error_transcription_start',
      'failed_to_analyze_prices',
      'photo_failed_to_load_rates',
      'photo_error_translation_failed',
      'photo_error_unknown',
      'photo_translation_failed',
      'photo_no_text_detected',
      'camera_access_denied',
      'error_login_failed',
      'error_registration_failed',
      'error_pass_reset_failed',
      'reset_password_failed_error',
      'reset_password_unexpected_error',
      'invalid_token_message',
      'subscribe_must_be_logged_in',
      'subscribe_stripe_checkout_error',
      'subscribe_unexpected_error',
      'manage_subscription_fetch_error',
      'manage_subscription_portal_error',
      'error_fetching_user_on_load',
      'error_fetching_user',
      'form_error_invalid_email',
      'form_error_password_required',
      'photo_error_convert_image',
    ];
    expect(TRANSLATED_MESSAGE_KEYS).toEqual(expect.arrayContaining(specKeys));
  });

  it('tells a key from server text', () => {
    expect(isMessageKey('error_server')).toBe(true);
    expect(isMessageKey('Email already registered')).toBe(false);
  });
});

describe('no literal messages', () => {
  it('names every message a traveller can read by a key, among them the ones that were English text', () => {
    expect(TRANSLATED_MESSAGE_KEYS).toEqual(
      expect.arrayContaining([
        'analysis_failed',
        'analysis_price_conversion_failed',
        'price_no_rate_available',
        'error_not_logged_in',
        'error_session_expired',
        'form_error_passwords_do_not_match',
        'subscribe_terms_required',
        'admin_error_invalid_password',
        'admin_error_verify_failed',
        'admin_analytics_unavailable',
        'admin_analytics_fetch_failed',
      ]),
    );
  });
});
