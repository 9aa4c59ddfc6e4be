import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@wayfarer/shared/api/vision';

export type JpegInspection =
  | { readonly ok: true; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly reason: string };

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
// Markers without a length: TEM and the restart markers.
const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);
// Every start-of-frame marker (baseline, extended, progressive, lossless, arithmetic); C4, C8 and CC are not frames.
const FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

const refuse = (reason: string): JpegInspection => ({ ok: false, reason });

/**
 * What the bytes are, whatever the upload declared: a JPEG is SOI, marker segments up to the scan with a frame
 * header among them, entropy-coded data, then EOI. The size is read from the frame header, so an image too large
 * to decode safely is refused before any decoder sees it. Bytes after EOI (camera trailers) are allowed.
 */
export function inspectJpeg(bytes: Uint8Array): JpegInspection {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return refuse('not a JPEG image');
  let offset = 2;
  let size: { width: number; height: number } | undefined;
  for (;;) {
    if (offset + 1 >= bytes.length || bytes[offset] !== 0xff) return refuse('a damaged or truncated JPEG');
    // Fill bytes: any number of 0xFF may precede a marker.
    while (bytes[offset + 1] === 0xff && offset + 2 < bytes.length) offset += 1;
    const marker = bytes[offset + 1]!;
    offset += 2;
    if (STANDALONE.has(marker)) continue;
    if (marker === EOI || marker === SOI) return refuse('a JPEG with no image data');
    if (offset + 2 > bytes.length) return refuse('a damaged or truncated JPEG');
    const length = (bytes[offset]! << 8) | bytes[offset + 1]!;
    if (length < 2 || offset + length > bytes.length) return refuse('a damaged or truncated JPEG');
    if (FRAME.has(marker)) {
      if (length < 7) return refuse('a damaged JPEG frame header');
      size = {
        height: (bytes[offset + 3]! << 8) | bytes[offset + 4]!,
        width: (bytes[offset + 5]! << 8) | bytes[offset + 6]!,
      };
    }
    offset += length;
    if (marker === SOS) break;
  }
  if (size === undefined) return refuse('a JPEG with no frame header');
  if (!hasEndOfImage(bytes, offset)) return refuse('a truncated JPEG (no end-of-image marker)');
  const { width, height } = size;
  if (width === 0 || height === 0) return refuse('a JPEG with no stated width or height');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return refuse(
      `${width}x${height} pixels is over the limit (${MAX_IMAGE_SIDE} a side, ${MAX_IMAGE_PIXELS / 1e6} megapixels)`,
    );
  }
  return { ok: true, width, height };
}

/** An EOI marker after the first scan: entropy-coded data escapes 0xFF as FF 00, so FF D9 there is a marker. */
function hasEndOfImage(bytes: Uint8Array, from: number): boolean {
  for (let index = bytes.indexOf(0xff, from); index !== -1; index = bytes.indexOf(0xff, index + 1)) {
    if (bytes[index + 1] === EOI) return true;
  }
  return false;
}
