import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { PHOTO_MAX_SIDE_PX } from '@wayfarer/shared/api/vision';
import { signInFresh } from './support/sign-in';

// A phone stores a portrait photo's pixels sideways and says so in EXIF (orientation 6: turn 90° clockwise). The
// app must apply that before it shows the photo and before it sends it for OCR, and scale it down on the device.
const expect = baseExpect.configure({ timeout: 15_000 });

/** A landscape JPEG drawn by the browser: a dark bar across the top of a white field, `width` by `height`. */
async function landscapeJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#000';
      context.fillRect(0, 0, width, Math.round(height / 5));
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { width, height },
  );
  return Buffer.from(base64, 'base64');
}

/** The same JPEG with an EXIF segment saying "orientation 6" (big-endian TIFF, one IFD entry). */
function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // "MM", 42, first IFD at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    orientation >> 8,
    orientation & 0xff,
    0x00,
    0x00, // Orientation
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  // After the SOI marker (FFD8).
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
}

/** Width and height from a JPEG's frame header (SOF0 or SOF2). */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < jpeg.length) {
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xc0 || marker === 0xc2)
      return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('no frame header');
}

/** The image part of a multipart body. */
function imagePart(body: Buffer): Buffer {
  const start = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  const end = body.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return body.subarray(start, end + 2);
}

test('a phone photo stored sideways (EXIF orientation 6) is shown and sent upright, scaled to 2,000 px', async ({
  page,
}) => {
  await signInFresh(page, 'ACTIVE');
  let uploaded: Buffer | undefined;
  await page.route('**/api/vision/translate-image', async (route) => {
    uploaded = route.request().postDataBuffer() ?? undefined;
    await route.fulfill({ json: { originalText: 'MENU', translatedText: 'MENU', prices: [] } });
  });
  await page.goto('/translate-photo');
  await expect(page.getByTestId('photo-file-input')).toBeAttached();

  // 3000x1500 as stored; upright it is 1500x3000, and on the device it comes down to 1000x2000.
  const stored = withExifOrientation(await landscapeJpeg(page, 3000, 1500), 6);
  expect(jpegSize(stored)).toEqual({ width: 3000, height: 1500 });
  await page.getByTestId('photo-file-input').setInputFiles({
    name: 'IMG_0001.jpg',
    mimeType: 'image/jpeg',
    buffer: stored,
  });

  const preview = page.getByTestId('captured-image');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
    .toEqual([1000, PHOTO_MAX_SIDE_PX]);

  await page.getByTestId('photo-translate-button').click();
  await expect(page.getByTestId('photo-result')).toHaveAttribute('data-state', /ready|empty/);
  expect(uploaded).toBeDefined();
  const sent = imagePart(uploaded!);
  expect(jpegSize(sent)).toEqual({ width: 1000, height: PHOTO_MAX_SIDE_PX });
  // The bar drawn across the top of the stored pixels is, upright, down the right-hand side: orientation 6 turns
  // the picture 90° clockwise. Read back in the browser: the right edge dark, the left edge light.
  const [left, right] = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const y = Math.round(bitmap.height / 2);
    return [
      context.getImageData(10, y, 1, 1).data[0]!,
      context.getImageData(bitmap.width - 10, y, 1, 1).data[0]!,
    ];
  }, sent.toString('base64'));
  expect(left).toBeGreaterThan(200);
  expect(right).toBeLessThan(60);
});
