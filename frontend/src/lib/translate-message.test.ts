import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../testing/render-app';
import { translateMessage } from './translate-message';

describe('translateMessage', () => {
  it('translates a message key and shows any other text as the server wrote it', async () => {
    const i18n = await createTestI18n();

    expect(translateMessage(i18n.t, 'error_rate_limit_stripe')).toBe(
      'Too many billing requests. Please wait a moment and try again.',
    );
    expect(translateMessage(i18n.t, 'Email: already taken.')).toBe('Email: already taken.');
  });
});
