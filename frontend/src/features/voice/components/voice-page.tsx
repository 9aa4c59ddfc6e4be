import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage, LANGUAGE_CODES } from '@wayfarer/shared/domain/languages';
import { isSubscriber, useSession } from '../../../lib/session-context';
import { useOnline } from '../../../lib/use-online';
import { offersEngineChoice, type EnginePreference } from '../../../lib/translation-engine';
import {
  fullTranslation,
  translationPhrases,
  isAnalysisButtonShown,
  isActive,
  isBusy,
  isClearDisabled,
  isMainButtonDisabled,
  isMuteButtonShown,
  mainButtonAction,
  type ConversationState,
} from '../conversation';
import { loadSpeakBack, loadVoiceSession, useConversation } from '../hooks/use-conversation';
import { useCallerCountry, useVoiceCapabilities } from '../hooks/use-translation-support';
import { useStoppedSession, type StoppedSession } from '../hooks/use-stopped-session';
import { useTranslationEngine } from '../hooks/use-translation-engine';
import { useScreenKeptOn } from '../hooks/use-screen-kept-on';
import { useVoiceSettings } from '../hooks/use-voice-settings';
import { ConversationModeSwitch, ListeningModeSwitch } from './conversation-mode-switch';
import { EngineBadge } from './engine-badge';
import { EngineChoiceRow } from './engine-choice-row';
import { MuteButton } from './mute-button';
import { SpeechLag } from './speech-lag';
import { StatusBadge } from './status-badge';
import { TranscriptCard } from './transcript-card';
import { TranslationControls } from './translation-controls';
import { TranslationSwitch } from './translation-switch';
import { VoicePageFrame } from './voice-page-frame';
import './voice.css';

// Dialogs and overlays are fetched on first use: `/` is close to its 150 KB budget (docs/DESIGN.md §8).
const loadInitializingOverlay = () => import('./initializing-overlay');
const loadAnalysisPrompt = () => import('./analysis-prompt');
const InitializingOverlay = lazy(async () => ({
  default: (await loadInitializingOverlay()).InitializingOverlay,
}));
const AnalysisPrompt = lazy(async () => ({ default: (await loadAnalysisPrompt()).AnalysisPrompt }));
const ConversationSplit = lazy(async () => ({
  default: (await import('./conversation-split')).ConversationSplit,
}));
// On-device translation's choice, download and badge, only in a browser that has the Translator API.
const loadDeviceTranslation = () => import('./device-translation');
const DeviceTranslation = lazy(async () => ({ default: (await loadDeviceTranslation()).DeviceTranslation }));
/**
 * The engine choice's row, kept while its code loads: the row appeared ~100 ms after Translate was switched on and
 * pushed the language picker and Start down under a finger already on its way (a tap on the picker missed it).
 */
function EngineChoicePending({ shown, preference }: { shown: boolean; preference: EnginePreference }) {
  if (!shown) return null;
  return (
    <div
      className="device-translation device-engine-choice-pending"
      aria-hidden="true"
      data-testid="engine-choice-pending"
    >
      <EngineChoiceRow preference={preference} />
    </div>
  );
}
const LimitDialog = lazy(async () => ({ default: (await import('./limit-dialog')).LimitDialog }));
const MicDeniedDialog = lazy(async () => ({
  default: (await import('./mic-denied-dialog')).MicDeniedDialog,
}));

function mainButtonLabelKey(state: ConversationState) {
  const action = mainButtonAction(state);
  if (action !== 'stop') return `voice_main_${action}` as const;
  return state.translationEnabled ? 'voice_main_stop_translation' : 'voice_main_stop_transcription';
}

export interface VoicePageProps {
  /**
   * The AI travel assistant panel (docs/SPEC.md §2), given the transcript it analyses; shown while the panel is on. The
   * app fills this slot, so the voice feature never imports the analysis feature. It may suspend while it loads.
   */
  readonly analysisPanel?: (transcript: string) => ReactNode;
  /** Called once when a session with something said stops; the app keeps it in the on-device history. */
  readonly onSessionStopped?: (session: StoppedSession) => void;
  /**
   * Shown in place of the screen's controls, under its title and description, until GET /api/capabilities settles,
   * so the controls it decides do not move the page when it answers (docs/DESIGN.md §8); without it the screen
   * shows at once.
   */
  readonly pending?: ReactNode;
}

