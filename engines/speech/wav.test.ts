import { describe, expect, it } from 'vitest';
import { encodeWav, parseWav, wavHeader, WAV_STREAMING_SIZE } from './wav';

describe('wav', () => {
  it('a header of unknown length announces 0xFFFFFFFF for both the RIFF and the data size', () => {
    const view = new DataView(wavHeader(22_050).buffer);
    expect(view.getUint32(4, true)).toBe(WAV_STREAMING_SIZE);
    expect(view.getUint32(40, true)).toBe(WAV_STREAMING_SIZE);
  });

  it('a streamed header followed by samples parses as 16-bit mono PCM at its rate', () => {
    const samples = Int16Array.from([0, 1000, -1000, 32767]);
    const stream = new Uint8Array(44 + samples.byteLength);
    stream.set(wavHeader(22_050));
    stream.set(new Uint8Array(samples.buffer), 44);
    const parsed = parseWav(stream);
    expect(parsed).toMatchObject({ sampleRate: 22_050, channels: 1 });
    expect([...parsed.samples]).toEqual([...samples]);
  });

  it('an encoded file carries its exact sizes', () => {
    const view = new DataView(encodeWav(new Int16Array(10), 16_000).buffer);
    expect(view.getUint32(4, true)).toBe(36 + 20);
    expect(view.getUint32(40, true)).toBe(20);
    expect(view.getUint32(24, true)).toBe(16_000);
  });
});
