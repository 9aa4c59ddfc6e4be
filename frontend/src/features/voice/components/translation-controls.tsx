import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_PICKER_BREAKPOINT_PX, VOICE_GENDERS, type VoiceGender } from '@wayfarer/shared/constants';
import { findLanguage } from '@wayfarer/shared/domain/languages';
import { useMediaQuery } from '../../../app/use-media-query';
import type { VoiceSettingsControls } from '../hooks/use-voice-settings';
import { flagEmoji, languageName } from '../../../lib/language-labels';
import { RecentLanguageChips } from './recent-language-chips';

// Radix's popover and vaul's drawer are fetched when the picker first opens: `/` has no room for them
// (docs/DESIGN.md §8), and each viewport needs only one.
const loadPopover = () => import('./language-popover');
const loadDrawer = () => import('./language-drawer');
const LanguagePopover = lazy(async () => ({ default: (await loadPopover()).LanguagePopover }));
const LanguageDrawer = lazy(async () => ({ default: (await loadDrawer()).LanguageDrawer }));

/** docs/SPEC.md §2 with translation on: recent-language chips, the target-language picker and the voice select. */
export function TranslationControls({
  voice,
  callerCountry,
  disabled,
}: {
  voice: VoiceSettingsControls;
  callerCountry: string | null | undefined;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wide = useMediaQuery(`(min-width: ${LANGUAGE_PICKER_BREAKPOINT_PX}px)`);
  const variant = wide ? 'popover' : 'drawer';
  const { outputLanguage, voiceGender } = voice.settings;
  const prefetch = () => void (wide ? loadPopover() : loadDrawer());

  const choose = (code: string) => {
    setPickerOpen(false);
    voice.chooseLanguage(code);
  };
  const list = {
    selected: outputLanguage,
    callerCountry,
    onSelect: choose,
    onClose: () => setPickerOpen(false),
  };

  return (
    <div className="voice-translation-controls">
      <div className="voice-translation-row">
        <button
          ref={trigger}
          type="button"
          className="voice-button voice-picker-trigger"
          data-testid="language-picker-trigger"
          data-variant={variant}
          data-lang={outputLanguage}
          aria-haspopup="dialog"
          aria-expanded={pickerOpen}
          aria-label={`${t('voice_output_language')}: ${languageName(outputLanguage, i18n.language)}`}
          disabled={disabled}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => setPickerOpen(true)}
        >
          <span aria-hidden="true">{flagEmoji(findLanguage(outputLanguage)?.countryCode ?? '')}</span>
          <span>{languageName(outputLanguage, i18n.language)}</span>
          <span className="voice-picker-caret" aria-hidden="true">
            ▾
          </span>
        </button>
        <label className="voice-select-label">
          <span>{t('voice_gender_label')}</span>
          <select
            className="voice-select"
            data-testid="voice-select"
            value={voiceGender}
            disabled={disabled}
            onChange={(event) => voice.setVoiceGender(event.target.value as VoiceGender)}
          >
            {VOICE_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`voice_gender_${gender}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RecentLanguageChips
        recent={voice.recentLanguages}
        selected={outputLanguage}
        disabled={disabled}
        onSelect={voice.chooseLanguage}
        onRemove={voice.removeRecent}
      />
      {pickerOpen && !disabled && (
        <Suspense fallback={null}>
          {wide ? <LanguagePopover anchor={trigger} {...list} /> : <LanguageDrawer {...list} />}
        </Suspense>
      )}
    </div>
  );
}