export function VoicePage({ analysisPanel, onSessionStopped, pending }: VoicePageProps) {
  const { t } = useTranslation();
  const session = useSession();
  const voice = useVoiceSettings();
  const pair = { traveller: voice.conversation.travellerLanguage, other: voice.settings.outputLanguage };
  const { settled: capabilitiesSettled, capabilities } = useVoiceCapabilities();
  const engine = useTranslationEngine({
    server: capabilities?.translate,
    source: pair.traveller,
    target: pair.other,
    twoWay: voice.conversation.twoWay,
    languages: LANGUAGE_CODES,
  });
  const { state, pressMain, dispatch, clipsPlayed, spokenLag } = useConversation({
    translationEnabled: voice.settings.enableTranslation,
    twoWay: voice.conversation.twoWay,
    speakBackSettings: () => ({
      outputLanguage: voice.settings.outputLanguage,
      voiceGender: voice.settings.voiceGender,
      speech: capabilities?.tts !== 'unavailable',
      translate: engine.translate,
    }),
    languagePair: () => pair,
  });
  const twoWay = state.mode === 'two_way';
  // Listening mode is one-way: it is the one-way screen laid out for a single speaker, on the same state machine.
  const listening = voice.conversation.listening && !twoWay;
  const screenCanStayOn = useScreenKeptOn(listening && (isActive(state) || state.status === 'finishing'));
  // No engine anywhere: neither the server nor this browser can translate (the browser's model counts).
  const translationUnavailable = engine.decision === 'unavailable';
  const translationOn = state.translationEnabled && !translationUnavailable;
  // The stored setting stays as the traveller left it (a server with an engine may serve the next visit), but
  // with no engine here no phrase is sent to be translated: the switch explains why instead.
  useEffect(() => {
    if (translationUnavailable && state.translationEnabled)
      dispatch({ type: 'translation_toggled', enabled: false });
  }, [translationUnavailable, state.translationEnabled, dispatch]);
  const callerCountry = useCallerCountry(translationOn);
  const outputLanguage = findLanguage(voice.settings.outputLanguage);
  useStoppedSession(state, voice.settings.outputLanguage, onSessionStopped);
  const busy = isBusy(state);
  const online = useOnline();
  // limit_reached is final for this visit (start is blocked), so a dismissal never needs undoing.
  const [limitDismissed, setLimitDismissed] = useState(false);
  const action = mainButtonAction(state);

  // What the first press needs is fetched as soon as the pointer or focus reaches the button.
  const prefetch = () => {
    void loadVoiceSession();
    void loadSpeakBack();
    void loadInitializingOverlay();
    void loadAnalysisPrompt();
  };

  const onMainPress = () => {
    prefetch();
    // The press is the gesture the browser asks for before it downloads a language pack.
    if (translationOn && mainButtonAction(state) === 'start') engine.prepare();
    pressMain();
  };

  const transcriptText = state.transcript;
  const toggleTranslation = (enabled: boolean) => {
    if (enabled) engine.prepare();
    voice.setEnableTranslation(enabled);
    dispatch({ type: 'translation_toggled', enabled });
  };
  const chooseTwoWay = (enabled: boolean) => {
    voice.setTwoWay(enabled);
    dispatch({ type: 'mode_changed', mode: enabled ? 'two_way' : 'one_way' });
  };
  const chooseListening = (enabled: boolean) => {
    voice.setListening(enabled);
    if (enabled && twoWay) dispatch({ type: 'mode_changed', mode: 'one_way' });
  };
  // docs/ENGINES.md: the embedded recogniser hears English only, so two-way mode says which side it can hear.
  const englishSide =
    pair.traveller === 'en'
      ? t('conversation_side_traveller')
      : pair.other === 'en'
        ? t('conversation_side_other')
        : undefined;
  const embeddedNotice =
    twoWay && capabilities?.stt === 'embedded'
      ? t('conversation_embedded_notice', { side: englishSide ?? t('conversation_embedded_neither') })
      : undefined;
  const showLimitDialog = state.status === 'limit_reached' && !isSubscriber(session) && !limitDismissed;

  if (pending !== undefined && !capabilitiesSettled) return <VoicePageFrame>{pending}</VoicePageFrame>;

  type CardVariant = 'standard' | 'listening' | 'secondary';
  const originalCard = (variant: CardVariant) => (
    <TranscriptCard
      testId="transcript-original"
      title={t('voice_original_title')}
      placeholder={t('voice_original_placeholder')}
      text={transcriptText}
      pending={state.interim.trim()}
      variant={variant}
    />
  );
  const translationCard = (variant: CardVariant) => (
    <TranscriptCard
      testId="transcript-translation"
      title={t('voice_translation_title')}
      placeholder={t('voice_translation_placeholder')}
      text={fullTranslation(state)}
      phrases={translationPhrases(state)}
      lang={outputLanguage?.value}
      dir={outputLanguage?.direction}
      variant={variant}
    />
  );

  return (
    <VoicePageFrame>
      {!online && (
        <p className="voice-offline-notice" data-testid="voice-offline-notice" role="status">
          {t('voice_offline_notice')}
        </p>
      )}
      {state.reconnecting && (
        <p className="voice-offline-notice" data-testid="voice-reconnecting-notice" role="status">
          {t('voice_reconnecting')}
        </p>
      )}

      <div className="voice-card voice-conversation" data-listening={listening}>
        <div className="voice-controls">
          <div className="voice-switches">
            <TranslationSwitch
              checked={state.translationEnabled}
              disabled={busy}
              unavailable={translationUnavailable}
              onChange={toggleTranslation}
            />
            <ConversationModeSwitch
              checked={twoWay}
              disabled={isActive(state) || busy}
              onChange={chooseTwoWay}
            />
            <ListeningModeSwitch
              checked={listening}
              disabled={isActive(state) || busy}
              onChange={chooseListening}
            />
          </div>
          <div className="voice-badges">
            {state.generatingAudio && (
              <span className="voice-badge" data-testid="generating-audio-badge" role="status">
                {t('voice_generating_audio')}
              </span>
            )}
            {engine.deviceApi && translationOn && <EngineBadge decision={engine.decision} />}
            <StatusBadge status={state.status} />
            {translationOn && !twoWay && <SpeechLag report={spokenLag} />}
            <span data-testid="audio-playback" data-played={clipsPlayed} hidden />
          </div>
        </div>
        {engine.deviceApi && translationOn && (
          <Suspense
            fallback={
              <EngineChoicePending
                shown={offersEngineChoice(engine.decision, engine.preference)}
                preference={engine.preference}
              />
            }
          >
            <DeviceTranslation engine={engine} source={pair.traveller} target={pair.other} disabled={busy} />
          </Suspense>
        )}
        {translationOn && (
          <TranslationControls voice={voice} callerCountry={callerCountry} disabled={busy} twoWay={twoWay} />
        )}
        {embeddedNotice && (
          <p className="conversation-notice" data-testid="conversation-engine-notice" role="note">
            {embeddedNotice}
          </p>
        )}

        <div className="voice-actions">
          <button
            type="button"
            className="button button-soft button-primary voice-main-button"
            data-testid="main-button"
            data-action={action}
            disabled={isMainButtonDisabled(state)}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onClick={onMainPress}
          >
            {t(mainButtonLabelKey(state))}
          </button>
          {isAnalysisButtonShown(state) && (
            <button
              type="button"
              className="button button-soft"
              data-testid="analysis-button"
              onClick={() => dispatch({ type: 'analysis_opened' })}
            >
              {t('voice_analysis_button')}
            </button>
          )}
          <button
            type="button"
            className="button button-soft"
            data-testid="clear-button"
            disabled={isClearDisabled(state)}
            onClick={() => dispatch({ type: 'clear' })}
          >
            {t('voice_clear')}
          </button>
        </div>

        {state.status === 'initializing' && (
          <Suspense fallback={null}>
            <InitializingOverlay />
          </Suspense>
        )}

        {listening && !screenCanStayOn && (
          <p className="voice-listening-hint" data-testid="listening-wake-lock-hint" role="note">
            {t('voice_listening_no_wake_lock')}
          </p>
        )}

        {twoWay ? (
          <Suspense fallback={null}>
            <ConversationSplit state={state} pair={pair} />
          </Suspense>
        ) : listening ? (
          <div className="voice-listening" data-testid="listening-view">
            {translationOn && translationCard('listening')}
            {originalCard(translationOn ? 'secondary' : 'listening')}
          </div>
        ) : (
          <div className="voice-columns" data-columns={translationOn ? 2 : 1}>
            {originalCard('standard')}
            {translationOn && translationCard('standard')}
          </div>
        )}
      </div>

      <Suspense fallback={null}>
        {state.analysisPanelVisible && analysisPanel?.(transcriptText)}
        {showLimitDialog && <LimitDialog onClose={() => setLimitDismissed(true)} />}
        {state.micHelpOpen && <MicDeniedDialog onClose={() => dispatch({ type: 'mic_help_closed' })} />}
        {state.analysisPromptOpen && !showLimitDialog && (
          <AnalysisPrompt
            onAnalyze={() => dispatch({ type: 'analysis_opened' })}
            onCancel={() => dispatch({ type: 'analysis_prompt_closed' })}
          />
        )}
      </Suspense>

      {isMuteButtonShown(state) && (
        <MuteButton muted={state.muted} onToggle={() => dispatch({ type: 'mute_toggled' })} />
      )}
    </VoicePageFrame>
  );
}
