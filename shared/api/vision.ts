import * as z from 'zod';
import { languageCodeSchema } from './common';
import { priceSchema } from './analysis';

/** The multipart field names of POST /api/vision/translate-image. */
export const VISION_IMAGE_FIELD = 'image';
export const VISION_ACCEPTED_IMAGE_TYPES = ['image/jpeg'] as const;
export { MAX_IMAGE_BYTES, PHOTO_MAX_SIDE_PX } from './route-table';
/*
 * A JPEG's frame header states its size before a single pixel is decoded, so a few-KB file claiming 60000x60000
 * (a decompression bomb) is refused by these bounds. 8192 px a side and 24 megapixels admit a 12 MP or 20 MP phone
 * photo (4032x3024, 5184x3888) and keep one decoded image under about 100 MB of RGBA.
 */
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 24_000_000;

/** The non-file fields of the multipart body. */
export const translateImageFieldsSchema = z.object({ targetLanguage: languageCodeSchema });
export const translateImageResponseSchema = z.object({
  originalText: z.string(),
  translatedText: z.string(),
  prices: z.array(priceSchema),
});
export type TranslateImageResponse = z.infer<typeof translateImageResponseSchema>;
