import type {
  MetadataMessage,
  ModelInfo,
  ResultWord,
  ResultsMessage,
  SpeechStartedMessage,
  UtteranceEndMessage,
} from '@wayfarer/shared/api/speech-protocol';
import { SAMPLE_RATE } from './pcm-frames';
import type { SegmentSpan } from './segmenter';
import type { Transcript } from './speech-engine';

const MODEL_UUID = '6a1e0c1d-6d6f-4f6e-8d73-68696e652d74';
const MODEL_INFO: ModelInfo = { name: 'moonshine-tiny', version: '2024-10-01.int8', arch: 'moonshine' };

export interface ResultFlags {
  isFinal: boolean;
  speechFinal: boolean;
  fromFinalize: boolean;
}

/**
 * Builds one session's messages in Deepgram's shapes (shared/api/speech-protocol.ts) from stream positions in
 * samples: times are seconds rounded to the millisecond, and every message names the same request.
 */
export class ProtocolWriter {
  constructor(
    private readonly requestId: string,
    private readonly created: string,
  ) {}

  speechStarted(firstSpeech: number): SpeechStartedMessage {
    return { type: 'SpeechStarted', channel: [0], timestamp: seconds(firstSpeech) };
  }

  results(span: SegmentSpan, transcript: Transcript, flags: ResultFlags): ResultsMessage {
    const confidence = round(transcript.confidence);
    const speechEnd = Math.min(span.end, span.lastSpeechEnd);
    return {
      type: 'Results',
      channel_index: [0, 1],
      duration: seconds(span.end - span.start),
      start: seconds(span.start),
      is_final: flags.isFinal,
      speech_final: flags.speechFinal,
      from_finalize: flags.fromFinalize,
      channel: {
        alternatives: [
          {
            transcript: transcript.text,
            confidence,
            words: spreadWords(
              transcript.text,
              span.firstSpeech / SAMPLE_RATE,
              speechEnd / SAMPLE_RATE,
              confidence,
            ),
          },
        ],
      },
      metadata: { request_id: this.requestId, model_info: MODEL_INFO, model_uuid: MODEL_UUID },
    };
  }

  utteranceEnd(lastWordEnd: number): UtteranceEndMessage {
    return { type: 'UtteranceEnd', channel: [0, 1], last_word_end: seconds(lastWordEnd) };
  }

  /** The closing summary: `sha256` of the audio received, `samples` its length. */
  metadata(sha256: string, samples: number): MetadataMessage {
    return {
      type: 'Metadata',
      transaction_key: 'deprecated',
      request_id: this.requestId,
      sha256,
      created: this.created,
      duration: seconds(samples),
      channels: 1,
      models: [MODEL_UUID],
      model_info: { [MODEL_UUID]: MODEL_INFO },
    };
  }
}

/**
 * Moonshine gives no word timings, so words are laid over the segment's speech span in proportion to their
 * length: good enough for UtteranceEnd and captions, not for word-level alignment.
 */
function spreadWords(text: string, start: number, end: number, confidence: number): ResultWord[] {
  const tokens = text.split(/\s+/).filter((token) => token.length > 0);
  const total = tokens.reduce((sum, token) => sum + token.length, 0);
  const span = Math.max(0, end - start);
  let cursor = start;
  return tokens.map((token) => {
    const length = total > 0 ? (span * token.length) / total : 0;
    const word: ResultWord = {
      word: token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
      start: round(cursor),
      end: round(cursor + length),
      confidence,
      punctuated_word: token,
    };
    cursor += length;
    return word;
  });
}

function seconds(samples: number): number {
  return round(samples / SAMPLE_RATE);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
