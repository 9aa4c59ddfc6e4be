import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inspectJpeg } from './jpeg';

const MENU = readFileSync(
  fileURLToPath(new URL('../../../frontend/e2e/fixtures/menu.mjpeg', import.meta.url)),
);

/** A minimal baseline JPEG skeleton: SOI, a frame header of the given size, a scan header, a byte, EOI. */
function jpegOf(width: number, height: number, { eoi = true, sof = 0xc0 } = {}): Buffer {
  const frame = [
    0xff,
    sof,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ];
  const scan = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34];
  return Buffer.from([0xff, 0xd8, ...frame, ...scan, ...(eoi ? [0xff, 0xd9] : [])]);
}

describe('inspectJpeg', () => {
  it('reads the width and height from the frame header of a real JPEG', () => {
    expect(inspectJpeg(MENU)).toEqual({ ok: true, width: 1280, height: 720 });
  });

  it('reads the size of a progressive JPEG (SOF2)', () => {
    expect(inspectJpeg(jpegOf(640, 480, { sof: 0xc2 }))).toEqual({ ok: true, width: 640, height: 480 });
  });

  it('refuses bytes that do not start with the SOI marker', () => {
    expect(inspectJpeg(Buffer.from('hello, this is text'))).toMatchObject({ ok: false });
  });

  it('refuses a PNG whatever its name', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(inspectJpeg(png)).toMatchObject({ ok: false });
  });

  it('refuses a JPEG cut short before its end-of-image marker', () => {
    expect(inspectJpeg(MENU.subarray(0, MENU.length / 2))).toMatchObject({ ok: false });
    expect(inspectJpeg(jpegOf(640, 480, { eoi: false }))).toMatchObject({ ok: false });
  });

  it('refuses a JPEG cut inside its headers', () => {
    expect(inspectJpeg(MENU.subarray(0, 30))).toMatchObject({ ok: false });
  });

  it('refuses a JPEG with no frame header before its scan', () => {
    const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x00, 0xff, 0xd9]);
    expect(inspectJpeg(noFrame)).toMatchObject({ ok: false });
  });

  it('refuses a frame of zero width or height', () => {
    expect(inspectJpeg(jpegOf(0, 480))).toMatchObject({ ok: false });
    expect(inspectJpeg(jpegOf(640, 0))).toMatchObject({ ok: false });
  });

  it('refuses a side longer than MAX_IMAGE_SIDE before decoding (a decompression bomb)', () => {
    expect(inspectJpeg(jpegOf(60_000, 100))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/60000x100/),
    });
  });

  it('refuses more than MAX_IMAGE_PIXELS even when each side is within bounds', () => {
    expect(inspectJpeg(jpegOf(8000, 8000))).toMatchObject({ ok: false });
  });

  it('admits a 12 megapixel phone photo', () => {
    expect(inspectJpeg(jpegOf(4032, 3024))).toEqual({ ok: true, width: 4032, height: 3024 });
  });

  it('admits bytes after the end-of-image marker (camera trailers)', () => {
    expect(inspectJpeg(Buffer.concat([MENU, Buffer.from('trailer')]))).toMatchObject({ ok: true });
  });
});
