import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../testing/render-app';
import { translateMessage } from './translate-message';

describe('translateMessage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('translates a message key', async () => {
    const i18n = await createTestI18n();
    expect(translateMessage(i18n.t, 'error_rate_limit_stripe')).toBe(
      'Too many billing requests. Please wait a moment and try again.',
    );
  });

  it('never shows a server’s own text: the traveller reads the fallback key, the text goes to the log', async () => {
    const i18n = await createTestI18n();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const operatorText =
      'translation unavailable: set OPENAI_MODEL_TRANSLATE with OPENAI_API_KEY or OPENAI_BASE_URL';
    expect(translateMessage(i18n.t, operatorText)).toBe(i18n.t('error_server'));
    expect(translateMessage(i18n.t, operatorText, 'photo_error_translation_failed')).toBe(
      i18n.t('photo_error_translation_failed'),
    );
    expect(warn).toHaveBeenCalledWith('message kept from the traveller:', operatorText);
  });

  it('shows no fixed English text: what were literal messages are keys, and English text is kept back', async () => {
    const i18n = await createTestI18n();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(translateMessage(i18n.t, 'form_error_passwords_do_not_match')).toBe(
      i18n.t('form_error_passwords_do_not_match'),
    );
    expect(translateMessage(i18n.t, 'An unknown error occurred')).toBe(i18n.t('error_server'));
    expect(translateMessage(i18n.t, 'Password must contain at least one number.')).toBe(
      i18n.t('error_server'),
    );
  });
});
