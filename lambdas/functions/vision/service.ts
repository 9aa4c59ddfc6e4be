import {
  MAX_IMAGE_BYTES,
  VISION_IMAGE_FIELD,
  type TranslateImageResponse,
} from '@wayfarer/shared/api/vision';
import { CAPABILITY_UNAVAILABLE_KEYS } from '@wayfarer/shared/domain/error-keys';
import { filterPrices } from '@wayfarer/shared/domain/filters';
import { isAvailableLanguage } from '@wayfarer/shared/domain/languages';
import {
  BadRequestError,
  ForbiddenError,
  PayloadTooLargeError,
  CapabilityUnavailableError,
  ValidationError,
} from '../../http/errors';
import type { Users } from '../../ports/users';
import type { Vision } from '../../ports/vision';
import { inspectJpeg } from './jpeg';

/** 403 for a signed-in caller without an ACTIVE subscription (docs/SPEC.md §6: photos are for subscribers). */
export const SUBSCRIPTION_REQUIRED = 'Photo translation needs an active subscription';

export interface VisionPorts {
  readonly users: Pick<Users, 'getProfile'>;
  /** Charges one photo to the subscriber's day (domain/daily-ceilings.ts); throws its 429 past the quota. */
  readonly charge: (sub: string) => Promise<void>;
  /** Building the engine can fail too (an embedded engine outside the local cloud). */
  readonly vision: () => Promise<Vision>;
}

export interface ImageUpload {
  readonly sub: string;
  readonly body: Buffer | undefined;
  readonly contentType: string | undefined;
}

interface CheckedUpload {
  readonly image: Buffer;
  readonly targetLanguage: string;
}

/** The multipart form, parsed by the runtime's own WHATWG parser (undici): no parser of our own to get wrong. */
async function formOf(upload: ImageUpload): Promise<FormData> {
  if (upload.body === undefined || upload.body.length === 0) throw new BadRequestError('image: Required');
  try {
    return await new Response(upload.body, {
      headers: { 'content-type': upload.contentType ?? '' },
    }).formData();
  } catch (error) {
    throw new BadRequestError('Malformed multipart/form-data body', { cause: error });
  }
}

/**
 * docs/SPEC.md §7: a JPEG `image` (judged by its bytes, never the declared type), no larger than
 * MAX_IMAGE_BYTES, of bounded dimensions, and an available `targetLanguage`. Messages name the field; none carries
 * the image.
 */
async function checkedUpload(upload: ImageUpload): Promise<CheckedUpload> {
  const form = await formOf(upload);
  const file = form.get(VISION_IMAGE_FIELD);
  if (file === null) throw new BadRequestError('image: Required');
  if (typeof file === 'string') throw new BadRequestError('image: Must be a file');
  if (file.size > MAX_IMAGE_BYTES) {
    throw new PayloadTooLargeError(`image: Larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`);
  }
  const image = Buffer.from(await file.arrayBuffer());
  const jpeg = inspectJpeg(image);
  if (!jpeg.ok) throw new ValidationError(`image: ${jpeg.reason}`);
  const targetLanguage = form.get('targetLanguage');
  if (typeof targetLanguage !== 'string' || targetLanguage.trim() === '') {
    throw new BadRequestError('targetLanguage: Required');
  }
  if (!isAvailableLanguage(targetLanguage.trim())) {
    throw new ValidationError('targetLanguage: Not one of the available languages');
  }
  return { image, targetLanguage: targetLanguage.trim() };
}

/**
 * Subscribers only, then the upload's checks, then the day's photo quota, then the engine: its text, its translation and the usable prices
 * (docs/SPEC.md §5 price filter). The image lives in memory for this call only; it is never stored or logged.
 */
export async function translateImage(
  ports: VisionPorts,
  upload: ImageUpload,
): Promise<TranslateImageResponse> {
  const profile = await ports.users.getProfile(upload.sub);
  if (profile?.subscriptionStatus !== 'ACTIVE') throw new ForbiddenError(SUBSCRIPTION_REQUIRED);
  const { image, targetLanguage } = await checkedUpload(upload);
  await ports.charge(upload.sub);
  let read: Awaited<ReturnType<Vision['readImage']>>;
  try {
    read = await (await ports.vision()).readImage({ image, contentType: 'image/jpeg', targetLanguage });
  } catch (error) {
    // The engine's failure, not the caller's: the cause reaches the log, the client gets the photo's own key.
    throw new CapabilityUnavailableError(CAPABILITY_UNAVAILABLE_KEYS.vision, { cause: error });
  }
  return {
    originalText: read.originalText,
    translatedText: read.translatedText,
    prices: filterPrices(read.prices),
  };
}
