import { z } from 'zod';
import { languageCodeSchema } from './common';
import { priceSchema } from './analysis';

/** The multipart field names of POST /api/vision/translate-image. */
export const VISION_IMAGE_FIELD = 'image';
export const VISION_ACCEPTED_IMAGE_TYPES = ['image/jpeg'] as const;
/** A 1280x720 JPEG is about 60 KB; 5 MB leaves room for phone photos and stays under Lambda's 6 MB payload. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The non-file fields of the multipart body. */
export const translateImageFieldsSchema = z.object({ targetLanguage: languageCodeSchema });
export const translateImageResponseSchema = z.object({
  originalText: z.string(),
  translatedText: z.string(),
  prices: z.array(priceSchema),
});
export type TranslateImageResponse = z.infer<typeof translateImageResponseSchema>;
