import ort from 'onnxruntime-node';
import llamaTokenizer from 'llama-tokenizer-js';

/** Moonshine's decoder constants (tiny model): see docs/ENGINES.md. */
const START_TOKEN = 1;
const END_TOKEN = 2;
const LAYERS = 6;
const HEADS = 8;
const HEAD_DIM = 36;
/** Moonshine speaks about 6 tokens a second at most; the cap stops a confused decoder from looping. */
const MAX_TOKENS_PER_SECOND = 6.5;
const MIN_TOKENS = 8;
const SAMPLE_RATE = 16000;
/** The encoder's convolutions need a little audio; shorter input is padded with silence. */
const MIN_SAMPLES = SAMPLE_RATE / 4;
/** llama-tokenizer-js knows the 32,000 Llama pieces; Moonshine's extra ids are special tokens with no text. */
const TEXT_VOCAB_SIZE = 32000;

export interface Transcript {
  text: string;
  /** Mean probability of the chosen tokens: a rough stand-in for Deepgram's confidence. */
  confidence: number;
}

export interface MoonshineOptions {
  encoderPath: string;
  decoderPath: string;
  /** Intra-op threads per ONNX session. */
  threads: number;
}

/** Greedy Moonshine decoding over the two ONNX sessions (encoder, merged decoder with a kv cache). */
export class MoonshineModel {
  private constructor(
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
  ) {}

  static async load(options: MoonshineOptions): Promise<MoonshineModel> {
    const sessionOptions: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: options.threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    };
    const [encoder, decoder] = await Promise.all([
      ort.InferenceSession.create(options.encoderPath, sessionOptions),
      ort.InferenceSession.create(options.decoderPath, sessionOptions),
    ]);
    return new MoonshineModel(encoder, decoder);
  }

  /** Null when `shouldStop` said so: it is asked before the encoder and between decoder steps. */
  async transcribe(audio: Float32Array, shouldStop: () => boolean = () => false): Promise<Transcript | null> {
    if (shouldStop()) return null;
    const input = audio.length >= MIN_SAMPLES ? audio : padTo(audio, MIN_SAMPLES);
    const encoded = await this.encoder.run({
      input_values: new ort.Tensor('float32', input, [1, input.length]),
    });
    const hidden = encoded['last_hidden_state'];
    if (!hidden) throw new Error('Moonshine encoder returned no hidden state');

    const maxTokens = Math.max(MIN_TOKENS, Math.ceil((audio.length / SAMPLE_RATE) * MAX_TOKENS_PER_SECOND));
    const past: Record<string, ort.Tensor> = {};
    const empty = new Float32Array(0);
    for (let layer = 0; layer < LAYERS; layer++) {
      for (const part of ['decoder', 'encoder']) {
        for (const kind of ['key', 'value']) {
          past[`past_key_values.${layer}.${part}.${kind}`] = new ort.Tensor('float32', empty, [
            1,
            HEADS,
            0,
            HEAD_DIM,
          ]);
        }
      }
    }

    const tokens: number[] = [];
    let probabilitySum = 0;
    let next = START_TOKEN;
    for (let step = 0; step < maxTokens; step++) {
      if (shouldStop()) return null;
      const outputs = await this.decoder.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(next)]), [1, 1]),
        encoder_hidden_states: hidden,
        use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
        ...past,
      });
      const logits = outputs['logits'];
      if (!logits) throw new Error('Moonshine decoder returned no logits');
      const { index, probability } = argmaxWithProbability(logits.data as Float32Array);
      next = index;
      if (next === END_TOKEN) break;
      tokens.push(next);
      probabilitySum += probability;
      for (const [name, tensor] of Object.entries(outputs)) {
        if (!name.startsWith('present.')) continue;
        // The encoder half of the cache is computed on the first step only; later steps return it unchanged
        // (or empty), so only the decoder half moves forward.
        if (step > 0 && name.includes('.encoder.')) continue;
        past[name.replace('present.', 'past_key_values.')] = tensor as ort.Tensor;
      }
    }

    const text = llamaTokenizer
      .decode(
        tokens.filter((id) => id < TEXT_VOCAB_SIZE),
        false,
        true,
      )
      .trim();
    return { text, confidence: tokens.length > 0 ? probabilitySum / tokens.length : 0 };
  }
}

function padTo(audio: Float32Array, length: number): Float32Array {
  const padded = new Float32Array(length);
  padded.set(audio);
  return padded;
}

/** The decoder returns logits for one position; softmax of the winner is its probability. */
function argmaxWithProbability(logits: Float32Array): { index: number; probability: number } {
  let index = 0;
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) {
    const value = logits[i]!;
    if (value > max) {
      max = value;
      index = i;
    }
  }
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += Math.exp(logits[i]! - max);
  return { index, probability: 1 / sum };
}
