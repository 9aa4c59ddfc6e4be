import { useTranslation } from 'react-i18next';
import { findLanguage } from '@wayfarer/shared/domain/languages';
import { phrasesFor, type ConversationState, type Side } from '../conversation';
import type { LanguagePair } from '../conversation-sides';
import { languageName } from '../../../lib/language-labels';
import { TranscriptCard } from './transcript-card';

/** Whose turn the half's reader is in: wait while a translation is made and played, else speak. */
function turnOf(state: ConversationState): 'idle' | 'speak' | 'wait' {
  if (state.status === 'idle' || state.status === 'stopped' || state.status === 'limit_reached')
    return 'idle';
  return state.status === 'speaking' || state.status === 'translating' || state.generatingAudio
    ? 'wait'
    : 'speak';
}

function SideCard({ state, side, pair }: { state: ConversationState; side: Side; pair: LanguagePair }) {
  const { t, i18n } = useTranslation();
  const { own, translated } = phrasesFor(state, side);
  const ownLanguage = findLanguage(pair[side]);
  const turn = turnOf(state);
  const label = `${t(`conversation_side_${side}`)} (${languageName(pair[side], i18n.language)})`;
  return (
    <section
      className="conversation-side"
      data-testid="conversation-side"
      data-side={side}
      data-active={state.activeSide === side}
      aria-label={label}
    >
      <h2 className="voice-card-title">{label}</h2>
      <p className="conversation-turn" data-testid="conversation-turn" data-state={turn}>
        {t(`conversation_turn_${turn}`)}
      </p>
      <TranscriptCard
        testId={`conversation-${side}-own`}
        title={t('conversation_own_words')}
        placeholder={t('conversation_own_placeholder')}
        text={own}
        pending={state.activeSide === side || state.activeSide === null ? state.interim.trim() : ''}
        lang={ownLanguage?.value}
        dir={ownLanguage?.direction}
      />
      <TranscriptCard
        testId={`conversation-${side}-translated`}
        title={t('conversation_their_words')}
        placeholder={t('conversation_their_placeholder')}
        text={translated}
        lang={ownLanguage?.value}
        dir={ownLanguage?.direction}
      />
    </section>
  );
}

/**
 * The two-way face-to-face view: on a phone the other person's half sits upside down at the top, facing them
 * across the table; on a wide screen the halves stand side by side. Each half shows its reader their own words
 * and the translation of the other side's, in their own language.
 */
export function ConversationSplit({ state, pair }: { state: ConversationState; pair: LanguagePair }) {
  const { t } = useTranslation();
  const active = state.activeSide ?? 'none';
  return (
    <div className="conversation-split" data-testid="conversation-split">
      <SideCard state={state} side="other" pair={pair} />
      <p
        className="conversation-active"
        data-testid="conversation-active-side"
        data-side={active}
        role="status"
      >
        {t(`conversation_active_${active}`)}
      </p>
      <SideCard state={state} side="traveller" pair={pair} />
    </div>
  );
}
