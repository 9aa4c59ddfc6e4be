// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_STORAGE_KEYS } from '../../../lib/ui-constants';
import { useDevicePhotoTranslation } from './use-device-photo-translation';

type Listener = (event: { loaded: number }) => void;

/** The Translator global as published; a pack to download is refused unless `gesture.active` (user activation). */
function installTranslator(pairs: Record<string, string>, gesture: { active: boolean }) {
  const finishes: (() => void)[] = [];
  (globalThis as Record<string, unknown>).Translator = {
    availability: async ({
      sourceLanguage,
      targetLanguage,
    }: {
      sourceLanguage: string;
      targetLanguage: string;
    }) => pairs[`${sourceLanguage}>${targetLanguage}`] ?? 'unavailable',
    create: async ({
      sourceLanguage,
      targetLanguage,
      monitor,
      signal,
    }: {
      sourceLanguage: string;
      targetLanguage: string;
      monitor?: (m: { addEventListener(type: string, listener: Listener): void }) => void;
      signal?: AbortSignal;
    }) => {
      const key = `${sourceLanguage}>${targetLanguage}`;
      const translator = {
        translate: async (text: string) => `[${targetLanguage}] ${text}`,
        destroy: () => undefined,
      };
      if (pairs[key] === 'available') return translator;
      if (pairs[key] !== 'downloadable') throw new DOMException('unsupported', 'NotSupportedError');
      if (!gesture.active) throw new DOMException('needs a gesture', 'NotAllowedError');
      const listeners: Listener[] = [];
      monitor?.({ addEventListener: (_type, listener) => void listeners.push(listener) });
      listeners.forEach((listener) => listener({ loaded: 0.3 }));
      return new Promise((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
        finishes.push(() => {
          pairs[key] = 'available';
          resolve(translator);
        });
      });
    },
  };
  return finishes;
}

const menu = { originalText: 'Soup of the day 8 €', translatedText: 'translation unavailable', prices: [] };

beforeEach(() => localStorage.setItem(LOCAL_STORAGE_KEYS.translationEngine, 'device'));
afterEach(() => {
  delete (globalThis as Record<string, unknown>).Translator;
  localStorage.clear();
});

describe('photo translation on the device', () => {
  it('translates the recognised text with the browser’s model when the traveller chose the device', async () => {
    installTranslator({ 'en>es': 'available' }, { active: false });
    const { result } = renderHook(() => useDevicePhotoTranslation(menu, 'es'));
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(result.current.text).toBe('[es] Soup of the day 8 €');
  });

  it('a pack that must be downloaded waits for the traveller’s press, then shows its progress', async () => {
    const gesture = { active: false };
    const finishes = installTranslator({ 'en>es': 'downloadable' }, gesture);
    const { result } = renderHook(() => useDevicePhotoTranslation(menu, 'es'));
    await waitFor(() => expect(result.current.state).toBe('needs_gesture'));
    gesture.active = true;
    act(() => result.current.translateOnDevice());
    await waitFor(() => expect(result.current).toMatchObject({ state: 'downloading', progress: 30 }));
    act(() => finishes[0]!());
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(result.current.text).toBe('[es] Soup of the day 8 €');
  });

  it('without the browser API, the server’s translation stands', () => {
    const { result } = renderHook(() => useDevicePhotoTranslation(menu, 'es'));
    expect(result.current.state).toBe('off');
  });

  it('a pair the device cannot translate names the languages that work here, with nothing to press', async () => {
    const gesture = { active: true };
    installTranslator({ 'en>es': 'downloadable', 'en>fr': 'available' }, gesture);
    const { result } = renderHook(() => useDevicePhotoTranslation(menu, 'ja'));
    await waitFor(() => expect(result.current.state).toBe('unsupported'));
    expect(result.current.unsupported).toEqual({ source: 'en', target: 'ja', targets: ['es', 'fr'] });
  });

  it('Cancel stops the pack download and says so; the press starts it again', async () => {
    const gesture = { active: false };
    const finishes = installTranslator({ 'en>es': 'downloadable' }, gesture);
    const { result } = renderHook(() => useDevicePhotoTranslation(menu, 'es'));
    await waitFor(() => expect(result.current.state).toBe('needs_gesture'));
    gesture.active = true;
    act(() => result.current.translateOnDevice());
    await waitFor(() => expect(result.current.state).toBe('downloading'));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.state).toBe('cancelled'));
    act(() => result.current.translateOnDevice());
    await waitFor(() => expect(result.current.state).toBe('downloading'));
    act(() => finishes.at(-1)!());
    await waitFor(() => expect(result.current.state).toBe('done'));
  });

  it('a pack to download is not fetched unseen while the Translate press still counts as a gesture', async () => {
    const finishes = installTranslator({ 'en>es': 'downloadable' }, { active: true });
    const { result } = renderHook(() => useDevicePhotoTranslation(menu, 'es'));
    await waitFor(() => expect(result.current.state).toBe('needs_gesture'));
    expect(finishes).toHaveLength(0);
  });
});
