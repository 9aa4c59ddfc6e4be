import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranslateImageResponse } from '@wayfarer/shared/api/vision';
import { LANGUAGE_CODES } from '@wayfarer/shared/domain/languages';
import { fetchCapabilities } from '../../../lib/capabilities';
import type { DeviceTranslation } from '../../../lib/device-translator';
import { hasTranslatorApi, loadEnginePreference } from '../../../lib/translation-engine';

/**
 * What the device makes of a photo's text; 'off' when the server's translation stands. 'unsupported':
 * the device cannot translate the text's language into the chosen one (no download would help).
 */
export type DevicePhotoState =
  'off' | 'translating' | 'downloading' | 'done' | 'needs_gesture' | 'cancelled' | 'unsupported' | 'failed';

/** With 'unsupported': the pair that does not work here, and the output languages this device can translate into. */
export interface UnsupportedPhotoPair {
  readonly source: string;
  readonly target: string;
  readonly targets: readonly string[];
}

export interface DevicePhotoTranslation {
  readonly state: DevicePhotoState;
  /** The device's translation so far (growing while it streams). */
  readonly text: string;
  /** The language pack's download, 0..100, while `state` is 'downloading'. */
  readonly progress: number;
  /** From the traveller's press: download the pack the text needs, then translate. */
  readonly translateOnDevice: () => void;
  /** Stops the pack's download ('cancelled'); the press starts it again. */
  readonly cancel: () => void;
  readonly unsupported: UnsupportedPhotoPair | undefined;
}

/** Without a detector, a photo's text is assumed to be English, the language most signs for visitors carry. */
const ASSUMED_PHOTO_LANGUAGE = 'en';

/**
 * Photo translation uses the same engine as the voice screen: when the server cannot translate, or the
 * traveller chose "on this device", the recognised text is translated in the page by the browser's model. The
 * server still reads the text and its prices; only the translation line changes hands.
 */
export function useDevicePhotoTranslation(
  result: TranslateImageResponse | undefined,
  targetLanguage: string,
): DevicePhotoTranslation {
  // The traveller's choice decides at once; otherwise the device steps in when the server has no engine.
  const [chosen] = useState(() => hasTranslatorApi() && loadEnginePreference() === 'device');
  const [serverCannot, setServerCannot] = useState(false);
  const onDevice = chosen || serverCannot;
  const [state, setState] = useState<{
    key: string;
    state: DevicePhotoState;
    text: string;
    progress: number;
    unsupported?: UnsupportedPhotoPair;
  }>({
    key: '',
    state: 'off',
    text: '',
    progress: 0,
  });
  const device = useRef<Promise<DeviceTranslation> | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!hasTranslatorApi() || chosen) return;
    let current = true;
    void fetchCapabilities().then((capabilities) => {
      if (current && capabilities?.translate === 'unavailable') setServerCannot(true);
    });
    return () => {
      current = false;
    };
  }, [chosen]);

  const deviceTranslation = useCallback(() => {
    device.current ??= import('../../../lib/device-translator').then(
      ({ createDeviceTranslation, translatorApi }) => {
        const api = translatorApi();
        if (!api) throw new Error('The Translator API went away');
        return createDeviceTranslation(api);
      },
    );
    return device.current;
  }, []);

  const run = useCallback(
    (text: string, target: string, withDownload: boolean) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const key = `${target}|${text}`;
      const live = (next: (now: typeof state) => typeof state) => {
        if (!controller.signal.aborted) setState(next);
      };
      live(() => ({ key, state: 'translating', text: '', progress: 0 }));
      void (async () => {
        const translation = await deviceTranslation();
        const source = await translation.detectLanguage(text, ASSUMED_PHOTO_LANGUAGE, controller.signal);
        // A pair the device cannot translate is named with those it can (as on the voice screen), not offered.
        const availability = await translation.availability({ source, target });
        if (availability === 'unavailable') {
          const targets = await translation.targetsFor(source, LANGUAGE_CODES);
          live((now) => ({ ...now, state: 'unsupported', unsupported: { source, target, targets } }));
          return;
        }
        // A pack to download waits for the press, which shows its progress and Cancel: the Translate press may
        // still count as a gesture here, and the browser would then download it unseen, behind "translating".
        if (!withDownload && availability === 'downloadable') {
          live((now) => ({ ...now, state: 'needs_gesture' }));
          return;
        }
        if (withDownload)
          await translation.prepare(
            { source, target },
            (fraction) => {
              if (fraction < 1)
                live((now) => ({ ...now, state: 'downloading', progress: Math.round(fraction * 100) }));
            },
            controller.signal,
          );
        live((now) => ({ ...now, state: 'translating' }));
        await translation.translate(text, { source, target }, controller.signal, (chunk) =>
          live((now) => ({ ...now, text: now.text + chunk })),
        );
        live((now) => ({ ...now, state: 'done' }));
      })().catch((error: unknown) => {
        const notReady = error instanceof Error && error.message === 'voice_device_translation_not_ready';
        live((now) => ({ ...now, state: notReady ? 'needs_gesture' : 'failed' }));
      });
    },
    [deviceTranslation],
  );

  const text = result?.originalText.trim() ?? '';
  useEffect(() => {
    if (!onDevice || text === '') return running.current?.abort();
    run(text, targetLanguage, false);
  }, [onDevice, text, targetLanguage, run]);

  useEffect(() => () => running.current?.abort(), []);

  // A result the device has not started on (a new photo, or the server translates) shows the server's line.
  const current =
    onDevice && state.key === `${targetLanguage}|${text}`
      ? state
      : { state: 'off' as const, text: '', progress: 0, unsupported: undefined };
  return {
    state: current.state,
    text: current.text,
    progress: current.progress,
    unsupported: current.state === 'unsupported' ? current.unsupported : undefined,
    translateOnDevice: () => {
      if (text !== '') run(text, targetLanguage, true);
    },
    cancel: () => {
      running.current?.abort();
      running.current = null;
      setState((now) => (now.state === 'downloading' ? { ...now, state: 'cancelled' } : now));
    },
  };
}
