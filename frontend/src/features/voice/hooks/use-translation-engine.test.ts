// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTranslationEngine, type TranslationEngineOptions } from './use-translation-engine';

type Listener = (event: { loaded: number }) => void;

/**
 * A stand-in for the browser's Translator global: en→es must be downloaded, en→ja is not supported, and
 * `extra` adds pairs (es→en, to make a two-way conversation work both ways).
 */
function installTranslator(extra: Record<string, string> = {}) {
  const downloads: { progress: (loaded: number) => void; finish: () => void }[] = [];
  const pairs: Record<string, string> = { 'en>es': 'downloadable', ...extra };
  (globalThis as Record<string, unknown>).Translator = {
    availability: async ({
      sourceLanguage,
      targetLanguage,
    }: {
      sourceLanguage: string;
      targetLanguage: string;
    }) => pairs[`${sourceLanguage}>${targetLanguage}`] ?? 'unavailable',
    create: ({
      sourceLanguage,
      targetLanguage,
      monitor,
      signal,
    }: {
      sourceLanguage: string;
      targetLanguage: string;
      monitor?: (m: { addEventListener(type: string, listener: Listener): void }) => void;
      signal?: AbortSignal;
    }) =>
      new Promise((resolve, reject) => {
        const listeners: Listener[] = [];
        monitor?.({ addEventListener: (_type, listener) => void listeners.push(listener) });
        signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
        downloads.push({
          progress: (loaded) => listeners.forEach((listener) => listener({ loaded })),
          finish: () => {
            pairs[`${sourceLanguage}>${targetLanguage}`] = 'available';
            resolve({
              translate: async (text: string) => `[${targetLanguage}] ${text}`,
              destroy: () => undefined,
            });
          },
        });
      }),
  };
  return downloads;
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).Translator;
  localStorage.clear();
});

const options = (overrides: Partial<TranslationEngineOptions> = {}): TranslationEngineOptions => ({
  server: 'unavailable',
  source: 'en',
  target: 'es',
  twoWay: false,
  languages: ['en', 'es', 'fr', 'ja'],
  ...overrides,
});

describe('useTranslationEngine', () => {
  it('with no server engine and a supported pair, the device translates', async () => {
    installTranslator();
    const { result } = renderHook(() => useTranslationEngine(options()));
    expect(result.current.decision).toBe('checking');
    await waitFor(() => expect(result.current.decision).toBe('device'));
    expect(result.current.translate).toBeDefined();
  });

  it('the download shows its progress from the gesture until the pack is ready', async () => {
    const downloads = installTranslator();
    const { result } = renderHook(() => useTranslationEngine(options()));
    await waitFor(() => expect(result.current.decision).toBe('device'));
    act(() => result.current.prepare());
    await waitFor(() => expect(downloads).toHaveLength(1));
    act(() => downloads[0]!.progress(0.42));
    await waitFor(() => expect(result.current.download).toEqual({ state: 'downloading', progress: 42 }));
    act(() => downloads[0]!.finish());
    await waitFor(() => expect(result.current.download).toEqual({ state: 'ready', progress: 100 }));
  });

  it('Cancel stops the download and says so', async () => {
    const downloads = installTranslator();
    const { result } = renderHook(() => useTranslationEngine(options()));
    await waitFor(() => expect(result.current.decision).toBe('device'));
    act(() => result.current.prepare());
    await waitFor(() => expect(downloads).toHaveLength(1));
    act(() => downloads[0]!.progress(0.1));
    await waitFor(() => expect(result.current.download.state).toBe('downloading'));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.download.state).toBe('cancelled'));
  });

  it('an unsupported pair with no server engine names the languages that work on the device', async () => {
    installTranslator();
    const { result } = renderHook(() => useTranslationEngine(options({ target: 'ja' })));
    await waitFor(() => expect(result.current.deviceTargets).toEqual(['es']));
    expect(result.current.decision).toBe('pair_unsupported');
  });

  it('the traveller’s choice of the device is kept across visits', async () => {
    installTranslator();
    const first = renderHook(() => useTranslationEngine(options({ server: 'cloud' })));
    expect(first.result.current.decision).toBe('server');
    act(() => first.result.current.setPreference('device'));
    first.unmount();
    const again = renderHook(() => useTranslationEngine(options({ server: 'cloud' })));
    expect(again.result.current.preference).toBe('device');
    await waitFor(() => expect(again.result.current.decision).toBe('device'));
  });

  it('without the browser API nothing changes: the server decides', () => {
    const { result } = renderHook(() => useTranslationEngine(options({ server: 'unavailable' })));
    expect(result.current.deviceApi).toBe(false);
    expect(result.current.decision).toBe('unavailable');
  });

  it('the translator handed to speak-back stays the same function across renders, and changes with the pair', async () => {
    installTranslator({ 'en>fr': 'available' });
    const { result, rerender } = renderHook(
      (props: TranslationEngineOptions) => useTranslationEngine(props),
      {
        initialProps: options(),
      },
    );
    await waitFor(() => expect(result.current.decision).toBe('device'));
    const first = result.current.translate;
    rerender(options());
    rerender({ ...options(), languages: [...options().languages] });
    // speak-back's prepare/say pairing matches a prepared translation only to the same function.
    expect(result.current.translate).toBe(first);
    rerender(options({ target: 'fr' }));
    await waitFor(() => expect(result.current.decision).toBe('device'));
    expect(result.current.translate).not.toBe(first);
  });

  it('two-way mode asks the device about both directions, and falls back to the server when one is missing', async () => {
    installTranslator();
    const { result } = renderHook(() => useTranslationEngine(options({ server: 'cloud', twoWay: true })));
    act(() => result.current.setPreference('device'));
    // en→es is downloadable, but es→en is not supported: the server translates both sides.
    await waitFor(() => expect(result.current.decision).toBe('server'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.decision).toBe('server');
    expect(result.current.translate).toBeUndefined();
  });

  it('two-way mode with both directions on the device translates there', async () => {
    installTranslator({ 'es>en': 'downloadable' });
    const { result } = renderHook(() => useTranslationEngine(options({ twoWay: true })));
    await waitFor(() => expect(result.current.decision).toBe('device'));
  });

  it('two-way mode with no server engine names the missing direction and the languages that work both ways', async () => {
    installTranslator({ 'en>fr': 'available', 'fr>en': 'available' });
    const { result } = renderHook(() => useTranslationEngine(options({ twoWay: true })));
    await waitFor(() => expect(result.current.deviceTargets).toEqual(['fr']));
    expect(result.current.decision).toBe('pair_unsupported');
    expect(result.current.unsupportedPair).toEqual({ source: 'es', target: 'en' });
  });
});
