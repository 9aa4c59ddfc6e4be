import { lazy, Suspense, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { VOICE_GENDERS, type VoiceGender } from '@wayfarer/shared/constants';
import { LANGUAGE_PICKER_BREAKPOINT_PX } from '../../../lib/ui-constants';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { VoiceSettingsControls } from '../hooks/use-voice-settings';
import { languageName } from '../../../lib/language-labels';
import { RecentLanguageChips } from './recent-language-chips';

// Radix's popover and vaul's drawer are fetched when the picker first opens: `/` has no room for them
// (docs/DESIGN.md §8), and each viewport needs only one.
const loadPopover = () => import('./language-popover');
const loadDrawer = () => import('./language-drawer');
const LanguagePopover = lazy(async () => ({ default: (await loadPopover()).LanguagePopover }));
const LanguageDrawer = lazy(async () => ({ default: (await loadDrawer()).LanguageDrawer }));

/** A button that opens the language picker, showing the language it chooses with its flag. */
function PickerTrigger({
  ref,
  testId,
  variant,
  code,
  label,
  caret,
  expanded,
  disabled,
  onPrefetch,
  onOpen,
}: {
  ref: RefObject<HTMLButtonElement | null>;
  testId: string;
  variant?: string;
  code: string;
  label: string;
  caret: string;
  expanded: boolean;
  disabled: boolean;
  onPrefetch: () => void;
  onOpen: () => void;
}) {
  const { i18n } = useTranslation();
  const name = languageName(code, i18n.language);
  return (
    <button
      ref={ref}
      type="button"
      className="button button-soft voice-picker-trigger"
      data-testid={testId}
      data-variant={variant}
      data-lang={code}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-label={`${label}: ${name}`}
      disabled={disabled}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      onClick={onOpen}
    >
      <span>{name}</span>
      <span className="voice-picker-caret" aria-hidden="true">
        {caret}
      </span>
    </button>
  );
}

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
  /** The same picker also chooses the traveller's own language. */
  twoWay?: boolean;
}) {
  const { t } = useTranslation();
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
          <PickerTrigger
            ref={travellerTrigger}
            testId="traveller-language-trigger"
            code={travellerLanguage}
            label={t('voice_traveller_language')}
            caret="⇄"
            expanded={picking === 'traveller'}
            disabled={disabled}
            onPrefetch={prefetch}
            onOpen={() => setPicking('traveller')}
          />
        )}
        <PickerTrigger
          ref={trigger}
          testId="language-picker-trigger"
          variant={variant}
          code={outputLanguage}
          label={t(twoWay ? 'voice_other_language' : 'voice_output_language')}
          caret="▾"
          expanded={picking === 'output'}
          disabled={disabled}
          onPrefetch={prefetch}
          onOpen={() => setPickerOpen(true)}
        />
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
