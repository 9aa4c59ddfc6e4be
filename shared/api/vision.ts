import * as z from 'zod';
import { languageCodeSchema } from './common';
import { priceSchema } from './analysis';

/** The multipart field names of POST /api/vision/translate-image. */
export const VISION_IMAGE_FIELD = 'image';
export const VISION_ACCEPTED_IMAGE_TYPES = ['image/jpeg'] as const;
export { MAX_IMAGE_BYTES } from './route-table';

/** The non-file fields of the multipart body. */
export const translateImageFieldsSchema = z.object({ targetLanguage: languageCodeSchema });
export const translateImageResponseSchema = z.object({
  originalText: z.string(),
  translatedText: z.string(),
  prices: z.array(priceSchema),
});
export type TranslateImageResponse = z.infer<typeof translateImageResponseSchema>;
