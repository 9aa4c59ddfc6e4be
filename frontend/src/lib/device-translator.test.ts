import { describe, expect, it } from 'vitest';
import { createDeviceTranslation, DeviceTranslationError, type TranslatorApi } from './device-translator';
import type { DeviceAvailability } from './translation-engine';

type Listener = (event: { loaded: number }) => void;

/** The Translator interface as published: availability states, create() with monitor and signal, streaming. */
function fakeTranslatorApi(options: {
  pairs: Record<string, DeviceAvailability>;
  chunks?: (text: string) => string[];
  downloadSteps?: number[];
}) {
  const created: string[] = [];
  let releaseDownload: (() => void) | undefined;
  const api: TranslatorApi = {
    availability: async ({ sourceLanguage, targetLanguage }) =>
      options.pairs[`${sourceLanguage}>${targetLanguage}`] ?? 'unavailable',
    create: ({ sourceLanguage, targetLanguage, monitor, signal }) => {
      const key = `${sourceLanguage}>${targetLanguage}`;
      const state = options.pairs[key] ?? 'unavailable';
      if (state === 'unavailable')
        return Promise.reject(new DOMException('unsupported', 'NotSupportedError'));
      const listeners: Listener[] = [];
      monitor?.({ addEventListener: (_type, listener) => void listeners.push(listener) });
      return new Promise((resolve, reject) => {
        const finish = () => {
          created.push(key);
          options.pairs[key] = 'available';
          resolve({
            translate: async (text) => `[${targetLanguage}] ${text}`,
            translateStreaming: (text) =>
              new ReadableStream<string>({
                start(controller) {
                  for (const chunk of options.chunks?.(text) ?? [`[${targetLanguage}] `, text])
                    controller.enqueue(chunk);
                  controller.close();
                },
              }),
            destroy: () => undefined,
          });
        };
        signal?.addEventListener('abort', () => reject(signal.reason));
        if (state === 'available') return finish();
        for (const loaded of options.downloadSteps ?? [0, 0.5])
          listeners.forEach((listener) => listener({ loaded }));
        releaseDownload = () => {
          listeners.forEach((listener) => listener({ loaded: 1 }));
          finish();
        };
      });
    },
  };
  return { api, created, finishDownload: () => releaseDownload?.() };
}

const never = new AbortController().signal;

describe('on-device translation', () => {
  it('reports the download progress of a pack and is ready once it is installed', async () => {
    const fake = fakeTranslatorApi({ pairs: { 'en>es': 'downloadable' } });
    const device = createDeviceTranslation(fake.api, undefined);
    const progress: number[] = [];
    const ready = device.prepare(
      { source: 'en', target: 'es' },
      (fraction) => progress.push(fraction),
      never,
    );
    await Promise.resolve();
    expect(progress).toEqual([0, 0.5]);
    fake.finishDownload();
    await ready;
    expect(progress.at(-1)).toBe(1);
    expect(fake.created).toEqual(['en>es']);
  });

  it('a cancelled download rejects, and the next gesture can start it again', async () => {
    const fake = fakeTranslatorApi({ pairs: { 'en>es': 'downloadable' } });
    const device = createDeviceTranslation(fake.api, undefined);
    const cancel = new AbortController();
    const first = device.prepare({ source: 'en', target: 'es' }, () => undefined, cancel.signal);
    cancel.abort();
    await expect(first).rejects.toBeDefined();
    const again = device.prepare({ source: 'en', target: 'es' }, () => undefined, never);
    fake.finishDownload();
    await expect(again).resolves.toBeUndefined();
  });

  it('streams a phrase chunk by chunk and resolves the whole translation', async () => {
    const fake = fakeTranslatorApi({ pairs: { 'en>es': 'available' } });
    const device = createDeviceTranslation(fake.api, undefined);
    const chunks: string[] = [];
    const text = await device.translate(
      'Where is the station?',
      { source: 'en', target: 'es' },
      never,
      (chunk) => chunks.push(chunk),
    );
    expect(chunks).toEqual(['[es] ', 'Where is the station?']);
    expect(text).toBe('[es] Where is the station?');
  });

  it('takes only what is new from a stream that repeats the text so far', async () => {
    const fake = fakeTranslatorApi({
      pairs: { 'en>es': 'available' },
      chunks: () => ['¿Dónde', '¿Dónde está', '¿Dónde está?'],
    });
    const device = createDeviceTranslation(fake.api, undefined);
    const chunks: string[] = [];
    const text = await device.translate('Where is it?', { source: 'en', target: 'es' }, never, (chunk) =>
      chunks.push(chunk),
    );
    expect(chunks).toEqual(['¿Dónde', ' está', '?']);
    expect(text).toBe('¿Dónde está?');
  });

  it('a phrase whose pack is not installed, outside a gesture, fails with the not-ready message', async () => {
    const fake = fakeTranslatorApi({ pairs: { 'en>es': 'available' } });
    const device = createDeviceTranslation(fake.api, undefined);
    const failure = device.translate('Hola', { source: 'de', target: 'es' }, never, () => undefined);
    await expect(failure).rejects.toEqual(new DeviceTranslationError('voice_device_translation_not_ready'));
  });

  it('detects the phrase language when the detector is sure, else assumes the traveller’s', async () => {
    const fake = fakeTranslatorApi({ pairs: { 'en>es': 'available', 'fr>es': 'available' } });
    const detections: Record<string, { detectedLanguage: string; confidence: number }[]> = {
      'Où est la gare ?': [{ detectedLanguage: 'fr', confidence: 0.97 }],
      Ok: [{ detectedLanguage: 'fr', confidence: 0.2 }],
    };
    const detector = { create: async () => ({ detect: async (text: string) => detections[text] ?? [] }) };
    const device = createDeviceTranslation(fake.api, detector);
    await device.translate('Où est la gare ?', { source: 'en', target: 'es' }, never, () => undefined);
    await device.translate('Ok', { source: 'en', target: 'es' }, never, () => undefined);
    expect(fake.created).toEqual(['fr>es', 'en>es']);
  });

  it('a phrase already in the output language is shown as it is', async () => {
    const fake = fakeTranslatorApi({ pairs: {} });
    const device = createDeviceTranslation(fake.api, undefined);
    expect(await device.translate('Hola', { source: 'es', target: 'es' }, never, () => undefined)).toBe(
      'Hola',
    );
  });

  it('names the output languages the device can translate into', async () => {
    const fake = fakeTranslatorApi({
      pairs: { 'en>es': 'available', 'en>fr': 'downloadable', 'en>ja': 'unavailable' },
    });
    const device = createDeviceTranslation(fake.api, undefined);
    expect(await device.targetsFor('en', ['en', 'es', 'fr', 'ja', 'ko'])).toEqual(['es', 'fr']);
  });

  it('in two-way mode names only the languages the device can translate both ways', async () => {
    const fake = fakeTranslatorApi({
      pairs: {
        'en>es': 'available',
        'es>en': 'downloadable',
        'en>fr': 'downloadable',
        'fr>en': 'unavailable',
      },
    });
    const device = createDeviceTranslation(fake.api, undefined);
    expect(await device.targetsFor('en', ['en', 'es', 'fr', 'ja'], { bothWays: true })).toEqual(['es']);
    expect(await device.targetsFor('en', ['en', 'es', 'fr', 'ja'])).toEqual(['es', 'fr']);
  });
});
