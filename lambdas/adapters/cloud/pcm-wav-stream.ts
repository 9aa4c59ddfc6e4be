/**
 * Cloud voices are asked for raw 16-bit PCM (OpenAI `response_format: 'pcm'`, Deepgram `encoding=linear16`,
 * `container=none`) rather than MP3, so the browser can play them as they arrive: MP3 was decoded
 * only once complete. This wraps the raw samples in the same streaming WAV the embedded voice sends: a 44-byte
 * header whose RIFF and data sizes are 0xFFFFFFFF (length unknown), then the PCM as it comes.
 */

/** OpenAI's `pcm` format, and the rate asked of Deepgram: 24 kHz, 16-bit signed little-endian, mono. */
export const CLOUD_PCM_SAMPLE_RATE = 24_000;

export const STREAMING_WAV_CONTENT_TYPE = 'audio/wav';

export function streamingWavHeader(sampleRate: number): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) header[offset + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 0xffffffff, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, 0xffffffff, true);
  return header;
}

/** The header, then each chunk of raw PCM as the provider sends it. */
export async function* pcmAsWavStream(
  pcm: AsyncIterable<Uint8Array>,
  sampleRate = CLOUD_PCM_SAMPLE_RATE,
): AsyncIterable<Uint8Array> {
  yield streamingWavHeader(sampleRate);
  for await (const chunk of pcm) yield chunk;
}
