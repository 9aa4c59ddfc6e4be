/** Just enough RIFF/WAVE handling for 16-bit PCM: fixtures, benchmark clips and WAV-framed socket input. */

export interface Pcm16 {
  sampleRate: number;
  channels: number;
  /** Interleaved samples. */
  samples: Int16Array;
}

export function parseWav(bytes: Uint8Array): Pcm16 {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = view.getUint16(body, true);
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      const bits = view.getUint16(body + 14, true);
      if (format !== 1 || bits !== 16) throw new Error('only 16-bit PCM WAV is supported');
    } else if (id === 'data') {
      if (sampleRate === 0) throw new Error('WAV data before fmt chunk');
      const end = Math.min(bytes.length, body + size);
      const copy = bytes.slice(body, end - ((end - body) % 2));
      return { sampleRate, channels, samples: new Int16Array(copy.buffer) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/**
 * Where the PCM payload starts if `bytes` begins with a WAV header, else 0. Deepgram accepts a WAV header at the
 * start of a linear16 stream; so does the local socket.
 */
export function wavHeaderLength(bytes: Uint8Array): number {
  if (bytes.length < 12) return 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    if (tag(offset) === 'data') return offset + 8;
    const size = view.getUint32(offset + 4, true);
    offset += 8 + size + (size % 2);
  }
  return 0;
}

/** A data size that no stream reaches: how a WAV stream whose length is not yet known says "until the end". */
export const WAV_STREAMING_SIZE = 0xffff_ffff;

/**
 * The 44-byte header of 16-bit mono PCM. Without `dataBytes` it announces a stream of unknown length (both sizes
 * 0xFFFFFFFF), which browsers' decodeAudioData reads to the end of the bytes they were given.
 */
export function wavHeader(sampleRate: number, dataBytes?: number): Uint8Array {
  const bytes = new Uint8Array(44);
  const view = new DataView(bytes.buffer);
  const writeTag = (offset: number, text: string) => {
    for (let i = 0; i < 4; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  writeTag(0, 'RIFF');
  view.setUint32(4, dataBytes === undefined ? WAV_STREAMING_SIZE : 36 + dataBytes, true);
  writeTag(8, 'WAVE');
  writeTag(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  writeTag(36, 'data');
  view.setUint32(40, dataBytes ?? WAV_STREAMING_SIZE, true);
  return bytes;
}

export function encodeWav(samples: Int16Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.byteLength);
  bytes.set(wavHeader(sampleRate, samples.byteLength));
  bytes.set(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength), 44);
  return bytes;
}
