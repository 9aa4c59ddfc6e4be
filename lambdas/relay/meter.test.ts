import { describe, expect, it } from 'vitest';
import { SPEECH_BYTES_PER_SECOND } from '@wayfarer/shared/constants';
import { admit, meterFor, meteredSeconds, secondsLeft } from './meter';

const second = SPEECH_BYTES_PER_SECOND;

describe('the relay meter', () => {
  it('bytes are seconds: 32,000 bytes of 16 kHz PCM16 are one second', () => {
    expect(meteredSeconds(admit(meterFor(10), second).meter)).toBe(1);
  });

  it('forwards a whole chunk while the allowance covers it', () => {
    expect(admit(meterFor(10), second)).toMatchObject({ forward: second, spent: false });
  });

  it('forwards only what the allowance covers of the chunk that reaches it, and is then spent', () => {
    const nearly = admit(meterFor(1.5), second).meter;
    expect(admit(nearly, second)).toMatchObject({ forward: second / 2, spent: true });
  });

  it('forwards nothing once spent', () => {
    const spent = admit(meterFor(1), second).meter;
    expect(admit(spent, second)).toMatchObject({ forward: 0, spent: true });
  });

  it('says the seconds the allowance still covers, to the tenth and never rounded up, and nothing without one', () => {
    expect(secondsLeft(admit(meterFor(10), second * 2.55).meter)).toBe(7.4);
    expect(secondsLeft(meterFor(null))).toBeNull();
  });

  it('a subscriber (no allowance) is never spent, and every byte is counted', () => {
    let meter = meterFor(null);
    for (let chunk = 0; chunk < 100; chunk++) meter = admit(meter, second).meter;
    expect(meteredSeconds(meter)).toBe(100);
  });
});
