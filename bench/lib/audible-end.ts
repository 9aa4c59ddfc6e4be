import { SPEECH_SAMPLE_RATE_HZ } from '@wayfarer/shared/constants';

/** The end (seconds) of the last 10 ms window louder than -40 dBFS: where a listener hears the speaker stop. */
export function audibleEnd(samples: Int16Array, rate: number = SPEECH_SAMPLE_RATE_HZ): number {
  const window = rate / 100;
  for (let end = samples.length; end > 0; end -= window) {
    const start = Math.max(0, end - window);
    let sum = 0;
    for (let i = start; i < end; i++) sum += (samples[i]! / 32768) ** 2;
    if (Math.sqrt(sum / (end - start)) > 0.01) return end / rate;
  }
  return 0;
}
