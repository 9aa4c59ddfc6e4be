import { exchangeRatesResponseSchema } from '@wayfarer/shared/api/analysis';
import {
  VISION_IMAGE_FIELD,
  translateImageResponseSchema,
  type TranslateImageResponse,
} from '@wayfarer/shared/api/vision';
import { PHOTO_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import type { RatesAgainstUsd } from '@wayfarer/shared/domain/money';
import { ApiError, callRoute } from '../../lib/api-client';

// The photo screen's calls (docs/SPEC.md §7). Answers are checked with the shared schemas: this chunk loads lazily
// and can afford zod, and a malformed answer counts as a failed translation.

const IMAGE_FILE_NAME = 'photo.jpg';

export async function translateImage(
  image: Blob,
  targetLanguage: string,
  signal: AbortSignal,
): Promise<TranslateImageResponse> {
  const body = new FormData();
  body.append(VISION_IMAGE_FIELD, image, IMAGE_FILE_NAME);
  body.append('targetLanguage', targetLanguage);
  const answer = await callRoute('vision.translateImage', {
    body,
    signal,
    fallbackKey: PHOTO_ERROR_KEYS.translationFailed,
  });
  const parsed = translateImageResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError(502, PHOTO_ERROR_KEYS.translationFailed);
  return parsed.data;
}

export async function fetchExchangeRates(signal: AbortSignal): Promise<RatesAgainstUsd> {
  const answer = await callRoute('analysis.exchangeRates', { signal });
  const parsed = exchangeRatesResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError(502, PHOTO_ERROR_KEYS.ratesFailed);
  return parsed.data.rates;
}
