import type { Price } from '@wayfarer/shared/api/analysis';
import type { TranslateImageResponse } from '@wayfarer/shared/api/vision';
import { PHOTO_ERROR_KEYS, VOICE_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { isAvailableLanguage, languagePart } from '@wayfarer/shared/domain/languages';
import { convertPrice, type RatesAgainstUsd } from '@wayfarer/shared/domain/money';
import { ApiError } from '../../lib/api-client';

// The photo screen's rules (docs/SPEC.md §2, §4, §8) as plain functions, so each is tested without a camera.

const FALLBACK_PHOTO_LANGUAGE = 'en';

/** docs/SPEC.md §2: the target language starts as the interface language if it is offered, else en. */
export function defaultPhotoLanguage(uiLanguage: string): string {
  const code = languagePart(uiLanguage);
  return isAvailableLanguage(code) ? code : FALLBACK_PHOTO_LANGUAGE;
}

/** docs/SPEC.md §8: both texts empty means the photo held no text to translate. */
export function hasNoText(result: TranslateImageResponse): boolean {
  return result.originalText.trim() === '' && result.translatedText.trim() === '';
}

/**
 * docs/SPEC.md §8: the server's words (or photo_error_translation_failed, the call's fallback) for a failed
 * answer; photo_error_unknown for anything else.
 */
export function translationFailureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : PHOTO_ERROR_KEYS.unknown;
}

export type CameraFailure =
  { readonly status: 'denied' } | { readonly status: 'error'; readonly message: string };

/** docs/SPEC.md §8: a refused permission is the denied state; no media-devices API is error_mic_access. */
export function cameraFailureOf(error: unknown): CameraFailure {
  if (error === 'unsupported') return { status: 'error', message: VOICE_ERROR_KEYS.microphoneAccess };
  if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')) {
    return { status: 'denied' };
  }
  return { status: 'error', message: PHOTO_ERROR_KEYS.unknown };
}

/** The detected prices in the chosen currency; one without a usable rate keeps no converted amount. */
export function convertDetectedPrices(
  prices: readonly Price[],
  targetCurrency: string,
  rates: RatesAgainstUsd,
): Price[] {
  return prices.map((price) => {
    const {
      targetCurrency: _target,
      convertedAmount: _amount,
      isAlreadyInTargetCurrency: _same,
      ...found
    } = price;
    const conversion = convertPrice(found, targetCurrency, rates);
    return conversion.ok ? conversion.price : { ...found, targetCurrency: targetCurrency.toUpperCase() };
  });
}
