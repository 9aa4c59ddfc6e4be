/**
 * Reading a WAV stream as it arrives, so speech can start playing with its first bytes (the embedded engine
 * sends a header of unknown length, then 16-bit PCM sentence by sentence). Anything else (MP3 from the cloud
 * voices, other sample formats) is left to decodeAudioData once complete.
 */

export interface PcmFormat {
  readonly sampleRate: number;
  readonly channels: number;
}

export type WavHeader =
  | { readonly kind: 'pcm16'; readonly format: PcmFormat; readonly dataOffset: number }
  | { readonly kind: 'need-more' }
  | { readonly kind: 'other' };

const PCM = 1;

function tag(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

/** Finds the format and where the samples start; 'need-more' until the `data` chunk's header has arrived. */
export function readWavHeader(bytes: Uint8Array): WavHeader {
  if (bytes.length < 12) return { kind: 'need-more' };
  if (tag(bytes, 0) !== 'RIFF' || tag(bytes, 8) !== 'WAVE') return { kind: 'other' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: PcmFormat | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(bytes, offset);
    if (id === 'data') return format ? { kind: 'pcm16', format, dataOffset: offset + 8 } : { kind: 'other' };
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      if (offset + 8 + 16 > bytes.length) return { kind: 'need-more' };
      const audioFormat = view.getUint16(offset + 8, true);
      const bitsPerSample = view.getUint16(offset + 22, true);
      if (audioFormat !== PCM || bitsPerSample !== 16) return { kind: 'other' };
      format = { channels: view.getUint16(offset + 10, true), sampleRate: view.getUint32(offset + 12, true) };
    }
    offset += 8 + size + (size % 2);
  }
  return { kind: 'need-more' };
}

/**
 * Splits interleaved 16-bit little-endian PCM into one Float32Array per channel, using whole frames only;
 * `rest` is the tail of an incomplete frame, to be prepended to the next bytes.
 */
export function pcm16Frames(
  bytes: Uint8Array,
  channels: number,
): { channels: Float32Array<ArrayBuffer>[]; rest: Uint8Array } {
  const frameBytes = 2 * channels;
  const frames = Math.floor(bytes.length / frameBytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, frames * frameBytes);
  const output = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channels; channel++) {
      output[channel]![frame] = view.getInt16((frame * channels + channel) * 2, true) / 32768;
    }
  }
  return { channels: output, rest: bytes.slice(frames * frameBytes) };
}

export function concatBytes(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}
