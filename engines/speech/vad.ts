import ort from 'onnxruntime-node';
import { VAD_FRAME_SAMPLES } from './pcm-frames';

/** Silero v5 expects the tail of the previous frame in front of each frame (as its reference wrapper does). */
const CONTEXT_SAMPLES = 64;
const STATE_SIZE = 2 * 1 * 128;

/**
 * One shared Silero session; each stream keeps its own recurrent state. A frame costs well under a millisecond,
 * so the VAD runs on the main thread where endpointing decisions are made (the recogniser runs in a worker).
 */
export class SileroVad {
  private readonly sampleRate = new ort.Tensor('int64', BigInt64Array.from([16000n]), []);

  private constructor(private readonly session: ort.InferenceSession) {}

  static async load(modelPath: string): Promise<SileroVad> {
    const session = await ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    return new SileroVad(session);
  }

  stream(): VadStream {
    return new VadStream(this.session, this.sampleRate);
  }
}

export class VadStream {
  private state: ort.Tensor = new ort.Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
  private readonly input = new Float32Array(CONTEXT_SAMPLES + VAD_FRAME_SAMPLES);

  constructor(
    private readonly session: ort.InferenceSession,
    private readonly sampleRate: ort.Tensor,
  ) {}

  /** Speech probability of one 512-sample frame (floats in [-1, 1]). */
  async probability(frame: Float32Array): Promise<number> {
    const input = this.input;
    input.copyWithin(0, VAD_FRAME_SAMPLES);
    input.set(frame, CONTEXT_SAMPLES);
    const outputs = await this.session.run({
      input: new ort.Tensor('float32', input.slice(), [1, input.length]),
      state: this.state,
      sr: this.sampleRate,
    });
    const next = outputs['stateN'];
    const output = outputs['output'];
    if (!next || !output) throw new Error('Silero VAD returned no output');
    this.state = next as ort.Tensor;
    return (output.data as Float32Array)[0] ?? 0;
  }
}
