import { useCallback, useState } from 'react';
import type { VoiceGender } from '@wayfarer/shared/constants';
import { addRecentLanguage, removeRecentLanguage } from '@wayfarer/shared/domain/languages';
import {
  loadConversationSettings,
  loadRecentLanguages,
  saveConversationSettings,
  loadVoiceSettings,
  saveRecentLanguages,
  saveVoiceSettings,
  type ConversationSettings,
  type VoiceSettings,
} from '../voice-settings';

export interface VoiceSettingsControls {
  readonly settings: VoiceSettings;
  readonly recentLanguages: readonly string[];
  /** Picks the output language and puts it first among the recent ones (docs/SPEC.md §5). */
  readonly chooseLanguage: (code: string) => void;
  readonly removeRecent: (code: string) => void;
  readonly setVoiceGender: (gender: VoiceGender) => void;
  readonly setEnableTranslation: (enabled: boolean) => void;
  /** Two-way mode, listening mode and the traveller's own language. */
  readonly conversation: ConversationSettings;
  /** Two-way mode on turns listening mode off (listening is one-way), and the other way round. */
  readonly setTwoWay: (twoWay: boolean) => void;
  readonly setListening: (listening: boolean) => void;
  readonly setTravellerLanguage: (code: string) => void;
}

/** docs/SPEC.md §3 Settings, read once from local storage and written back on every change. */
export function useVoiceSettings(): VoiceSettingsControls {
  const [settings, setSettings] = useState(loadVoiceSettings);
  const [recentLanguages, setRecentLanguages] = useState(loadRecentLanguages);
  const [conversation, setConversation] = useState(loadConversationSettings);

  const updateConversation = useCallback((change: Partial<ConversationSettings>) => {
    setConversation((previous) => {
      const next = { ...previous, ...change };
      saveConversationSettings(next);
      return next;
    });
  }, []);

  const update = useCallback((change: Partial<VoiceSettings>) => {
    setSettings((previous) => {
      const next = { ...previous, ...change };
      saveVoiceSettings(next);
      return next;
    });
  }, []);

  const updateRecent = useCallback((change: (recent: readonly string[]) => string[]) => {
    setRecentLanguages((previous) => {
      const next = change(previous);
      saveRecentLanguages(next);
      return next;
    });
  }, []);

  return {
    settings,
    recentLanguages,
    chooseLanguage: useCallback(
      (code: string) => {
        update({ outputLanguage: code });
        updateRecent((recent) => addRecentLanguage(recent, code));
      },
      [update, updateRecent],
    ),
    removeRecent: useCallback(
      (code: string) => updateRecent((recent) => removeRecentLanguage(recent, code)),
      [updateRecent],
    ),
    setVoiceGender: useCallback((voiceGender: VoiceGender) => update({ voiceGender }), [update]),
    setEnableTranslation: useCallback(
      (enableTranslation: boolean) => update({ enableTranslation }),
      [update],
    ),
    conversation,
    setTwoWay: useCallback(
      (twoWay: boolean) => updateConversation(twoWay ? { twoWay, listening: false } : { twoWay }),
      [updateConversation],
    ),
    setListening: useCallback(
      (listening: boolean) => updateConversation(listening ? { listening, twoWay: false } : { listening }),
      [updateConversation],
    ),
    setTravellerLanguage: useCallback(
      (travellerLanguage: string) => updateConversation({ travellerLanguage }),
      [updateConversation],
    ),
  };
}
