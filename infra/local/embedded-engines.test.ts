import { describe, expect, it } from 'vitest';
import { getConfig } from '@wayfarer/lambdas/config';
import { embeddedEngines } from './embedded-engines';
import { sharedEspeakSpeaker } from './tts/espeak-speaker';

describe('embedded engines', () => {
  it('text to speech is the one espeak-ng speaker of the process', async () => {
    const config = await getConfig();
    expect(embeddedEngines.tts?.(config)).toBe(sharedEspeakSpeaker());
    expect(embeddedEngines.tts?.(config)).toBe(embeddedEngines.tts?.(config));
  });
});
