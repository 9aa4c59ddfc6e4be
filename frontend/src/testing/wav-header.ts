/**
 * A 44-byte WAV header whose sizes say "unknown" (0xffffffff), as a stream sends it: the tts Lambda before a
 * cloud voice's raw PCM, the embedded engine before its own. For tests of the readers and the player.
 */
export function streamingWavHeader(sampleRate: number, channels = 1, bits = 16, format = 1): Uint8Array {
  const bytes = new Uint8Array(44);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => (bytes[offset + i] = c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 0xffffffff, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, format, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, bits, true);
  text(36, 'data');
  view.setUint32(40, 0xffffffff, true);
  return bytes;
}
