import { afterAll, describe, expect, it } from 'vitest';
import type { VoiceGender } from '@wayfarer/shared/constants';
import { parseWav } from '../speech/wav';
import { createEspeakSpeaker } from './espeak-speaker';

const speaker = createEspeakSpeaker();
afterAll(() => speaker.close());

async function speak(
  text: string,
  language: string,
  gender: VoiceGender = 'female',
  signal?: AbortSignal,
  speed?: number,
) {
  const { contentType, audio } = await speaker.speak({
    text,
    language,
    gender,
    provider: 'openai',
    signal,
    speed,
  });
  const pieces: Uint8Array[] = [];
  for await (const piece of audio) pieces.push(piece);
  return { contentType, pieces, ...parseWav(Buffer.concat(pieces)) };
}

const rms = (samples: Int16Array) => Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
const seconds = (samples: Int16Array) => samples.length / 22_050;

/** Median pitch (Hz) of the loud frames, by autocorrelation over 60-400 Hz. */
function medianPitch(samples: Int16Array): number {
  const frame = 1024;
  const pitches: number[] = [];
  for (let start = 0; start + frame + 400 < samples.length; start += frame) {
    const slice = samples.subarray(start, start + frame);
    if (rms(slice) < 1000) continue;
    let bestLag = 0;
    let best = -Infinity;
    for (let lag = Math.floor(22_050 / 400); lag <= 22_050 / 60; lag++) {
      let sum = 0;
      for (let i = 0; i < frame; i++) sum += (samples[start + i] ?? 0) * (samples[start + i + lag] ?? 0);
      if (sum > best) [best, bestLag] = [sum, lag];
    }
    pitches.push(22_050 / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

describe('espeak speaker', () => {
  it('speaks faster at a higher speed, at the same pitch, and the next phrase at its own pace again', async () => {
    const text = 'The museum opens at nine and closes at six in the evening.';
    const normal = await speak(text, 'en');
    const faster = await speak(text, 'en', 'female', undefined, 1.5);
    const again = await speak(text, 'en');
    expect(seconds(faster.samples)).toBeLessThan(seconds(normal.samples) * 0.8);
    expect(Math.abs(medianPitch(faster.samples) - medianPitch(normal.samples))).toBeLessThan(
      medianPitch(normal.samples) * 0.1,
    );
    expect(seconds(again.samples)).toBeCloseTo(seconds(normal.samples), 1);
  });

  it.each([
    ['en', 'Where is the nearest train station?'],
    ['fr', 'Où se trouve la gare la plus proche ?'],
    ['ja', '一番近い駅はどこですか。'],
    ['ar', 'أين أقرب محطة قطار؟'],
  ])('speaks %s as audible 16-bit mono WAV at 22,050 Hz of a plausible length', async (language, text) => {
    const result = await speak(text, language);
    expect(result.contentType).toBe('audio/wav');
    expect(result).toMatchObject({ sampleRate: 22_050, channels: 1 });
    expect(seconds(result.samples)).toBeGreaterThan(0.8);
    expect(seconds(result.samples)).toBeLessThan(5);
    expect(rms(result.samples)).toBeGreaterThan(500);
  });

  it('reads Japanese kanji as words, not one character name after another', async () => {
    // Spelled out, 日本語 alone lasts 2.5 s; read as ニホンゴ it is under a second.
    expect(seconds((await speak('日本語', 'ja')).samples)).toBeLessThan(1.2);
  });

  it('the header leaves first and announces a stream of unknown length', async () => {
    const { pieces } = await speak('Hello.', 'en');
    expect(pieces[0]?.byteLength).toBe(44);
    expect(Buffer.from(pieces[0] ?? []).readUInt32LE(40)).toBe(0xffff_ffff);
  });

  it('speaks every sentence of a phrase, in order', async () => {
    const one = await speak('Good morning.', 'en');
    const two = await speak('Good morning. Good morning.', 'en');
    expect(seconds(two.samples)).toBeGreaterThan(1.8 * seconds(one.samples));
  });

  it('the female voice speaks higher than the male one', async () => {
    const female = medianPitch((await speak('Danke schön, auf Wiedersehen.', 'de', 'female')).samples);
    const male = medianPitch((await speak('Danke schön, auf Wiedersehen.', 'de', 'male')).samples);
    expect(female).toBeGreaterThan(male * 1.3);
  });

  it('an abort ends the stream and the next phrase is whole', async () => {
    const text = 'This is the first sentence. Here is the second one. And a third. And a fourth to be sure.';
    const whole = await speak(text, 'en');
    const controller = new AbortController();
    const { audio } = await speaker.speak({
      text,
      language: 'en',
      gender: 'female',
      provider: 'openai',
      signal: controller.signal,
    });
    let bytes = 0;
    for await (const piece of audio) {
      bytes += piece.byteLength;
      if (bytes > 44) controller.abort();
    }
    expect(bytes).toBeLessThan(whole.samples.byteLength / 2);
    // espeak-ng varies its voice a little from run to run, so lengths are compared, not samples.
    expect(seconds((await speak(text, 'en')).samples)).toBeGreaterThan(0.9 * seconds(whole.samples));
  });

  it('a reader that stops early stops synthesis and leaves nothing behind for the next phrase', async () => {
    const { audio } = await speaker.speak({
      text: 'One. Two. Three.',
      language: 'en',
      gender: 'male',
      provider: 'openai',
    });
    for await (const piece of audio) if (piece.byteLength > 44) break;
    const after = await speak('Good morning.', 'en', 'male');
    const alone = await speak('Good morning.', 'en', 'male');
    expect(seconds(after.samples)).toBeCloseTo(seconds(alone.samples), 1);
  });

  it('refuses a language it has no voice for', async () => {
    await expect(speak('hello', 'xx')).rejects.toThrow(/does not speak xx/);
  });
});
