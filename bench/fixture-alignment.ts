// `npm run bench fixture-alignment`: what the embedded recogniser hears in each e2e speech fixture
// (frontend/e2e/fixtures/speech-*.wav) depending on where the capture started. The socket cuts the stream into
// 32 ms VAD frames counted from its first sample, and the browser loses the first 10-180 ms of a fake microphone
// while it opens, so from run to run a phrase's window moves against the speech by up to a frame. Each fixture is
// streamed 32 times with 0-31 ms of silence in front, and the distinct transcripts are printed with their counts:
// an e2e assertion should rest only on words heard at every offset (docs/E2E.md). FIXTURES_DIR reads another
// folder's speech-*.wav instead (a candidate fixture before it replaces one).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { sharedSpeechEngine } from '@wayfarer/engines/speech/speech-engine';
import { SAMPLE_RATE, VAD_FRAME_SAMPLES } from '@wayfarer/engines/speech/pcm-frames';
import { parseWav } from '@wayfarer/engines/speech/wav';
import { startBenchSpeechSocket } from './lib/speech-socket';

const FIXTURES =
  process.env.FIXTURES_DIR ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../frontend/e2e/fixtures');
const SAMPLES_PER_MS = SAMPLE_RATE / 1000;
const OFFSETS_MS = Array.from({ length: VAD_FRAME_SAMPLES / SAMPLES_PER_MS }, (_, ms) => ms);
const CHUNK_BYTES = 1600;

export async function main(): Promise<void> {
  const names = (await readdir(FIXTURES)).filter((name) => /^speech-.*\.wav$/u.test(name)).sort();
  const engine = sharedSpeechEngine();
  await engine.ready();
  const socket = await startBenchSpeechSocket(engine);
  try {
    for (const name of names) {
      const wav = parseWav(new Uint8Array(await readFile(path.join(FIXTURES, name))));
      if (wav.sampleRate !== SAMPLE_RATE || wav.channels !== 1) {
        console.log(
          `${name}: skipped (${wav.sampleRate} Hz, ${wav.channels} channels; the socket takes 16 kHz mono)`,
        );
        continue;
      }
      const heard = new Map<string, number>();
      for (const offsetMs of OFFSETS_MS) {
        const samples = new Int16Array(wav.samples.length + offsetMs * SAMPLES_PER_MS);
        samples.set(wav.samples, offsetMs * SAMPLES_PER_MS);
        const transcript = await transcribe(socket.url, samples);
        heard.set(transcript, (heard.get(transcript) ?? 0) + 1);
      }
      console.log(`${name}: ${heard.size} distinct transcripts over ${OFFSETS_MS.length} offsets`);
      for (const [transcript, count] of [...heard].sort((a, b) => b[1] - a[1]))
        console.log(`  ${String(count).padStart(2)} x ${transcript}`);
    }
  } finally {
    await socket.close();
    await engine.close();
  }
}

/** Streams the samples as fast as the socket takes them, then a second of silence, and joins the finals. */
function transcribe(url: string, samples: Int16Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const finals: string[] = [];
    const ws = new WebSocket(url, ['token', 'bench']);
    ws.on('open', () => {
      const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) ws.send(bytes.subarray(at, at + CHUNK_BYTES));
      ws.send(Buffer.alloc(SAMPLE_RATE * 2));
      ws.send(JSON.stringify({ type: 'CloseStream' }));
    });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        is_final?: boolean;
        channel?: { alternatives: { transcript: string }[] };
      };
      if (message.type !== 'Results' || !message.is_final) return;
      const text = message.channel?.alternatives[0]?.transcript ?? '';
      if (text) finals.push(text);
    });
    ws.on('close', () => resolve(finals.join(' | ')));
    ws.on('error', reject);
  });
}
