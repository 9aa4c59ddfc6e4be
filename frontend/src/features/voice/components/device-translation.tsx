import { useTranslation } from 'react-i18next';
import { offersEngineChoice } from '../../../lib/translation-engine';
import { LanguagePackDownload } from '../../../lib/language-pack-download';
import { DevicePairNote } from '../../../lib/device-pair-note';
import type { TranslationEngineControls } from '../hooks/use-translation-engine';
import { EngineChoiceRow } from './engine-choice-row';
import './device-translation.css';

/*
 * docs/SPEC.md §2 "Translation engine": what the traveller sees of on-device translation. Fetched only in
 * a browser that has the Translator API, so `/` carries none of it elsewhere.
 */

/** The choice between the server's engine and this device's, offered when both could translate. */
function EngineChoice({ engine, disabled }: { engine: TranslationEngineControls; disabled: boolean }) {
  return (
    <EngineChoiceRow
      preference={engine.preference}
      disabled={disabled}
      onChoose={(preference) => {
        engine.setPreference(preference);
        // The choice is the gesture the browser asks for before it downloads a language pack.
        engine.prepare(preference);
      }}
    />
  );
}

/** The language pack's download: progress while it runs (with Cancel), a line when it was cancelled or failed. */
function Download({ engine }: { engine: TranslationEngineControls }) {
  const { t } = useTranslation();
  const { state, progress } = engine.download;
  if (state === 'downloading')
    return (
      <LanguagePackDownload
        progress={progress}
        onCancel={engine.cancel}
        className="device-download"
        testId="device-translation-download"
        progressTestId="device-translation-progress"
        cancelTestId="device-translation-cancel"
      />
    );
  if (state === 'cancelled' || state === 'failed')
    return (
      <p
        className="device-download-note"
        data-testid="device-translation-download"
        data-state={state}
        role="status"
      >
        {t(state === 'cancelled' ? 'voice_device_download_cancelled' : 'voice_device_download_failed')}
      </p>
    );
  return null;
}

/** The pair does not work on this device and no server engine can take it: which output languages do. */
function Unsupported({
  engine,
  source,
  target,
}: {
  engine: TranslationEngineControls;
  source: string;
  target: string;
}) {
  // Two-way: the direction that does not work may be the other person's, back into the traveller's language.
  const missing = engine.unsupportedPair ?? { source, target };
  return (
    <DevicePairNote
      source={missing.source}
      target={missing.target}
      targets={engine.deviceTargets}
      className="voice-unavailable"
      testId="device-translation-unsupported"
    />
  );
}

export function DeviceTranslation({
  engine,
  source,
  target,
  disabled,
}: {
  engine: TranslationEngineControls;
  source: string;
  target: string;
  disabled: boolean;
}) {
  return (
    <div className="device-translation">
      {offersEngineChoice(engine.decision, engine.preference) && (
        <EngineChoice engine={engine} disabled={disabled} />
      )}
      {engine.decision === 'pair_unsupported' && (
        <Unsupported engine={engine} source={source} target={target} />
      )}
      <Download engine={engine} />
    </div>
  );
}
