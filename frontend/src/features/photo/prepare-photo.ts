import { PHOTO_MAX_SIDE_PX } from '@wayfarer/shared/api/vision';

const JPEG_QUALITY = 0.9;

/** The size a photo is drawn at: its own, or scaled down so its long side is `maxSide`. */
export function scaledSize(
  width: number,
  height: number,
  maxSide = PHOTO_MAX_SIDE_PX,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A photo as it is sent and shown: upright (a phone's JPEG says its orientation in EXIF and stores the pixels
 * sideways; `imageOrientation: 'from-image'` applies it), scaled down on the device to PHOTO_MAX_SIDE_PX on its long
 * side (enough for OCR, and far under the upload limit), re-encoded as a JPEG with no EXIF left to misread.
 * Rejects when the browser cannot decode or encode it (docs/SPEC.md §8 photo_error_convert_image).
 */
export async function preparePhoto(image: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) =>
          blob && blob.size > 0 ? resolve(blob) : reject(new Error('the photo could not be encoded')),
        'image/jpeg',
        JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
