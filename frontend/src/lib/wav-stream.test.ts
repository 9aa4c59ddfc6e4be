import { describe, expect, it } from 'vitest';
import { streamingWavHeader } from '../testing/wav-header';
import { concatBytes, pcm16Frames, readWavHeader } from './wav-stream';

/** A 16-bit PCM WAV header whose data size says "unknown" (a stream), as the embedded engine sends. */
const header = (sampleRate = 22_050, channels = 1, bits = 16, format = 1) =>
  streamingWavHeader(sampleRate, channels, bits, format);

describe('reading a WAV stream as it arrives', () => {
  it('finds the format and the start of the samples in a streaming header', () => {
    expect(readWavHeader(header())).toEqual({
      kind: 'pcm16',
      format: { sampleRate: 22_050, channels: 1 },
      dataOffset: 44,
    });
  });

  it('asks for more until the data chunk header has arrived', () => {
    expect(readWavHeader(header().subarray(0, 8))).toEqual({ kind: 'need-more' });
    expect(readWavHeader(header().subarray(0, 30))).toEqual({ kind: 'need-more' });
  });

  it('leaves MP3 and other sample formats to the full decoder', () => {
    expect(readWavHeader(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0, 0]))).toEqual({
      kind: 'other',
    });
    expect(readWavHeader(header(22_050, 1, 8))).toEqual({ kind: 'other' });
    expect(readWavHeader(header(22_050, 1, 32, 3))).toEqual({ kind: 'other' });
  });

  it('turns whole frames into samples and keeps the tail of a split frame for the next bytes', () => {
    const bytes = new Uint8Array([0x00, 0x40, 0x00, 0xc0, 0xff]);
    const { channels, rest } = pcm16Frames(bytes, 1);
    expect([...channels[0]!]).toEqual([0.5, -0.5]);
    expect([...rest]).toEqual([0xff]);
    expect([...concatBytes(rest, new Uint8Array([0x7f]))]).toEqual([0xff, 0x7f]);
  });

  it('splits interleaved stereo into channels', () => {
    const { channels } = pcm16Frames(new Uint8Array([0x00, 0x40, 0x00, 0xc0]), 2);
    expect(channels.map((channel) => [...channel])).toEqual([[0.5], [-0.5]]);
  });
});
