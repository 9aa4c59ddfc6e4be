import { describe, expect, it } from 'vitest';
import { ProtocolWriter } from './protocol-writer';

const writer = new ProtocolWriter('request-1', '2026-01-01T00:00:00.000Z');

describe('ProtocolWriter', () => {
  it('writes Results in seconds rounded to the millisecond, words spread over the speech by their length', () => {
    const message = writer.results(
      { start: 1600, end: 17600, firstSpeech: 3200, lastSpeechEnd: 11200 },
      { text: 'Hi, doctor!', confidence: 0.91234 },
      { isFinal: true, speechFinal: true, fromFinalize: false },
    );
    expect(message).toMatchObject({
      type: 'Results',
      start: 0.1,
      duration: 1,
      is_final: true,
      speech_final: true,
      from_finalize: false,
      metadata: { request_id: 'request-1' },
    });
    expect(message.channel.alternatives[0]).toEqual({
      transcript: 'Hi, doctor!',
      confidence: 0.912,
      words: [
        { word: 'hi', punctuated_word: 'Hi,', start: 0.2, end: 0.35, confidence: 0.912 },
        { word: 'doctor', punctuated_word: 'doctor!', start: 0.35, end: 0.7, confidence: 0.912 },
      ],
    });
  });

  it('words end where the decoded audio ends when speech runs past it', () => {
    const message = writer.results(
      { start: 0, end: 8000, firstSpeech: 0, lastSpeechEnd: 16000 },
      { text: 'hello', confidence: 1 },
      { isFinal: false, speechFinal: false, fromFinalize: false },
    );
    expect(message.channel.alternatives[0]!.words[0]).toMatchObject({ start: 0, end: 0.5 });
  });

  it('writes SpeechStarted, UtteranceEnd and Metadata from stream positions', () => {
    expect(writer.speechStarted(8000)).toEqual({ type: 'SpeechStarted', channel: [0], timestamp: 0.5 });
    expect(writer.utteranceEnd(24000)).toEqual({ type: 'UtteranceEnd', channel: [0, 1], last_word_end: 1.5 });
    expect(writer.metadata('abc', 32000)).toMatchObject({
      type: 'Metadata',
      request_id: 'request-1',
      created: '2026-01-01T00:00:00.000Z',
      sha256: 'abc',
      duration: 2,
      channels: 1,
    });
  });
});
