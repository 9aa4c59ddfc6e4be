import { describe, expect, it } from 'vitest';
import { PHOTO_ERROR_KEYS, VOICE_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ApiError } from '../../lib/api-client';
import {
  cameraFailureOf,
  convertDetectedPrices,
  defaultPhotoLanguage,
  hasNoText,
  translationFailureMessage,
} from './photo-model';

describe('photo model', () => {
  it('defaults the target language to the interface language when it is offered', () => {
    expect(defaultPhotoLanguage('fr')).toBe('fr');
    expect(defaultPhotoLanguage('de-AT')).toBe('de');
  });

  it('defaults the target language to en when the interface language is not offered', () => {
    expect(defaultPhotoLanguage('xx')).toBe('en');
    expect(defaultPhotoLanguage('')).toBe('en');
  });

  it('treats a result whose two texts are blank as no text detected', () => {
    expect(hasNoText({ originalText: ' ', translatedText: '\n', prices: [] })).toBe(true);
    expect(hasNoText({ originalText: 'MENU', translatedText: '', prices: [] })).toBe(false);
  });

  it('shows the server error text of a failed translation', () => {
    expect(translationFailureMessage(new ApiError(400, 'Image too large'))).toBe('Image too large');
  });

  it('shows photo_error_unknown for a failure that is not an answer of the server', () => {
    expect(translationFailureMessage(new TypeError('boom'))).toBe(PHOTO_ERROR_KEYS.unknown);
  });

  it('counts a NotAllowedError from the camera as denied', () => {
    expect(cameraFailureOf(new DOMException('no', 'NotAllowedError'))).toEqual({ status: 'denied' });
  });

  it('shows photo_error_unknown for any other camera failure', () => {
    expect(cameraFailureOf(new DOMException('busy', 'NotReadableError'))).toEqual({
      status: 'error',
      message: PHOTO_ERROR_KEYS.unknown,
    });
  });

  it('shows error_mic_access when the browser has no media-devices API', () => {
    expect(cameraFailureOf('unsupported')).toEqual({
      status: 'error',
      message: VOICE_ERROR_KEYS.microphoneAccess,
    });
  });

  it('converts detected prices through USD and marks a currency without rate', () => {
    const rates = { USD: 1, EUR: 0.5, GBP: 0.25 };
    const converted = convertDetectedPrices(
      [
        { originalText: '12 €', amount: 12, currency: 'EUR', context: 'Soupe' },
        { originalText: '3 ¥', amount: 3, currency: 'XYZ', context: '' },
      ],
      'GBP',
      rates,
    );
    expect(converted[0]).toMatchObject({
      convertedAmount: 6,
      targetCurrency: 'GBP',
      isAlreadyInTargetCurrency: false,
    });
    expect(converted[1]?.convertedAmount).toBeUndefined();
  });
});
