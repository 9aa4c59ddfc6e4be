import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EngineState } from '@wayfarer/shared/api/capabilities';
import type { DevicePair, DeviceTranslation } from '../../../lib/device-translator';
import type { PhraseTranslator } from '../speak-back';
import {
  availabilityOfPairs,
  chooseTranslationEngine,
  hasTranslatorApi,
  loadEnginePreference,
  saveEnginePreference,
  type DeviceAvailability,
  type EngineDecision,
  type EnginePreference,
} from '../../../lib/translation-engine';

// The wrapper is fetched on the first press or switch, not with `/`; the feature test below is a property read.
export const loadDeviceTranslator = () => import('../../../lib/device-translator');

/** The translator while the pair does not work on this device and no server can take it: nothing is translated. */
const leaveUntranslated: PhraseTranslator = async () => '';

/** The download of a language pack for on-device translation (docs/SPEC.md §4 "Device translation"). */
export type DownloadState = 'idle' | 'downloading' | 'ready' | 'cancelled' | 'failed';

export interface TranslationEngineControls {
  readonly decision: EngineDecision;
  /** Whether this browser has the on-device API: only then is there a choice to offer. */
  readonly deviceApi: boolean;
  readonly preference: EnginePreference;
  readonly setPreference: (preference: EnginePreference) => void;
  readonly download: { readonly state: DownloadState; readonly progress: number };
  /**
   * From the traveller's gesture (Start, the switch, the engine choice): makes the device ready for the pairs.
   * `preference` is the one just chosen, when the choice itself is the gesture.
   */
  readonly prepare: (preference?: EnginePreference) => void;
  readonly cancel: () => void;
  /** What speak-back translates with while the device is the engine; undefined when the server translates. */
  readonly translate: PhraseTranslator | undefined;
  /**
   * With 'pair_unsupported': the output languages this device can translate into from the traveller's (two-way:
   * and back).
   */
  readonly deviceTargets: readonly string[] | undefined;
  /** With 'pair_unsupported': the direction the device cannot translate (two-way: either one). */
  readonly unsupportedPair: DevicePair | undefined;
}

export interface TranslationEngineOptions {
  /** GET /api/capabilities' translate state. */
  readonly server: EngineState | undefined;
  /** The language the traveller speaks (one-way: their own; two-way: the traveller side's). */
  readonly source: string;
  /** The output language (two-way: the other person's). */
  readonly target: string;
  readonly twoWay: boolean;
  /** Every language the picker offers, to name those that work on this device. */
  readonly languages: readonly string[];
}

/**
 * Who translates each final phrase, the server or the browser's own model, and the device's side of it:
 * the pair's availability, the language-pack download started by the traveller's gesture with its progress and
 * Cancel, and the phrase translator speak-back uses while the device is the engine.
 */
