import { describe, expect, it } from 'vitest';
import { getConfig } from '@wayfarer/lambdas/config';
import type { Engine } from './engine';
import { embeddedProviders, engineRoutes, engines, engineSockets, warmEngines } from './register';
import { sharedEspeakSpeaker } from './tts/espeak-speaker';

describe('embedded engines', () => {
  it('text to speech is the one espeak-ng speaker of the process', async () => {
    const config = await getConfig();
    const providers = embeddedProviders();
    expect(providers.tts?.(config)).toBe(sharedEspeakSpeaker());
    expect(providers.tts?.(config)).toBe(providers.tts?.(config));
  });

  it('each capability has at most one engine', () => {
    const capabilities = engines.map((engine) => engine.capability);
    expect(new Set(capabilities).size).toBe(capabilities.length);
  });

  it('an engine is one entry: its provider, routes and sockets are served from the list', () => {
    const route = { method: 'GET', path: '/__local/example', handle: () => undefined } as const;
    const socket = () => ({ handleUpgrade: () => false, ready: async () => {}, close: async () => {} });
    const example: Engine<'analysis'> = {
      capability: 'analysis',
      provider: () => ({ analyze: async () => ({}) }) as never,
      routes: [route],
      sockets: [socket],
    };
    expect(Object.keys(embeddedProviders([example]))).toEqual(['analysis']);
    expect(engineRoutes([example])).toEqual([route]);
    expect(engineSockets([example])).toEqual([socket]);
  });

  it('warms only the engines whose capability chose embedded', () => {
    const warmed: string[] = [];
    const list: Engine[] = (['tts', 'vision'] as const).map((capability) => ({
      capability,
      warm: async () => void warmed.push(capability),
    }));
    warmEngines({ tts: 'embedded', vision: 'cloud' }, list);
    expect(warmed).toEqual(['tts']);
  });
});
