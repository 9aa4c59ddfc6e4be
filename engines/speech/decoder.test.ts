import { describe, expect, it } from 'vitest';
import { SegmentDecoder } from './decoder';
import { VAD_FRAME_SAMPLES as FRAME } from './pcm-frames';
import type { DecodeJob, SpeechEngine, Transcript } from './speech-engine';

/** An engine that records its jobs and answers each with the value the test gives. */
function recordingEngine(answer: (job: DecodeJob) => Transcript | null) {
  const jobs: DecodeJob[] = [];
  const engine: SpeechEngine = {
    ready: async () => undefined,
    openStream: () => {
      throw new Error('not used');
    },
    transcribe: async (job) => {
      jobs.push(job);
      return answer(job);
    },
    close: async () => undefined,
  };
  return { engine, jobs };
}

/** Frame n holds the value n in every sample, so a decoded span shows which frames it came from. */
function decoderWithFrames(count: number, answer: (job: DecodeJob) => Transcript | null = () => null) {
  const { engine, jobs } = recordingEngine(answer);
  const decoder = new SegmentDecoder(engine, 7, { paddingFrames: 2 });
  for (let n = 0; n < count; n++) decoder.append(new Float32Array(FRAME).fill(n));
  return { decoder, jobs };
}

describe('SegmentDecoder', () => {
  it('decodes the asked span of the stream, followed by the padding silence', async () => {
    const { decoder, jobs } = decoderWithFrames(10);
    decoder.forgetBefore(4 * FRAME);
    await decoder.interim(5 * FRAME, 8 * FRAME, () => false);
    const [job] = jobs;
    expect(job).toMatchObject({ streamId: 7, priority: 'interim' });
    expect(job!.audio).toHaveLength(3 * FRAME + 2 * FRAME);
    expect([job!.audio[0], job!.audio[3 * FRAME - 1], job!.audio[3 * FRAME]]).toEqual([5, 7, 0]);
  });

  it('a final reuses the speculation it names, and decodes afresh when that gave nothing', async () => {
    const speculated = decoderWithFrames(10, (job) =>
      job.priority === 'speculative' ? { text: 'hi', confidence: 1 } : null,
    );
    speculated.decoder.speculate(3, 0, 6 * FRAME, () => false);
    expect(await speculated.decoder.final(0, 6 * FRAME, 3)).toEqual({ text: 'hi', confidence: 1 });
    expect(speculated.jobs.map((job) => job.priority)).toEqual(['speculative']);

    const dropped = decoderWithFrames(10, (job) =>
      job.priority === 'final' ? { text: 'hi', confidence: 1 } : null,
    );
    dropped.decoder.speculate(3, 0, 6 * FRAME, () => true);
    expect(await dropped.decoder.final(0, 6 * FRAME, 3)).toEqual({ text: 'hi', confidence: 1 });
    expect(dropped.jobs.map((job) => job.priority)).toEqual(['speculative', 'final']);
  });

  it('a final that names no speculation, or an older one, decodes afresh', async () => {
    const { decoder, jobs } = decoderWithFrames(10);
    decoder.speculate(3, 0, 6 * FRAME, () => false);
    await decoder.final(0, 8 * FRAME, undefined);
    await decoder.final(0, 8 * FRAME, 2);
    expect(jobs.map((job) => job.priority)).toEqual(['speculative', 'final', 'final']);
  });
});
