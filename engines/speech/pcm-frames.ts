import { SPEECH_SAMPLE_RATE_HZ } from '@wayfarer/shared/constants';

export const SAMPLE_RATE = SPEECH_SAMPLE_RATE_HZ;
/** Silero VAD v5 works on 512-sample frames at 16 kHz (32 ms): the segmenter decides once per frame. */
export const VAD_FRAME_SAMPLES = 512;

/**
 * Cuts a linear16 byte stream (little-endian, mono) into VAD frames of floats in [-1, 1]. Socket chunks need not
 * line up with samples or frames: an odd byte and a part frame wait for the next chunk.
 */
export class PcmFramer {
  private leftover: Uint8Array | undefined;
  private frame = new Float32Array(VAD_FRAME_SAMPLES);
  private frameFill = 0;
  /** Whole samples taken in so far, part frames included. */
  samples = 0;

  push(chunk: Uint8Array): Float32Array[] {
    let bytes = chunk;
    if (this.leftover) {
      const joined = new Uint8Array(this.leftover.length + bytes.length);
      joined.set(this.leftover);
      joined.set(bytes, this.leftover.length);
      bytes = joined;
      this.leftover = undefined;
    }
    if (bytes.length % 2 === 1) {
      this.leftover = bytes.slice(bytes.length - 1);
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    this.samples += bytes.length / 2;
    const frames: Float32Array[] = [];
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let offset = 0; offset < bytes.length; offset += 2) {
      this.frame[this.frameFill++] = view.getInt16(offset, true) / 32768;
      if (this.frameFill === VAD_FRAME_SAMPLES) {
        frames.push(this.frame);
        this.frame = new Float32Array(VAD_FRAME_SAMPLES);
        this.frameFill = 0;
      }
    }
    return frames;
  }
}

/** Ogg, WebM/Matroska, FLAC, MP3 (ID3 or a frame sync): containers a linear16 socket cannot decode. */
export function looksLikeCompressedAudio(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const tag = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (tag === 'OggS' || tag === 'fLaC' || tag.startsWith('ID3')) return true;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return true;
  return false;
}