export function useTranslationEngine(options: TranslationEngineOptions): TranslationEngineControls {
  const { server, source, target, twoWay, languages } = options;
  const [deviceApi] = useState(hasTranslatorApi);
  const [preference, setStoredPreference] = useState(loadEnginePreference);
  const [availability, setAvailability] = useState<{ key: string; states: DeviceAvailability[] }>();
  const [download, setDownload] = useState<{ state: DownloadState; progress: number }>({
    state: 'idle',
    progress: 0,
  });
  const [deviceTargets, setDeviceTargets] = useState<{ key: string; targets: string[] }>();
  const device = useRef<Promise<DeviceTranslation> | null>(null);
  const downloading = useRef<AbortController | null>(null);
  // Every direction the conversation translates (docs/SPEC.md §2): two-way asks the device about both.
  const pairs = useMemo<DevicePair[]>(
    () =>
      twoWay
        ? [
            { source, target },
            { source: target, target: source },
          ]
        : [{ source, target }],
    [twoWay, source, target],
  );
  const pairKey = pairs.map((devicePair) => `${devicePair.source}>${devicePair.target}`).join(',');
  const targetsKey = `${source}:${twoWay ? 'both' : 'one'}`;

  const deviceTranslation = useCallback(() => {
    device.current ??= loadDeviceTranslator().then(({ createDeviceTranslation, translatorApi }) => {
      const api = translatorApi();
      if (!api) throw new Error('The Translator API went away');
      return createDeviceTranslation(api);
    });
    return device.current;
  }, []);

  useEffect(() => {
    if (!deviceApi) return;
    let current = true;
    const api = (
      globalThis as { Translator?: { availability(options: object): Promise<DeviceAvailability> } }
    ).Translator;
    const ask = (devicePair: DevicePair): Promise<DeviceAvailability> =>
      devicePair.source === devicePair.target
        ? Promise.resolve('available')
        : (
            api?.availability({ sourceLanguage: devicePair.source, targetLanguage: devicePair.target }) ??
            Promise.resolve<DeviceAvailability>('unavailable')
          ).catch((): DeviceAvailability => 'unavailable');
    void Promise.all(pairs.map(ask)).then((states) => {
      if (current) setAvailability({ key: pairKey, states });
    });
    return () => {
      current = false;
    };
  }, [deviceApi, pairs, pairKey]);

  const states = availability?.key === pairKey ? availability.states : undefined;
  const pair = states ? availabilityOfPairs(states) : undefined;
  const decision = chooseTranslationEngine({ server, deviceApi, pair, preference });

  useEffect(() => {
    if (decision !== 'pair_unsupported' || deviceTargets?.key === targetsKey) return;
    let current = true;
    void deviceTranslation()
      .then((translation) => translation.targetsFor(source, languages, { bothWays: twoWay }))
      .catch(() => [])
      .then((targets) => {
        if (current) setDeviceTargets({ key: targetsKey, targets });
      });
    return () => {
      current = false;
    };
  }, [decision, source, twoWay, languages, targetsKey, deviceTargets?.key, deviceTranslation]);

  const prepare = useCallback(
    (chosen?: EnginePreference) => {
      const wanted = chooseTranslationEngine({ server, deviceApi, pair, preference: chosen ?? preference });
      if (wanted !== 'device' || downloading.current) return;
      const controller = new AbortController();
      downloading.current = controller;
      const fractions = pairs.map(() => 0);
      const report = () => {
        const progress = Math.round(
          (fractions.reduce((sum, value) => sum + value, 0) / fractions.length) * 100,
        );
        if (!controller.signal.aborted) setDownload({ state: 'downloading', progress });
      };
      // Installed packs create at once; only a real download shows the bar (a first progress event starts it).
      void deviceTranslation()
        .then((translation) =>
          Promise.all(
            pairs.map((devicePair, index) =>
              translation.prepare(
                devicePair,
                (fraction) => {
                  fractions[index] = fraction;
                  if (fraction < 1) report();
                },
                controller.signal,
              ),
            ),
          ),
        )
        .then(
          () => {
            if (!controller.signal.aborted) setDownload({ state: 'ready', progress: 100 });
          },
          () =>
            setDownload((now) => ({
              state: controller.signal.aborted ? 'cancelled' : 'failed',
              progress: now.progress,
            })),
        )
        .finally(() => {
          if (downloading.current === controller) downloading.current = null;
        });
    },
    [server, deviceApi, pair, preference, pairs, deviceTranslation],
  );

  const cancel = useCallback(() => {
    downloading.current?.abort();
    downloading.current = null;
  }, []);

  const setPreference = useCallback((next: EnginePreference) => {
    setStoredPreference(next);
    saveEnginePreference(next);
  }, []);

  // One function per engine and pair, not per render: speak-back takes a translation prepared on an eager end of
  // turn over only when the final's translator is the same function, else it translates again.
  // The pair's source for a phrase: two-way phrases into the traveller's language come from the other side.
  const deviceTranslate = useMemo<PhraseTranslator>(
    () => async (phrase, outputLanguage, signal, onChunk) => {
      const translation = await deviceTranslation();
      const from = twoWay && outputLanguage === source ? target : source;
      return translation.translate(phrase, { source: from, target: outputLanguage }, signal, onChunk);
    },
    [deviceTranslation, twoWay, source, target],
  );
  // The screen says when the pair does not work here and names those that do; each phrase is left untranslated.
  const translate: PhraseTranslator | undefined =
    decision === 'device' ? deviceTranslate : decision === 'pair_unsupported' ? leaveUntranslated : undefined;

  useEffect(
    () => () => {
      downloading.current?.abort();
      void device.current?.then((translation) => translation.dispose()).catch(() => undefined);
    },
    [],
  );

  return {
    decision,
    deviceApi,
    preference,
    setPreference,
    download,
    prepare,
    cancel,
    translate,
    deviceTargets:
      decision === 'pair_unsupported' && deviceTargets?.key === targetsKey
        ? deviceTargets.targets
        : undefined,
    unsupportedPair:
      decision === 'pair_unsupported' ? pairs[states?.indexOf('unavailable') ?? -1] : undefined,
  };
}
