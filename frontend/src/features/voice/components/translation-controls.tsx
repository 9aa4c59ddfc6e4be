import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_PICKER_BREAKPOINT_PX, VOICE_GENDERS, type VoiceGender } from '@wayfarer/shared/constants';
import { findLanguage } from '@wayfarer/shared/domain/languages';
import { useMediaQuery } from '../../../app/use-media-query';
import type { VoiceSettingsControls } from '../hooks/use-voice-settings';
import { flagEmoji, languageName } from '../language-labels';
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
  twoWay = false,
}: {
  voice: VoiceSettingsControls;
  callerCountry: string | null | undefined;
  disabled: boolean;
  /** Issue 18: the same picker also chooses the traveller's own language. */
  twoWay?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Which language the open picker chooses: the output (the other person's) or, in two-way mode, the traveller's.
  const [picking, setPicking] = useState<'output' | 'traveller' | null>(null);
  const pickerOpen = picking !== null;
  const setPickerOpen = (open: boolean) => setPicking(open ? 'output' : null);
  const trigger = useRef<HTMLButtonElement>(null);
  const travellerTrigger = useRef<HTMLButtonElement>(null);
  const { travellerLanguage } = voice.conversation;
  const wide = useMediaQuery(`(min-width: ${LANGUAGE_PICKER_BREAKPOINT_PX}px)`);
  const variant = wide ? 'popover' : 'drawer';
  const { outputLanguage, voiceGender } = voice.settings;
  const prefetch = () => void (wide ? loadPopover() : loadDrawer());

  const choose = (code: string) => {
    setPicking(null);
    if (picking === 'traveller') voice.setTravellerLanguage(code);
    else voice.chooseLanguage(code);
  };
  const list = {
    selected: picking === 'traveller' ? travellerLanguage : outputLanguage,
    callerCountry,
    onSelect: choose,
    onClose: () => setPickerOpen(false),
  };

  return (
    <div className="voice-translation-controls">
      <div className="voice-translation-row">
        {twoWay && (
          <button
            ref={travellerTrigger}
            type="button"
            className="voice-button voice-picker-trigger"
            data-testid="traveller-language-trigger"
            data-lang={travellerLanguage}
            aria-haspopup="dialog"
            aria-expanded={picking === 'traveller'}
            aria-label={`${t('voice_traveller_language')}: ${languageName(travellerLanguage, i18n.language)}`}
            disabled={disabled}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onClick={() => setPicking('traveller')}
          >
            <span aria-hidden="true">{flagEmoji(findLanguage(travellerLanguage)?.countryCode ?? '')}</span>
            <span>{languageName(travellerLanguage, i18n.language)}</span>
            <span className="voice-picker-caret" aria-hidden="true">
              ⇄
            </span>
          </button>
        )}
        <button
          ref={trigger}
          type="button"
          className="voice-button voice-picker-trigger"
          data-testid="language-picker-trigger"
          data-variant={variant}
          data-lang={outputLanguage}
          aria-haspopup="dialog"
          aria-expanded={pickerOpen}
          aria-label={`${t(twoWay ? 'voice_other_language' : 'voice_output_language')}: ${languageName(outputLanguage, i18n.language)}`}
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
          {wide ? (
            <LanguagePopover anchor={picking === 'traveller' ? travellerTrigger : trigger} {...list} />
          ) : (
            <LanguageDrawer {...list} />
          )}
        </Suspense>
      )}
    </div>
  );
}
